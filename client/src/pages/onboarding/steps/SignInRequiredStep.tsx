import { Link } from 'react-router'
import { ERRORS } from '../../../../../shared/errors.ts'
import { ErrorBox } from '../../../components/ErrorBox.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useWizard } from '../wizard-context.ts'

/**
 * What an anonymous visitor sees at a step above 3, however they got there (docs/product.md §6: steps 1 to 3
 * are theirs): why, the sign-in (which brings them back to this step), and the steps that are open.
 */
export function SignInRequiredStep() {
  const { goTo } = useWizard()
  return (
    <QuizStep
      title="Sign in to continue"
      notice={
        <ErrorBox className="wizard__auth">
          <p>{ERRORS.authenticateToContinue}</p>
          <p>The rest of the quiz saves your cat's plan to your account; signing in brings you back here.</p>
        </ErrorBox>
      }
      actions={
        <div className="wizard__nav">
          <button type="button" className="btn btn--secondary" onClick={() => goTo(1)}>
            Start the quiz
          </button>
          <Link to="/login" className="btn btn--primary">
            Sign in
          </Link>
        </div>
      }
    />
  )
}
