import { Icon } from '../../../components/Icon.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useWizard } from '../wizard-context.ts'

/** Step 1: the headline, the 2-minute quiz, one Start Quiz button. */
export function IntroStep() {
  const { next } = useWizard()
  return (
    <QuizStep
      title="Does Your Cat Need a Little Help?"
      subtitle="Answer a 2-minute quiz and get a personal care plan from a cat specialist."
      actions={
        <button type="button" className="btn btn--primary btn--block" onClick={next}>
          Start Quiz
        </button>
      }
    >
      <p className="wizard__hero" aria-hidden="true">
        <Icon name="paw" size={64} />
      </p>
    </QuizStep>
  )
}
