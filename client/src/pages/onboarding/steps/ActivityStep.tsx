import { ACTIVITY_LEVELS, type ActivityLevel } from '../../../../../shared/options.ts'
import type { IconName } from '../../../components/Icon.tsx'
import { ChoiceCards } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

const PICTURES: Record<ActivityLevel, { icon: IconName; hint: string }> = {
  'Very Active': { icon: 'very-active', hint: 'Zooms around the house every day' },
  Active: { icon: 'active', hint: 'Plays often and loves to explore' },
  'Moderately Active': { icon: 'moderately-active', hint: 'Plays now and then' },
  'Mostly Inactive': { icon: 'mostly-inactive', hint: 'Prefers the sofa to the toy box' },
  'Very Inactive': { icon: 'very-inactive', hint: 'Sleeps most of the day' },
}
const OPTIONS = ACTIVITY_LEVELS.map((level) => ({ value: level, title: level, ...PICTURES[level] }))

/** Step 8: one activity level, each with its picture. */
export function ActivityStep() {
  const [level, setLevel] = useAnswer('activity_level')
  const valid = ACTIVITY_LEVELS.some((l) => l.toLowerCase() === level.toLowerCase())
  return (
    <QuizStep
      progress={WIZARD_PROGRESS(8)}
      title="How Active Is Your Cat?"
      actions={<WizardActions nextDisabled={!valid} />}
    >
      <ChoiceCards label="Activity level" options={OPTIONS} value={level} onChange={setLevel} />
    </QuizStep>
  )
}
