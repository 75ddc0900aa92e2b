// Step 2 with a publishable key: Stripe's own Elements (@stripe/react-stripe-js) over Stripe.js loaded by
// @stripe/stripe-js; the card never touches this server, only the payment method id Stripe makes.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
// The pure entry loads Stripe.js only when loadStripe is called: the main entry injects it as soon as
// this module is evaluated, which put a js.stripe.com request on every page that preloads the payment
// dialog, with the demo provider too. (dist/pure.mjs: the package has no exports map, pure/ is CommonJS.)
import { loadStripe } from '@stripe/stripe-js/dist/pure.mjs'
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { ERRORS, paymentErrorMessage } from '../../../../shared/errors.ts'
import { TextField } from '../../components/TextField.tsx'
import { readText } from '../../storage.ts'
import type { CardSource } from './checkout-flow.ts'
import type { ContactDetails } from './validation.ts'

/** A card problem found before the server was asked (its message is shown as it is). */
export class CardError extends Error {}

export interface StripeCardStepProps {
  publishableKey: string
  email: string
  contact: ContactDetails
  error: string | null
  setError(error: string | null): void
  processing: boolean
  summary: ReactNode
  actions: ReactNode
  errorBox: ReactNode
  onPay(card: () => Promise<CardSource>): Promise<boolean>
}

// One Stripe.js per publishable key for the page's lifetime (loadStripe loads the script once).
const loaded = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const known = loaded.get(publishableKey)
  if (known) return known
  const promise: Promise<Stripe | null> = loadStripe(publishableKey).catch((failure: unknown) => {
    console.error('Stripe.js could not be loaded', failure)
    loaded.delete(publishableKey)
    return null
  })
  loaded.set(publishableKey, promise)
  return promise
}

export function StripeCardStep(props: StripeCardStepProps) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey])
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} stripeLoaded={stripe} />
    </Elements>
  )
}

function CardForm({
  email,
  contact,
  setError,
  processing,
  summary,
  actions,
  errorBox,
  onPay,
  stripeLoaded,
}: StripeCardStepProps & { stripeLoaded: Promise<Stripe | null> }) {
  const id = useId()
  const stripe = useStripe()
  const elements = useElements()
  const [nameOnCard, setNameOnCard] = useState(contact.fullName)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  // One payment method per card entry: a retry of the same checkout sends the same one.
  const paymentMethod = useRef<string | null>(null)

  useEffect(() => {
    let live = true
    void stripeLoaded.then((client) => {
      if (live && !client) setStatus('failed')
    })
    return () => {
      live = false
    }
  }, [stripeLoaded])

  async function createPaymentMethod(): Promise<CardSource> {
    const card = elements?.getElement(CardElement)
    if (!stripe || !card) throw new CardError(ERRORS.paymentNotInitialized)
    if (!paymentMethod.current) {
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: {
          name: nameOnCard.trim(),
          email,
          address: { country: contact.country, state: contact.state, postal_code: contact.postalCode.trim() },
        },
      })
      if (!result.paymentMethod) {
        // docs/product.md §8: a decline code Stripe names gets our text; anything else, Stripe's own message.
        const codes = [result.error?.decline_code, result.error?.code].filter(Boolean).join(' ')
        const mapped = paymentErrorMessage(codes)
        throw new CardError(
          codes && mapped !== codes ? mapped : result.error?.message || ERRORS.paymentFailed,
        )
      }
      paymentMethod.current = result.paymentMethod.id
    }
    return { kind: 'stripe', paymentMethodId: paymentMethod.current }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (processing) return
    if (status !== 'ready' || !stripe || !elements?.getElement(CardElement)) {
      return setError(ERRORS.paymentNotInitialized)
    }
    if (!nameOnCard.trim()) return setError(ERRORS.fullNameOnCard)
    const ok = await onPay(createPaymentMethod)
    // A refused card or a declined charge ends this attempt: the next one makes a new payment method.
    if (!ok && !readText('checkoutKey')) paymentMethod.current = null
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h3 className="payment-step__title">Payment Details</h3>
      <TextField
        id={`${id}-holder`}
        label="Full name on card"
        autoComplete="cc-name"
        value={nameOnCard}
        maxLength={200}
        onChange={(e) => setNameOnCard(e.target.value)}
      />
      <div className="field">
        <span className="field__label" id={`${id}-card-label`}>
          Card
        </span>
        <div className="input stripe-card">
          <CardElement
            options={{ hidePostalCode: true }}
            onReady={() => setStatus('ready')}
            onChange={(change) => {
              paymentMethod.current = null
              if (change.error?.message) setError(change.error.message)
            }}
          />
        </div>
        {status === 'loading' && <span className="muted">Loading the secure card form...</span>}
        {status === 'failed' && <span className="field-error">{ERRORS.paymentNotInitialized}</span>}
      </div>
      {summary}
      {/* The message stays with Pay in the sticky footer: on a phone the form scrolls under it. */}
      <div className="payment-sticky">
        {errorBox}
        {actions}
      </div>
    </form>
  )
}
