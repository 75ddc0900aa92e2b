import { useState } from 'react'
import { TRAINING_DAYS } from '../../../../../shared/options.ts'
import { CAT_MESSAGES } from '../../../../../shared/schemas/cat.ts'
import { MultiChoiceCards, titleOptions } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { readList } from '../../../hooks/useCatAnswers.ts'
import { writeJson } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

const ANY_DAY = 'Any Day'

/** 'Any Day' stands alone: picking it clears the weekdays, picking a weekday clears it. */
function pickDays(previous: readonly string[], next: string[]): string[] {
  const added = next.find((day) => !previous.includes(day))
  if (added === ANY_DAY) return [ANY_DAY]
  if (added) return next.filter((day) => day !== ANY_DAY)
  return next
}

/** Step 11: training days, at least one; saved on Next (docs/product.md §4). */
export function TrainingDaysStep() {
  const [days, setDays] = useState(() => readList('training_days'))
  return (
    <QuizStep
      progress={WIZARD_PROGRESS(11)}
      title="Pick Your Training Days"
      subtitle="We recommend training at least 2-3 days a week."
      actions={
        <WizardActions nextDisabled={days.length === 0} onNext={() => writeJson('training_days', days)} />
      }
    >
      <MultiChoiceCards
        label="Training days"
        options={titleOptions(TRAINING_DAYS)}
        values={days}
        onChange={(next) => setDays(pickDays(days, next))}
      />
      <p className="muted" aria-live="polite">
        {days.length === 0 ? CAT_MESSAGES.trainingDays : `${days.length} selected`}
      </p>
    </QuizStep>
  )
}
