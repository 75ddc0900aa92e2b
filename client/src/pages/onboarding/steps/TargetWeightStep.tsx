import { useId, useState } from 'react'
import { KG_PER_LB } from '../../../../../shared/constants.ts'
import {
  isValidWeightText,
  nearestWeightOption,
  toPounds,
  WEIGHT_OPTIONS_LBS,
  weightOptionLabel,
} from '../../../../../shared/rules/weight.ts'
import { CAT_MESSAGES } from '../../../../../shared/schemas/cat.ts'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { SelectField } from '../../../components/SelectField.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import { readText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

/** A stored weight (in the cat's unit) as the nearest option in pounds. */
function asOption(text: string, unit: string): string {
  if (!isValidWeightText(text)) return ''
  const option = nearestWeightOption(toPounds(Number(text), unit))
  return option === null ? '' : String(option)
}

/**
 * Step 10: the target weight, from the SPEC §9 options (0.5 to 20 lbs in steps of 0.5, each shown with
 * kg). It is kept in the cat's own unit, so weight and target weight compare directly.
 */
export function TargetWeightStep() {
  const [target, setTarget] = useAnswer('target_weight')
  const unit = readText('unit') || 'Lbs'
  const [choice, setChoice] = useState(() => asOption(target, unit) || asOption(readText('weight'), unit))
  const [touched, setTouched] = useState(false)
  const id = useId()

  function save() {
    const lbs = Number(choice)
    setTarget(String(unit.toLowerCase() === 'kg' ? Math.round(lbs * KG_PER_LB * 100) / 100 : lbs))
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
    </QuizStep>
  )
}
