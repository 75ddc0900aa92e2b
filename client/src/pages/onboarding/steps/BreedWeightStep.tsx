import { useEffect, useId, useState } from 'react'
import { QUIZ_BREEDS } from '../../../../../shared/options.ts'
import {
  DEFAULT_WEIGHT_UNIT,
  isValidWeightText,
  otherUnitLabel,
  WEIGHT_UNITS,
  weightFromBand,
} from '../../../../../shared/rules/weight.ts'
import { fieldErrors, wizardStepSchemas } from '../../../../../shared/schemas/cat.ts'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import { readText, writeText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

const ABSENT = '\u0000absent'

/** Step 3: breed, weight (digits, up to 2 decimals, above 0) and unit, with the other unit shown beside it. */
export function BreedWeightStep() {
  const [breed, setBreed] = useAnswer('breed')
  const [weight, setWeight] = useAnswer('weight')
  const [unit, setUnit] = useAnswer('unit')
  const [touched, setTouched] = useState(false)
  const breedId = useId()
  const weightId = useId()
  const unitId = useId()

  useEffect(() => {
    // The unit defaults to Lbs (SPEC §3) until the owner chooses; a short-quiz band becomes its weight.
    if (readText('unit', ABSENT) === ABSENT) writeText('unit', DEFAULT_WEIGHT_UNIT)
    const band = weightFromBand(readText('weight'))
    if (band !== null) writeText('weight', String(band))
  }, [])

  const result = wizardStepSchemas.breedWeight.safeParse({ breed, weight, unit })
  const errors = touched ? fieldErrors(result.error) : {}
  const breedOption = QUIZ_BREEDS.find((b) => b.toLowerCase() === breed.toLowerCase()) ?? ''
  const touch = () => setTouched(true)

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(3)}
      title="Breed and Weight"
      actions={<WizardActions nextDisabled={!result.success} />}
    >
      <div className="field">
        <label htmlFor={breedId}>Breed</label>
        <select
          id={breedId}
          className="select"
          value={breedOption}
          aria-invalid={errors.breed ? true : undefined}
          aria-describedby={errors.breed ? `${breedId}-error` : undefined}
          onChange={(e) => {
            setBreed(e.target.value)
            touch()
          }}
          onBlur={touch}
        >
          <option value="">Select breed</option>
          {QUIZ_BREEDS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {errors.breed && (
          <p id={`${breedId}-error`} className="field-error">
            {errors.breed}
          </p>
        )}
      </div>
      <div className="wizard__weight">
        <div className="field">
          <label htmlFor={weightId}>Weight</label>
          <input
            id={weightId}
            className="input"
            inputMode="decimal"
            placeholder="e.g., 8.5"
            value={weight}
            maxLength={6}
            aria-invalid={errors.weight ? true : undefined}
            aria-describedby={`${weightId}-hint${errors.weight ? ` ${weightId}-error` : ''}`}
            onChange={(e) => {
              setWeight(e.target.value.trim())
              touch()
            }}
            onBlur={touch}
          />
        </div>
        <div className="field">
          <label htmlFor={unitId}>Unit</label>
          <select
            id={unitId}
            className="select"
            value={WEIGHT_UNITS.find((u) => u.toLowerCase() === unit.toLowerCase()) ?? ''}
            aria-invalid={errors.unit ? true : undefined}
            aria-describedby={errors.unit ? `${unitId}-error` : undefined}
            onChange={(e) => {
              setUnit(e.target.value)
              touch()
            }}
            onBlur={touch}
          >
            <option value="">Select unit</option>
            {WEIGHT_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${weightId}-hint`} className="muted" aria-live="polite">
        {isValidWeightText(weight) && unit
          ? `That is about ${otherUnitLabel(Number(weight), unit)}.`
          : '\u00a0'}
      </p>
      {errors.weight && (
        <p id={`${weightId}-error`} className="field-error">
          {errors.weight}
        </p>
      )}
      {errors.unit && (
        <p id={`${unitId}-error`} className="field-error">
          {errors.unit}
        </p>
      )}
    </QuizStep>
  )
}
