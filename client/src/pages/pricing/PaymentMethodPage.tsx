import { Link } from 'react-router'
import { planCard } from '../../../../shared/rules/pricing.ts'
import { useBillingChoice } from '../../features/payment/index.ts'
import { runtimeConfig } from '../../runtime-config.ts'

/**
 * /paymentmethod (developer menu): the plan chosen and how it is paid. New subscriptions are paid by
 * card (Stripe, or the demo provider when no Stripe key is configured); PayPal is only for cancelling
 * subscriptions made with it before.
 */
export function PaymentMethodPage() {
  const billing = useBillingChoice()
  const card = planCard(billing.billingPeriod)
  const demo = !runtimeConfig.stripePublishableKey
  return (
    <section className="card stack">
      <h1>Payment method</h1>
      <p>
        <strong>{card.name}</strong>, {billing.billingPeriod.toLowerCase()}: {card.price} after the{' '}
        {card.trial.toLowerCase()}, {card.activation} today. <Link to="/priceselection">Change plan</Link>
      </p>
      <div className="choice">
        <span className="choice__title">Card</span>
        <span className="choice__hint">
          {demo ? 'Demo payments: test cards only, no money moves.' : 'Paid securely through Stripe.'}
        </span>
      </div>
      <Link to="/PaymentForm" className="btn btn--primary btn--block center">
        Continue
      </Link>
    </section>
  )
}
