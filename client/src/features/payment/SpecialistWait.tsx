import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import {
  AI_DISCLOSURE_SPECIALIST,
  EXPERT_NAME,
  WAIT_COUNTDOWN_SECONDS,
} from '../../../../shared/constants.ts'
import { formatCountdown } from '../../../../shared/rules/pricing.ts'
import { PlanCard } from './PlanCard.tsx'
import { useBillingChoice } from './useBillingChoice.ts'

/** Counts from 600 s down to 0, one step a second (browser tests move the page's clock through it). */
export function useCountdown(from = WAIT_COUNTDOWN_SECONDS): number {
  const [left, setLeft] = useState(from)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((value) => Math.max(0, value - 1)), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return left
}

export interface SpecialistWaitProps {
  /** Continue: opens the payment modal. */
  onContinue(): void
}

/**
 * The specialist wait screen (docs/product.md §2 long quiz screen 11, /paywall): the
 * specialist shown as connected, the countdown 'm:ss left to respond', the plan card,
 * Continue, and the privacy policy and terms links.
 */
export function SpecialistWait({ onContinue }: SpecialistWaitProps) {
  const left = useCountdown()
  const billing = useBillingChoice()
  const titleId = useId()
  return (
    <section className="card specialist-wait" aria-labelledby={titleId}>
      <div className="specialist-wait__expert">
        <img className="specialist-wait__avatar" src="/riv/V2/specialist.svg" alt="" width={72} height={72} />
        <div>
          <h1 id={titleId} className="specialist-wait__title">
            Your specialist is ready
          </h1>
          <p className="specialist-wait__status">
            <span className="status-dot" aria-hidden="true" /> {EXPERT_NAME} is connected and waiting for you
          </p>
        </div>
      </div>
      <p className="specialist-wait__timer" role="timer" aria-live="off">
        <strong>{formatCountdown(left)}</strong> left to respond
      </p>
      <PlanCard billing={billing} />
      {/* The chat's own line, before the sale too: the specialist is an AI, not a vet. */}
      <p className="ai-disclosure">{AI_DISCLOSURE_SPECIALIST}</p>
      <button type="button" className="btn btn--primary btn--block" onClick={onContinue}>
        Continue
      </button>
      <p className="specialist-wait__legal muted">
        By continuing you agree to our{' '}
        <Link to="/terms" target="_blank" rel="noopener">
          Terms of Use
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" rel="noopener">
          Privacy Policy
        </Link>
        .
      </p>
    </section>
  )
}
