import { useId, useState } from 'react'
import { CAT_MIN_AGE, MAX_CAT_AGE } from '../../../../../shared/constants.ts'
import { fieldErrors, MAX_NAME_LENGTH, wizardStepSchemas } from '../../../../../shared/schemas/cat.ts'
import { ChoiceCards } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

const GENDER_OPTIONS = [
  { value: 'Female', title: 'Female', icon: 'female' as const },
  { value: 'Male', title: 'Male', icon: 'male' as const },
]
const AGES = Array.from({ length: MAX_CAT_AGE - CAT_MIN_AGE + 1 }, (_, i) => i + CAT_MIN_AGE)

/** Step 2: name, gender and age, each required with its SPEC §5 message. */
export function BasicsStep() {
  const [name, setName] = useAnswer('cat_name')
  const [gender, setGender] = useAnswer('gender')
  const [age, setAge] = useAnswer('age')
  const [touched, setTouched] = useState(false)
  const nameId = useId()
  const ageId = useId()
  const result = wizardStepSchemas.basics.safeParse({ name, gender, age: age || null })
  // Messages appear once the owner has started on the step, for every field still missing.
  const errors = touched ? fieldErrors(result.error) : {}
  const ageOption = AGES.some((a) => String(a) === age) ? age : ''

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(2)}
      title="Tell Us About Your Cat"
      actions={<WizardActions nextDisabled={!result.success} />}
    >
      <div className="field">
        <label htmlFor={nameId}>Cat's name</label>
        <input
          id={nameId}
          className="input"
          value={name}
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value)
            setTouched(true)
          }}
          onBlur={() => setTouched(true)}
        />
        {errors.name && (
          <p id={`${nameId}-error`} className="field-error">
            {errors.name}
          </p>
        )}
      </div>
      <ChoiceCards
        label="Gender"
        showLabel
        options={GENDER_OPTIONS}
        value={gender}
        onChange={(value) => {
          setGender(value)
          setTouched(true)
        }}
        onBlur={() => setTouched(true)}
        error={errors.gender}
      />
      <div className="field">
        <label htmlFor={ageId}>Age</label>
        <select
          id={ageId}
          className="select"
          value={ageOption}
          aria-invalid={errors.age ? true : undefined}
          aria-describedby={errors.age ? `${ageId}-error` : undefined}
          onChange={(e) => {
            setAge(e.target.value)
            setTouched(true)
          }}
          onBlur={() => setTouched(true)}
        >
          <option value="">Select age</option>
          {AGES.map((a) => (
            <option key={a} value={String(a)}>
              {a === 1 ? '1 year' : `${a} years`}
            </option>
          ))}
        </select>
        {errors.age && (
          <p id={`${ageId}-error`} className="field-error">
            {errors.age}
          </p>
        )}
      </div>
    </QuizStep>
  )
}
