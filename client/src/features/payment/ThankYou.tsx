import { useEffect, useRef } from 'react'
import { TRIAL_PLAN_NAME } from '../../../../shared/constants.ts'
import { hasValidToken } from '../../storage.ts'
import { trpc } from '../../trpc.ts'
import { ConfirmAddress } from './ConfirmAddress.tsx'

export interface ThankYouProps {
  titleId?: string
  /** 'Start My Journey' (docs/product.md §2): the caller decides where it leads. */
  onContinue(): void
}

/**
 * The thank-you screen after payment: the project's own animation (/riv/V2/), the code that confirms the
 * address typed in the form (ConfirmAddress), and the way on.
 */
export function ThankYou({ titleId, onContinue }: ThankYouProps) {
  const button = useRef<HTMLButtonElement>(null)
  // What started is said as it is: a trial, or (after the owner's one trial) the plan itself.
  const status = trpc.billing.status.useQuery(undefined, { enabled: hasValidToken() })
  const plan = status.data?.subscription?.plan
  const started =
    plan === undefined
      ? ''
      : plan === TRIAL_PLAN_NAME
        ? 'Your trial has started. '
        : 'Your subscription has started. '
  useEffect(() => {
    button.current?.focus()
  }, [])
  return (
    <div className="thank-you">
      <img className="thank-you__animation" src="/riv/V2/thank-you.svg" alt="" width={240} height={200} />
      <h2 id={titleId}>Thank you for subscribing!</h2>
      <p className="muted">{started}Your cat specialist is ready to chat with you at any hour, 24/7.</p>
      <ConfirmAddress />
      <button ref={button} type="button" className="btn btn--primary btn--block" onClick={onContinue}>
        Start My Journey
      </button>
    </div>
  )
}
