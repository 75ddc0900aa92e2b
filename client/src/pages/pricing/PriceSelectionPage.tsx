import { useState } from 'react'
import { useNavigate } from 'react-router'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { planCard } from '../../../../shared/rules/pricing.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { useBillingChoice } from '../../features/payment/index.ts'
import { hasValidToken } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'

/**
 * /priceselection (developer menu): choose the monthly or yearly plan. The choice is kept in the browser
 * and, for a signed-in owner, recorded on the server (updatePlan); then on to /paymentmethod.
 */
export function PriceSelectionPage() {
  const billing = useBillingChoice()
  const navigate = useNavigate()
  const updatePlan = trpc.billing.updatePlan.useMutation()
  const saving = updatePlan.isPending
  const [error, setError] = useState<string | null>(null)
  const periods = billing.forcedMonthly ? (['Monthly'] as const) : (['Monthly', 'Yearly'] as const)

  async function next() {
    setError(null)
    if (hasValidToken()) {
      try {
        await updatePlan.mutateAsync({ billingPeriod: billing.billingPeriod })
      } catch (failure) {
        setError(errorMessage(failure, DEFAULT_ERRORS.updatePlan))
        return
      }
    }
    navigate('/paymentmethod')
  }

  return (
    <section className="card stack">
      <h1>Choose your plan</h1>
      <div className="choices">
        {periods.map((period) => {
          const card = planCard(period)
          const checked = billing.billingPeriod === period
          return (
            <button
              key={period}
              type="button"
              aria-pressed={checked}
              className="choice"
              onClick={() => billing.setMethod(period === 'Yearly')}
            >
              <span className="choice__title">
                {period}: {card.price}
              </span>
              <span className="choice__hint">
                {card.trial}
                {card.perDay ? ` · only ${card.perDay}` : ''}
              </span>
            </button>
          )
        })}
      </div>
      {billing.forcedMonthly && <p className="muted">On small screens the monthly plan is offered.</p>}
      <p className="muted">
        {planCard(billing.billingPeriod).activation} today starts the trial. Cancel anytime.
      </p>
      {error && <ErrorBox>{error}</ErrorBox>}
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => void next()}
        disabled={saving}
      >
        {saving ? 'Saving...' : 'Continue'}
      </button>
    </section>
  )
}
