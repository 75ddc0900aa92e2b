// Stripe.js, loaded only when the server has a publishable key (SPEC §1 "A card payment provider script
// is loaded for the payment form"). Only the few calls the card form makes are typed here.

export const STRIPE_JS_URL = 'https://js.stripe.com/v3'

export interface StripeCardChange {
  complete: boolean
  empty: boolean
  error?: { message?: string }
}

export interface StripeCardElement {
  mount(target: HTMLElement): void
  destroy(): void
  on(event: 'change', handler: (change: StripeCardChange) => void): void
}

export interface StripeBillingDetails {
  name: string
  email: string
  address: { country: string; state: string; postal_code: string }
}

export interface StripeClient {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement }
  createPaymentMethod(data: {
    type: 'card'
    card: StripeCardElement
    billing_details: StripeBillingDetails
  }): Promise<{
    paymentMethod?: { id: string }
    error?: { message?: string; code?: string; decline_code?: string }
  }>
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient
  }
}

let loading: Promise<StripeClient | null> | null = null

/** Stripe for `publishableKey`, or null when the script cannot be loaded (the form then says so). */
export function loadStripe(publishableKey: string): Promise<StripeClient | null> {
  if (loading) return loading
  loading = new Promise<StripeClient | null>((resolve) => {
    const ready = () => resolve(window.Stripe ? window.Stripe(publishableKey) : null)
    if (window.Stripe) return ready()
    const script = document.createElement('script')
    script.src = STRIPE_JS_URL
    script.async = true
    script.addEventListener('load', ready)
    script.addEventListener('error', () => {
      console.error('Stripe.js could not be loaded')
      loading = null
      script.remove()
      resolve(null)
    })
    document.head.append(script)
  })
  return loading
}
