// The card checkout the billing tests send (SPEC §3's subscribe fields with the test Visa, which both the
// demo provider and the Stripe double accept): one place, so every test's checkout is the same one.
import type { TestApp } from './app.ts'

export const CARD_CHECKOUT = {
  fullName: 'Ada Lovelace',
  country: 'US',
  state: 'CA',
  postalCode: '94105',
  paymentMethod: 'pm_card_visa',
  billingPeriod: 'Monthly' as const,
}

/** SPEC §3's subscribe payload, exactly its fields: CARD_CHECKOUT with the owner's email and a Persian cat. */
export function specSubscribePayload(email: string, catName = 'Tom') {
  return { ...CARD_CHECKOUT, email, catDetails: { cat_name: catName, breed: 'Persian' } }
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
