import { type ReactNode, useEffect, useRef, useState } from 'react'
import { ACTIVATION_FEE_TEXT, formatUsd, trialDays } from '../../../../shared/rules/pricing.ts'
import { trackConversion } from '../../analytics.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { useGlobalLoading } from '../../loading.tsx'
import { runtimeConfig } from '../../runtime-config.ts'
import { decodeTokenPayload } from '../../session.ts'
import { readText } from '../../storage.ts'
import { errorCode } from '../../trpc.ts'
import { ContactStep } from './ContactStep.tsx'
import { type CardSource, PaymentStepError, paymentFailureText, useCheckoutFlow } from './checkout-flow.ts'
import { DemoCardStep } from './DemoCardStep.tsx'
import { CardError, StripeCardStep } from './StripeCardStep.tsx'
import { useBillingChoice } from './useBillingChoice.ts'
import { useTrialOffer } from './useTrialOffer.ts'
import type { ContactDetails } from './validation.ts'

/** The e-mail the app already knows: the stored one, else the session token's. */
function knownEmail(): string {
  const stored = readText('email').trim()
  if (stored) return stored
  const token = readText('token')
  return (token && decodeTokenPayload(token)?.email) || ''
}

function knownName(): string {
  const token = readText('token')
  const meta = token ? decodeTokenPayload(token)?.user_metadata : undefined
  return typeof meta?.full_name === 'string' ? meta.full_name : ''
}

// What the owner typed in step 1 survives closing and reopening the modal (never the card).
let contactDraft: ContactDetails | null = null

export interface PaymentFormProps {
  onSuccess(subscriptionId: string): void
  /** Told while a payment is being processed (the modal then refuses to close). */
  onBusyChange?(busy: boolean): void
  /** Paid: the form stays as it is, with its progress shown, until the thank-you replaces it. */
  finishing?: boolean
}

/** The two steps of docs/product.md §4's payment modal: contact information, then the card. */
export function PaymentForm({ onSuccess, onBusyChange, finishing = false }: PaymentFormProps) {
  const billing = useBillingChoice()
  const runCheckout = useCheckoutFlow()
  const { setLoading } = useGlobalLoading()
  const [askEmail] = useState(() => knownEmail() === '')
  const [step, setStep] = useState<1 | 2>(1)
  const [contact, setContact] = useState<ContactDetails>(
    () => contactDraft ?? { fullName: knownName(), email: '', country: '', state: '', postalCode: '' },
  )
  const [error, setError] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)
  const initiated = useRef(false)
  // The server refused a trial this owner's records did not show as used (the card had one): the form
  // offers the plan at its price from then on, with the server's message saying why.
  const [trialRefused, setTrialRefused] = useState(false)
  const trial = useTrialOffer() && !trialRefused
  const price = `${formatUsd(billing.price)}`

  useEffect(() => {
    contactDraft = contact
  }, [contact])

  useEffect(() => {
    if (initiated.current) return
    initiated.current = true
    trackConversion('InitiateCheckout', { value: billing.price, currency: 'USD' })
  }, [billing.price])

  function next(details: ContactDetails) {
    setContact(details)
    setError(null)
    setStep(2)
  }

  function back() {
    setError(null)
    setStep(1)
  }

  async function pay(card: () => Promise<CardSource>): Promise<boolean> {
    setProcessing(true)
    onBusyChange?.(true)
    setLoading(true)
    setError(null)
    try {
      const source = await card()
      const email = askEmail ? contact.email.trim() : knownEmail()
      const subscriptionId = await runCheckout({
        contact: { ...contact, email },
        card: source,
        billingPeriod: billing.billingPeriod,
        trial,
      })
      trackConversion('Purchase', { value: billing.price, currency: 'USD' })
      contactDraft = null
      onSuccess(subscriptionId)
      return true
    } catch (failure) {
      const text =
        failure instanceof PaymentStepError || failure instanceof CardError
          ? failure.message
          : paymentFailureText(failure)
      console.error('Payment failed:', text, failure)
      if (errorCode(failure) === 'TRIAL_ALREADY_USED') setTrialRefused(true)
      setError(text)
      return false
    } finally {
      setProcessing(false)
      onBusyChange?.(false)
      setLoading(false)
    }
  }

  const per = billing.method ? 'year' : 'month'
  const summary = trial ? (
    <p className="payment-summary">
      <strong>Due today: {ACTIVATION_FEE_TEXT}</strong> for {trialDays(billing.billingPeriod)} days of full
      access to chat with specialists 24/7. Then {price}/{per} unless you cancel before the trial ends.
    </p>
  ) : (
    <p className="payment-summary">
      <strong>Due today: {price}</strong> for a {per} of full access to chat with specialists 24/7, then{' '}
      {price}/{per} until you cancel.
    </p>
  )
  const payLabel = trial ? `Pay ${ACTIVATION_FEE_TEXT} and start` : `Pay ${price} and subscribe`
  // The price stays beside the buttons, in the footer that never scrolls away.
  const actions = (
    <CardActions
      processing={processing || finishing}
      onBack={back}
      payLabel={payLabel}
      summary={summary}
      progressLabel={finishing ? 'Payment received, starting your plan…' : 'Processing your payment…'}
    />
  )

  if (step === 1) {
    return (
      // What today costs, before the contact and card steps ask for anything.
      <>
        {summary}
        <ContactStep value={contact} onChange={setContact} askEmail={askEmail} error={error} onNext={next} />
      </>
    )
  }
  return runtimeConfig.stripePublishableKey ? (
    <StripeCardStep
      publishableKey={runtimeConfig.stripePublishableKey}
      contact={contact}
      email={askEmail ? contact.email.trim() : knownEmail()}
      error={error}
      setError={setError}
      processing={processing}
      summary={null}
      errorBox={error ? <ErrorBox id="payment-card-error">{error}</ErrorBox> : null}
      actions={actions}
      onPay={pay}
    />
  ) : (
    <DemoCardStep
      fullName={contact.fullName}
      error={error}
      processing={processing}
      summary={null}
      actions={actions}
      onPay={pay}
    />
  )
}

function CardActions({
  processing,
  onBack,
  payLabel,
  summary,
  progressLabel,
}: {
  processing: boolean
  onBack(): void
  payLabel: string
  summary: ReactNode
  progressLabel: string
}) {
  return (
    <div className="payment-footer">
      {summary}
      {processing && <progress className="payment-progress" aria-label={progressLabel} />}
      <div className="payment-actions">
        <button type="button" className="btn btn--secondary" onClick={onBack} disabled={processing}>
          Back
        </button>
        <button type="submit" className="btn btn--primary" disabled={processing}>
          {processing ? 'Processing...' : payLabel}
        </button>
      </div>
    </div>
  )
}
