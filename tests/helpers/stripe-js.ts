// A stand-in for Stripe.js in Chromium: the browser tests have no network, so the script @stripe/stripe-js
// loads (https://js.stripe.com/<release>/stripe.js) is answered by this one, with the interface Elements
// uses (elements().create('card'), mount, on/off, createPaymentMethod), mapping Stripe's test card numbers
// to their test payment methods. The server talks to the Stripe double (tests/doubles/stripe-server.ts).
import type { BrowserContext } from 'playwright-core'

const FAKE_STRIPE_JS = `
window.__stripeCalls = []
window.Stripe = function (publishableKey) {
  window.__stripeCalls.push({ publishableKey })
  let mounted
  return {
    version: 'endive',
    elements() {
      return {
        update() {},
        getElement() { return mounted ?? null },
        create(type) {
          let input
          const handlers = {}
          const element = {
            mount(target) {
              input = document.createElement('input')
              input.setAttribute('aria-label', 'Card number (Stripe)')
              ;(typeof target === 'string' ? document.querySelector(target) : target).append(input)
              mounted = element
              setTimeout(() => (handlers.ready ?? []).forEach((handler) => handler({ elementType: type })))
            },
            destroy() { if (input) input.remove(); mounted = undefined },
            update() {},
            on(event, handler) { (handlers[event] ??= []).push(handler); return element },
            off(event, handler) { handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler); return element },
          }
          return element
        },
      }
    },
    async createToken() { throw new Error('not used') },
    async confirmCardPayment() { throw new Error('not used') },
    async createPaymentMethod(data) {
      window.__stripeCalls.push({ createPaymentMethod: { type: data.type, billing_details: data.billing_details } })
      const number = document.querySelector('[aria-label="Card number (Stripe)"]').value.replace(/\\s/g, '')
      const methods = {
        '4242424242424242': 'pm_card_visa',
        '4000000000000002': 'pm_card_chargeDeclined',
        '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
      }
      if (!methods[number]) return { error: { code: 'invalid_number', message: 'Your card number is invalid.' } }
      return { paymentMethod: { id: methods[number] } }
    },
  }
}
`

/** Where @stripe/stripe-js loads Stripe.js from (https://js.stripe.com/<release>/stripe.js, or /v3). */
export const STRIPE_JS = /^https:\/\/js\.stripe\.com\/(v3|[a-z]+\/stripe\.js)/

/** Every page of `context` gets the stand-in for Stripe.js. */
export async function serveFakeStripeJs(context: BrowserContext): Promise<void> {
  await context.route(STRIPE_JS, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  )
}
