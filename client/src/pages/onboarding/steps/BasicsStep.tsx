import { useId } from 'react'
import { Controller } from 'react-hook-form'
import { CAT_MIN_AGE, MAX_CAT_AGE } from '../../../../../shared/constants.ts'
import { MAX_NAME_LENGTH, wizardStepSchemas } from '../../../../../shared/schemas/cat.ts'
import { ChoiceCards } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { SelectField } from '../../../components/SelectField.tsx'
import { readText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'
import { useStoredStepForm } from './stored-step-form.ts'

const GENDER_OPTIONS = [
  { value: 'Female', title: 'Female', icon: 'female' as const },
  { value: 'Male', title: 'Male', icon: 'male' as const },
]
const AGES = Array.from({ length: MAX_CAT_AGE - CAT_MIN_AGE + 1 }, (_, i) => i + CAT_MIN_AGE)

interface Basics {
  name: string
  gender: string
  age: string
}

/**
 * Step 2: name, gender and age, each required with its SPEC §5 message: a react-hook-form over the
 * shared schema (zodResolver). Every answer is stored as it is given (SPEC §3 keys), so nothing is lost
 * on a reload or a sign-in; the messages appear for every missing field once the owner has started.
 */
export function BasicsStep() {
  const nameId = useId()
  const ageId = useId()
  const storedAge = readText('age')
  const { form, keep, error } = useStoredStepForm<Basics>(
    wizardStepSchemas.basics,
    {
      name: readText('cat_name'),
      // The short quiz stores 'female'/'male'; the cards compare without letter case.
      gender: readText('gender'),
      age: AGES.some((a) => String(a) === storedAge) ? storedAge : '',
    },
    { name: 'cat_name', gender: 'gender', age: 'age' },
  )
  const { isValid } = form.formState

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(2)}
      title="Tell Us About Your Cat"
      actions={<WizardActions nextDisabled={!isValid} />}
    >
      <div className="field">
        <label htmlFor={nameId}>Cat's name</label>
        <input
          id={nameId}
          className="input"
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          aria-invalid={error('name') ? true : undefined}
          aria-describedby={error('name') ? `${nameId}-error` : undefined}
          {...form.register('name', {
            onChange: (e: { target: { value: string } }) => keep('name', e.target.value),
            onBlur: () => void form.trigger(),
          })}
        />
        {error('name') && (
          <p id={`${nameId}-error`} className="field-error">
            {error('name')}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="gender"
        render={({ field }) => (
          <ChoiceCards
            label="Gender"
            showLabel
            options={GENDER_OPTIONS}
            value={field.value}
            onChange={(value) => keep('gender', value)}
            onBlur={() => {
              field.onBlur()
              void form.trigger()
            }}
            error={error('gender')}
          />
        )}
      />
      <SelectField
        id={ageId}
        label="Age"
        placeholder="Select age"
        options={AGES.map((a) => ({ value: String(a), label: a === 1 ? '1 year' : `${a} years` }))}
        error={error('age')}
        {...form.register('age', {
          onChange: (e: { target: { value: string } }) => keep('age', e.target.value),
          onBlur: () => void form.trigger(),
        })}
      />
    </QuizStep>
  )
}
