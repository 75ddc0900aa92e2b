import { useEffect, useRef, useState } from 'react'
import { ACTIVATION_FEE_TEXT, formatUsd, trialDays } from '../../../../shared/rules/pricing.ts'
import { trackConversion } from '../../analytics.ts'
import { useGlobalLoading } from '../../loading.tsx'
import { runtimeConfig } from '../../runtime-config.ts'
import { decodeTokenPayload } from '../../session.ts'
import { readText } from '../../storage.ts'
import { ContactStep } from './ContactStep.tsx'
import {
  type CardSource,
  type ContactDetails,
  PaymentStepError,
  paymentFailureText,
  useCheckoutFlow,
} from './checkout-flow.ts'
import { DemoCardStep } from './DemoCardStep.tsx'
import { CardError, StripeCardStep } from './StripeCardStep.tsx'
import { useBillingChoice } from './useBillingChoice.ts'

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
}

/** The two steps of SPEC §4's payment modal: contact information, then the card. */
export function PaymentForm({ onSuccess, onBusyChange }: PaymentFormProps) {
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
      setError(text)
      return false
    } finally {
      setProcessing(false)
      onBusyChange?.(false)
      setLoading(false)
    }
  }

  const summary = (
    <p className="payment-summary">
      <strong>Due today: {ACTIVATION_FEE_TEXT}</strong> for {trialDays(billing.billingPeriod)} days of full
      access to chat with specialists 24/7. Then {formatUsd(billing.price)}/
      {billing.method ? 'year' : 'month'} unless you cancel before the trial ends.
    </p>
  )

  if (step === 1) {
    return (
      <ContactStep value={contact} onChange={setContact} askEmail={askEmail} error={error} onNext={next} />
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
      summary={summary}
      errorBox={<ErrorBox error={error} id="payment-card-error" />}
      actions={<CardActions processing={processing} onBack={back} />}
      onPay={pay}
    />
  ) : (
    <DemoCardStep
      fullName={contact.fullName}
      error={error}
      processing={processing}
      summary={summary}
      actions={<CardActions processing={processing} onBack={back} />}
      onPay={pay}
    />
  )
}

function CardActions({ processing, onBack }: { processing: boolean; onBack(): void }) {
  return (
    <div className="payment-actions">
      <button type="button" className="btn btn--secondary" onClick={onBack} disabled={processing}>
        Back
      </button>
      <button type="submit" className="btn btn--primary" disabled={processing}>
        {processing ? 'Processing...' : `Pay ${ACTIVATION_FEE_TEXT} and start`}
      </button>
    </div>
  )
}

function ErrorBox({ error, id }: { error: string | null; id: string }) {
  return error ? (
    <p id={id} className="error-box" role="alert">
      {error}
    </p>
  ) : null
}
