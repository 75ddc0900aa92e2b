import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ERRORS } from '../../../../shared/errors.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { useWizard } from './wizard-context.ts'

interface Props {
  /** Runs before moving on (saving what the step keeps only on Next). */
  onNext?(): void
  nextDisabled?: boolean
  nextLabel?: string
  /** Buttons between Back and Next (Skip Step). */
  extra?: ReactNode
  showBack?: boolean
}

/** Back / Next under a wizard step, and the authentication alert when a visitor tries to pass step 3. */
export function WizardActions({
  onNext,
  nextDisabled = false,
  nextLabel = 'Next',
  extra,
  showBack = true,
}: Props) {
  const { next, back, authAlert } = useWizard()
  return (
    <>
      {authAlert && (
        <ErrorBox className="wizard__auth">
          <p>{ERRORS.authenticateToContinue}</p>
          <p>
            <Link to="/login">Sign in</Link> to save your answers and continue where you left off.
          </p>
        </ErrorBox>
      )}
      <div className="wizard__nav">
        {showBack && (
          <button type="button" className="btn btn--secondary" onClick={back}>
            Back
          </button>
        )}
        {extra}
        <button
          type="button"
          className="btn btn--primary"
          disabled={nextDisabled}
          onClick={() => {
            onNext?.()
            next()
          }}
        >
          {nextLabel}
        </button>
      </div>
    </>
  )
}
