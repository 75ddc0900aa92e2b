import { useId, useState } from 'react'
import { CAT_BREEDS } from '../../../../../shared/options.ts'
import {
  DEFAULT_WEIGHT_UNIT,
  isValidWeightText,
  otherUnitLabel,
  parseWeightText,
  WEIGHT_UNITS,
  weightFromBand,
} from '../../../../../shared/rules/weight.ts'
import { wizardStepSchemas } from '../../../../../shared/schemas/cat.ts'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { SelectField } from '../../../components/SelectField.tsx'
import { readText, writeText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'
import { useStoredStepForm } from './stored-step-form.ts'

const ABSENT = '\u0000absent'

interface BreedWeight {
  breed: string
  weight: string
  unit: string
}
type StorageKeyOf = 'breed' | 'weight' | 'unit'

/** The listed option `value` stands for (letter case aside), or `value` itself when none does. */
function option(options: readonly string[], value: string): string {
  return options.find((o) => o.toLowerCase() === value.toLowerCase()) ?? value
}

/**
 * The answers the step starts from. The unit defaults to Lbs (docs/product.md §3) until the owner chooses; a
 * short-quiz weight band becomes its weight. Both are stored at once, so the local-storage keys say the same.
 */
function startingAnswers(): BreedWeight {
  if (readText('unit', ABSENT) === ABSENT) writeText('unit', DEFAULT_WEIGHT_UNIT)
  const band = weightFromBand(readText('weight'))
  if (band !== null) writeText('weight', String(band))
  return {
    breed: option(CAT_BREEDS, readText('breed')),
    weight: readText('weight'),
    unit: option(WEIGHT_UNITS, readText('unit')),
  }
}

/**
 * Step 3: breed, weight (digits, up to 2 decimals, a decimal comma too, within the weight log's range
 * for the unit) and unit, with the other unit shown beside
 * it: a react-hook-form over the shared step schema (zodResolver), each answer stored as it is given
 * (docs/product.md §3 keys); the docs/product.md §5 messages appear for every field
 * once the owner has started.
 */
export function BreedWeightStep() {
  const breedId = useId()
  const weightId = useId()
  const unitId = useId()
  const [defaultValues] = useState(startingAnswers)
  const { form, keep, error } = useStoredStepForm<BreedWeight>(wizardStepSchemas.breedWeight, defaultValues, {
    breed: 'breed',
    weight: 'weight',
    unit: 'unit',
  })
  const { isValid } = form.formState
  const [weight, unit] = form.watch(['weight', 'unit'])
  const field = (name: StorageKeyOf) =>
    form.register(name, {
      onChange: (e: { target: { value: string } }) => keep(name, e.target.value.trim()),
      onBlur: () => void form.trigger(),
    })

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(3)}
      title="Breed and Weight"
      actions={<WizardActions nextDisabled={!isValid} />}
    >
      <SelectField
        id={breedId}
        label="Breed"
        placeholder="Select breed"
        options={CAT_BREEDS}
        error={error('breed')}
        {...field('breed')}
      />
      <div className="wizard__weight">
        <div className="field">
          <label htmlFor={weightId}>Weight</label>
          <input
            id={weightId}
            className="input"
            inputMode="decimal"
            placeholder="e.g., 8.5"
            maxLength={6}
            aria-invalid={error('weight') ? true : undefined}
            aria-describedby={`${weightId}-hint${error('weight') ? ` ${weightId}-error` : ''}`}
            {...field('weight')}
          />
        </div>
        {/* The unit's error shows under the weight row (below), so this select only points at it. */}
        <SelectField
          id={unitId}
          label="Unit"
          placeholder="Select unit"
          options={WEIGHT_UNITS}
          aria-invalid={error('unit') ? true : undefined}
          aria-describedby={error('unit') ? `${unitId}-error` : undefined}
          {...field('unit')}
        />
      </div>
      <p id={`${weightId}-hint`} className="muted" aria-live="polite">
        {isValidWeightText(weight, unit) && unit
          ? `That is about ${otherUnitLabel(parseWeightText(weight), unit)}.`
          : '\u00a0'}
      </p>
      {error('weight') && (
        <p id={`${weightId}-error`} className="field-error">
          {error('weight')}
        </p>
      )}
      {error('unit') && (
        <p id={`${unitId}-error`} className="field-error">
          {error('unit')}
        </p>
      )}
    </QuizStep>
  )
}
