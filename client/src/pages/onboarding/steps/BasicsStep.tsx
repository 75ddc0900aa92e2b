import { useId } from 'react'
import { Controller } from 'react-hook-form'
import { ageOptions, ageOptionValue } from '../../../../../shared/rules/age.ts'
import { MAX_NAME_LENGTH, wizardStepSchemas } from '../../../../../shared/schemas/cat.ts'
import { ChoiceCards } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { SelectField } from '../../../components/SelectField.tsx'
import { TextField } from '../../../components/TextField.tsx'
import { readText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'
import { useStoredStepForm } from './stored-step-form.ts'

const GENDER_OPTIONS = [
  { value: 'Female', title: 'Female', icon: 'female' as const },
  { value: 'Male', title: 'Male', icon: 'male' as const },
]

interface Basics {
  name: string
  gender: string
  age: string
}

/**
 * Step 2: name, gender and age, each required with its docs/product.md §5 message: a react-hook-form over the
 * shared schema (zodResolver). Every answer is stored as it is given (docs/product.md §3 keys), so nothing is
 * lost on a reload or a sign-in; the messages appear for every missing field once the owner has started.
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
      // The short quiz's Kitten ('0') stays a kitten; a stored age no option names is offered as it is.
      age: ageOptionValue(storedAge),
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
      <TextField
        id={nameId}
        label="Cat's name"
        maxLength={MAX_NAME_LENGTH}
        autoComplete="off"
        error={error('name')}
        errorAlert={false}
        {...form.register('name', {
          onChange: (e: { target: { value: string } }) => keep('name', e.target.value),
          onBlur: () => void form.trigger(),
        })}
      />
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
        options={ageOptions(storedAge)}
        error={error('age')}
        {...form.register('age', {
          onChange: (e: { target: { value: string } }) => keep('age', e.target.value),
          onBlur: () => void form.trigger(),
        })}
      />
    </QuizStep>
  )
}
