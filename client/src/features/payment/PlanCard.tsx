import { useId } from 'react'
import { planCard } from '../../../../shared/rules/pricing.ts'
import type { BillingChoice } from './useBillingChoice.ts'
import { useTrialOffer } from './useTrialOffer.ts'

/**
 * The plan card with the monthly/yearly switch (docs/product.md §2, §9). One price per plan: the price
 * charged after the trial. On screens up to 768 px the plan is monthly and the switch is not offered.
 */
export function PlanCard({ billing }: { billing: BillingChoice }) {
  const trial = useTrialOffer()
  const card = planCard(billing.billingPeriod)
  const labelId = useId()
  return (
    <section className="plan-card" aria-labelledby={labelId}>
      <div className="plan-card__head">
        {/* An h2: the card sits right under the wait screen's h1 (axe heading-order). */}
        <h2 id={labelId} className="plan-card__name">
          {card.name}
        </h2>
        {trial && <span className="plan-card__trial">{card.trial}</span>}
      </div>
      <p className="plan-card__price">
        <strong>{card.price}</strong>
        {card.perDay && <span className="muted"> · only {card.perDay}</span>}
      </p>
      <p className="plan-card__today muted">
        {trial
          ? `${card.activation} today for full access during the trial. Cancel anytime.`
          : `Charged today, then every ${billing.method ? 'year' : 'month'}. Cancel anytime.`}
      </p>
      {!billing.forcedMonthly && (
        <fieldset className="billing-switch">
          <legend className="sr-only">Billing period</legend>
          <button
            type="button"
            className="billing-switch__option"
            aria-pressed={!billing.method}
            onClick={() => billing.setMethod(false)}
          >
            Monthly
          </button>
          <button
            type="button"
            className="billing-switch__option"
            aria-pressed={billing.method}
            onClick={() => billing.setMethod(true)}
          >
            Yearly
          </button>
        </fieldset>
      )}
    </section>
  )
}
