// The card checkout the billing tests send (docs/product.md §3's subscribe fields with the test Visa, which
// both the demo provider and the Stripe double accept): one place, so every test's checkout is the same one.
import type { TestApp } from './app.ts'

export const CARD_CHECKOUT = {
  fullName: 'Ada Lovelace',
  country: 'US',
  state: 'CA',
  postalCode: '94105',
  paymentMethod: 'pm_card_visa',
  billingPeriod: 'Monthly' as const,
}

/**
 * docs/product.md §3's subscribe payload, exactly its fields: CARD_CHECKOUT with the
 * owner's email and a Persian cat.
 */
export function specSubscribePayload(email: string, catName = 'Tom') {
  return { ...CARD_CHECKOUT, email, catDetails: { cat_name: catName, breed: 'Persian' } }
}

/**
 * docs/product.md §7's customer payload (POST /api/payments/stripe/customer):
 * CARD_CHECKOUT's name and card, with `extra`.
 */
export function specCustomerPayload(email: string, extra: Record<string, unknown> = {}) {
  return { name: CARD_CHECKOUT.fullName, email, paymentMethodId: CARD_CHECKOUT.paymentMethod, ...extra }
}

/**
 * docs/product.md §7's payment-intent payload: the $1.99 activation fee on `customerId`
 * by the test Visa, with `extra`.
 */
export function specIntentPayload(customerId: unknown, extra: Record<string, unknown> = {}) {
  return { amount: 199, currency: 'usd', customerId, paymentMethodId: CARD_CHECKOUT.paymentMethod, ...extra }
}

/**
 * docs/product.md §7's subscription payload: the monthly price on `customerId` by the test Visa, the
 * client's `trial_end`, with `extra`.
 */
export function specSubscriptionPayload(
  customerId: unknown,
  trialEnd: number,
  extra: Record<string, unknown> = {},
) {
  return {
    paymentMethodId: CARD_CHECKOUT.paymentMethod,
    priceId: 'price_monthly',
    trial_end: trialEnd,
    customerId,
    ...extra,
  }
}

type Json = Record<string, unknown>
/** A test's REST call as the owner of `token`: (method, url, token, payload) to {status, body}. */
type Rest = (
  method: 'POST',
  url: string,
  token: string,
  payload: Json,
) => Promise<{ status: number; body: Json }>

/**
 * docs/product.md §7's three payment rows as the owner of `token` through `rest`, each
 * with its §7 payload and `extra`.
 */
export function specPaymentRows(rest: Rest, token: string) {
  return {
    customer: (email: string, extra: Json = {}) =>
      rest('POST', '/api/payments/stripe/customer', token, specCustomerPayload(email, extra)),
    intent: (customerId: unknown, extra: Json = {}) =>
      rest('POST', '/api/payments/stripe/payment-intent', token, specIntentPayload(customerId, extra)),
    subscription: (customerId: unknown, trialEnd: number, extra: Json = {}) =>
      rest(
        'POST',
        '/api/payments/stripe/subscription',
        token,
        specSubscriptionPayload(customerId, trialEnd, extra),
      ),
  }
}

/** billing.checkout through tRPC as the owner of `token`: CARD_CHECKOUT with `extra` (a checkoutKey, say). */
export async function checkoutAs(
  t: Pick<TestApp, 'caller'>,
  token: string,
  extra: { checkoutKey?: string } = {},
) {
  const api = await t.caller(token)
  return api.billing.checkout({ ...CARD_CHECKOUT, ...extra })
}
