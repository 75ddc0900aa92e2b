import { useId, useState } from 'react'
import { targetQuestion } from '../../../../../shared/rules/nutrition.ts'
import {
  isValidWeightText,
  lbsToKg,
  nearestWeightOption,
  parseWeightText,
  toPounds,
  WEIGHT_OPTIONS_LBS,
  weightOptionLabel,
} from '../../../../../shared/rules/weight.ts'
import { isKilograms } from '../../../../../shared/rules/weight-units.ts'
import { CAT_MESSAGES } from '../../../../../shared/schemas/cat.ts'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { SelectField } from '../../../components/SelectField.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import { readText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

/** What the nutrition rule reads of the answers given so far (docs/product.md §3 keys). */
function storedProfile() {
  const age = readText('age').trim()
  return {
    name: readText('cat_name'),
    weight: parseWeightText(readText('weight')) || null,
    unit: readText('unit') || 'Lbs',
    breed: readText('breed'),
    gender: readText('gender'),
    age: age === '' ? null : Number(age),
    activity_level: readText('activity_level'),
  }
}

/** A stored weight (in the cat's unit) as the nearest option in pounds. */
function asOption(text: string, unit: string): string {
  if (!isValidWeightText(text, unit)) return ''
  const option = nearestWeightOption(toPounds(parseWeightText(text), unit))
  return option === null ? '' : String(option)
}

/**
 * Step 10: the target weight, from the docs/product.md §9 options (0.5 to 20 lbs in steps of 0.5, each shown
 * with kg). It is kept in the cat's own unit, so weight and target weight compare directly.
 */
export function TargetWeightStep() {
  const [target, setTarget] = useAnswer('target_weight')
  const unit = readText('unit') || 'Lbs'
  const [choice, setChoice] = useState(() => asOption(target, unit) || asOption(readText('weight'), unit))
  const [touched, setTouched] = useState(false)
  const id = useId()

  // Kept as the option's label shows it: '11 lb (5 kg)' stores 5 for a cat weighed in kilograms.
  const targetIn = (lbs: number) => (isKilograms(unit) ? lbsToKg(lbs) : lbs)
  // The nutrition rule questions a target under 70 % of the weight or outside the breed's range: said here,
  // before the plan is made, as the profile says it.
  const question =
    choice === '' ? null : targetQuestion({ ...storedProfile(), target_weight: targetIn(Number(choice)) })

  function save() {
    setTarget(String(targetIn(Number(choice))))
  }

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(10)}
      title="What's Your Cat's Target Weight?"
      subtitle="Your specialist plans portions and play around it. Your cat's current weight is a fine start."
      actions={<WizardActions nextDisabled={choice === ''} onNext={save} />}
    >
      <SelectField
        id={id}
        label="Target weight"
        value={choice}
        placeholder="Select target weight"
        options={WEIGHT_OPTIONS_LBS.map((lbs) => ({ value: String(lbs), label: weightOptionLabel(lbs) }))}
        error={touched && choice === '' ? CAT_MESSAGES.targetWeight : null}
        onChange={(e) => {
          setChoice(e.target.value)
          setTouched(true)
        }}
        onBlur={() => setTouched(true)}
      />
      {question && (
        <p className="notice" role="status">
          {question}
        </p>
      )}
    </QuizStep>
  )
}
