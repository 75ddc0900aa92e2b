import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { ACTIVATION_FEE_TEXT, formatUsd, trialDays } from '../../../../shared/rules/pricing.ts'
import { trackConversion } from '../../analytics.ts'
import { useGlobalLoading } from '../../loading.tsx'
import { runtimeConfig } from '../../runtime-config.ts'
import { decodeTokenPayload } from '../../session.ts'
import { readText } from '../../storage.ts'
import { TextField } from '../TextField.tsx'
import { ContactStep } from './ContactStep.tsx'
import {
  type CardSource,
  type ContactDetails,
  PaymentStepError,
  paymentFailureText,
  useCheckoutFlow,
} from './checkout-flow.ts'
import { CardError, StripeCardStep } from './StripeCardStep.tsx'
import { useBillingChoice } from './useBillingChoice.ts'
import { type DemoCard, demoCardProblem, formatCardNumber, formatExpiry } from './validation.ts'

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
      contact={contact}
      error={error}
      setError={setError}
      processing={processing}
      summary={summary}
      onBack={back}
      onPay={pay}
    />
  )
}

interface CardStepProps {
  contact: ContactDetails
  error: string | null
  setError(error: string | null): void
  processing: boolean
  summary: ReactNode
  onBack(): void
  onPay(card: () => Promise<CardSource>): Promise<boolean>
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

/** Step 2 without a publishable key: a card form for the demo provider, which moves no money. */
function DemoCardStep({ contact, error, setError, processing, summary, onBack, onPay }: CardStepProps) {
  const id = useId()
  const [nameOnCard, setNameOnCard] = useState(contact.fullName)
  const [card, setCard] = useState<DemoCard>({ number: '', expiry: '', cvc: '' })
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => {
    first.current?.focus()
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (processing) return
    const problem = demoCardProblem(nameOnCard, card)
    if (problem) return setError(problem)
    await onPay(async () => ({ kind: 'demo', cardNumber: card.number }))
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h3 className="payment-step__title">Payment Details</h3>
      <div className="notice payment-demo" role="note">
        <strong>Demo payments: no money moves.</strong> Use the test card 4242 4242 4242 4242 with any future
        date and any CVC. 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds and 4000
        0000 0000 0069 is expired.
      </div>
      <TextField
        ref={first}
        id={`${id}-holder`}
        label="Full name on card"
        autoComplete="cc-name"
        value={nameOnCard}
        maxLength={200}
        onChange={(e) => setNameOnCard(e.target.value)}
      />
      <TextField
        id={`${id}-number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={card.number}
        onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
      />
      <div className="payment-grid">
        <TextField
          id={`${id}-expiry`}
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
        />
        <TextField
          id={`${id}-cvc`}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D+/g, '').slice(0, 4) })}
        />
      </div>
      {summary}
      <ErrorBox error={error} id={`${id}-error`} />
      <CardActions processing={processing} onBack={onBack} />
    </form>
  )
}
