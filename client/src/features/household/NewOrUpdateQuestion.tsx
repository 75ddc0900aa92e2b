// Step 13's question for an owner who already has a cat: are these answers about a new cat,
// or an update of one they have (which one, when several)? Nothing is created or changed before the
// answer, so a second run of the wizard never silently adds a cat.
import { useState } from 'react'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { ChoiceCards } from '../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../components/quiz/QuizStep.tsx'

/** What step 13 does with the stored answers. */
export type PlanTarget = { kind: 'new' } | { kind: 'update'; id: number }

const NEW = 'new'
export const NEW_OR_UPDATE_TITLE = 'Is this a new cat or an update?'

export function NewOrUpdateQuestion(props: {
  cats: readonly Cat[]
  progress: { step: number; total: number }
  onAnswer(target: PlanTarget): void
}) {
  const [picked, setPicked] = useState('')
  const options = [
    ...props.cats.map((cat) => ({
      value: String(cat.id),
      title: `Update ${catDisplayName(cat.name)}`,
      hint: 'Change this cat to the answers you just gave',
    })),
    { value: NEW, title: 'A new cat', hint: 'Add another cat; the ones you have stay as they are' },
  ]
  const names = props.cats.map((cat) => catDisplayName(cat.name)).join(', ')
  return (
    <QuizStep
      progress={props.progress}
      title={NEW_OR_UPDATE_TITLE}
      subtitle={`You already have ${names}. Are these answers about one of them, or about a new cat?`}
      actions={
        <div className="wizard__nav">
          <button
            type="button"
            className="btn btn--primary"
            disabled={picked === ''}
            onClick={() =>
              props.onAnswer(picked === NEW ? { kind: 'new' } : { kind: 'update', id: Number(picked) })
            }
          >
            Continue
          </button>
        </div>
      }
    >
      <ChoiceCards label={NEW_OR_UPDATE_TITLE} options={options} value={picked} onChange={setPicked} />
    </QuizStep>
  )
}
