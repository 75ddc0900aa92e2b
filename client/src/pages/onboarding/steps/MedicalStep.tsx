import { useId, useState } from 'react'
import { MEDICAL_CONDITIONS } from '../../../../../shared/options.ts'
import { fieldErrors, wizardStepSchemas } from '../../../../../shared/schemas/cat.ts'
import { ChoiceCards, titleOptions } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import type { QuizKey } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { useWizard } from '../wizard-context.ts'
import { WIZARD_PROGRESS } from './progress.ts'

const CONDITIONS = titleOptions(MEDICAL_CONDITIONS)

function FreeText({ storageKey, label, hint }: { storageKey: QuizKey; label: string; hint: string }) {
  const [value, setValue] = useAnswer(storageKey)
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="textarea"
        rows={2}
        maxLength={2000}
        placeholder={hint}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
    </div>
  )
}

/** Step 4: a medical condition (needed for Next), free-text details, and Skip Step. */
export function MedicalStep() {
  const { next } = useWizard()
  const [condition, setCondition] = useAnswer('medical_conditions')
  const [touched, setTouched] = useState(false)
  const result = wizardStepSchemas.medical.safeParse({ medical_conditions: condition })
  const errors = touched ? fieldErrors(result.error) : {}

  return (
    <QuizStep
      progress={WIZARD_PROGRESS(4)}
      title="Medical History"
      subtitle="Anything your cat's specialist should know about? You can skip this step."
      actions={
        <WizardActions
          nextDisabled={!result.success}
          extra={
            <button type="button" className="btn btn--ghost" onClick={next}>
              Skip Step
            </button>
          }
        />
      }
    >
      <ChoiceCards
        label="Medical condition"
        showLabel
        options={CONDITIONS}
        value={condition}
        onChange={(value) => {
          setCondition(value)
          setTouched(true)
        }}
        onBlur={() => setTouched(true)}
        error={errors.medical_conditions}
      />
      <FreeText storageKey="medications" label="Medications" hint="e.g., a daily joint supplement" />
      <FreeText storageKey="dietary_restrictions" label="Dietary restrictions" hint="e.g., no fish" />
      <FreeText storageKey="medical_history" label="Surgery history" hint="e.g., spayed in 2021" />
    </QuizStep>
  )
}
