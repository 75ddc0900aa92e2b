// A client written from docs/product.md §7's call table alone can pay. Every payment row gets exactly the
// payload docs/product.md §7 shows (no extra field, no header but the bearer token), on the demo provider and
// on the real Stripe SDK against the local Stripe-compatible double; double submits without an
// Idempotency-Key, sent concurrently, charge once.
import { describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import {
  specCustomerPayload,
  specIntentPayload,
  specPaymentRows,
  specSubscribePayload,
  specSubscriptionPayload,
} from '../helpers/checkout.ts'
import { type ProviderCalls, suiteCountedDemoApp } from '../helpers/counting-payments.ts'
import { suiteStripeApp } from '../helpers/stripe-app.ts'

type Json = Record<string, unknown>

function restOf(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: Json,
  ): Promise<{ status: number; body: Json }> => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    })
    return { status: response.statusCode, body: response.json() as Json }
  }
}

const trialEnd = () => Math.floor(Date.now() / 1000) + 3 * 86_400

/**
 * Runs docs/product.md §4's flow with docs/product.md §7's payloads: customer, intent,
 * subscription, record, list, cancel.
 */
async function specJourney(t: TestApp, calls: () => ProviderCalls) {
  const rest = restOf(t)
  const owner = await t.signIn()
  const email = `spec-${owner.id}@example.com`
  const before = { ...calls() }

  expect((await rest('POST', '/api/supabase/createPlan', owner.token)).status).toBe(200)
  expect((await rest('POST', '/api/supabase/createPlan', owner.token, {})).status).toBe(200)
  const plan = await rest('PUT', '/api/supabase/updatePlan', owner.token, { method: false })
  expect(plan).toMatchObject({ status: 200, body: { price: 49.99 } })
  expect((await rest('DELETE', '/api/supabase/removePlan', owner.token)).status).toBe(200)

  const pay = specPaymentRows(rest, owner.token)
  const customer = await pay.customer(email)
  expect(customer.status).toBe(200)
  expect(customer.body.customerId).toMatch(/^cus_/)

  const intent = await pay.intent(customer.body.customerId)
  expect(intent.status).toBe(200)
  expect(intent.body.paymentIntentId).toMatch(/^pi_/)

  const subscription = await pay.subscription(customer.body.customerId, trialEnd())
  expect(subscription).toEqual({
    status: 200,
    body: { subscriptionId: expect.stringMatching(/^sub_/), success: true },
  })
  const subscriptionId = subscription.body.subscriptionId as string

  // Step 6: record the subscription with the subscribe payload; it is the same subscription, not a second.
  const recorded = await rest('POST', '/api/supabase/subscriptions', owner.token, specSubscribePayload(email))
  expect(recorded.status).toBe(200)
  expect(recorded.body).toMatchObject({ success: true, subscriptionId })

  const list = await rest('GET', '/api/supabase/subscriptions', owner.token)
  expect(list).toEqual({
    status: 200,
    body: [expect.objectContaining({ subscription_id: subscriptionId, plan: 'Free Trial', active: true })],
  })
  expect(calls().charges - before.charges).toBe(1)
  expect(calls().subscriptions - before.subscriptions).toBe(1)
  expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)

  const cancelled = await rest('DELETE', `/api/supabase/subscriptions/${subscriptionId}`, owner.token)
  expect(cancelled).toMatchObject({ status: 200, body: { status: 'canceled' } })
  const again = await rest('DELETE', `/api/payments/stripe/subscription/${subscriptionId}`, owner.token)
  expect(again.status).toBe(200)
  return owner
}

/** Each step sent twice at once with the payload of docs/product.md §7 and no Idempotency-Key. */
async function doubleSubmits(t: TestApp, calls: () => ProviderCalls) {
  const rest = restOf(t)
  const owner = await t.signIn()
  const before = { ...calls() }
  const twice = (url: string, payload: Json) =>
    Promise.all([rest('POST', url, owner.token, payload), rest('POST', url, owner.token, payload)])

  const customers = await twice(
    '/api/payments/stripe/customer',
    specCustomerPayload(`double-${owner.id}@example.com`),
  )
  expect(customers.map((r) => r.status)).toEqual([200, 200])
  expect(customers[0]?.body.customerId).toBe(customers[1]?.body.customerId)
  const customerId = customers[0]?.body.customerId

  const intents = await twice('/api/payments/stripe/payment-intent', specIntentPayload(customerId))
  expect(intents.map((r) => r.status)).toEqual([200, 200])
  expect(intents[0]?.body.paymentIntentId).toBe(intents[1]?.body.paymentIntentId)

  const subscriptions = await twice(
    '/api/payments/stripe/subscription',
    specSubscriptionPayload(customerId, trialEnd()),
  )
  expect(subscriptions.map((r) => r.status)).toEqual([200, 200])
  expect(subscriptions[0]?.body.subscriptionId).toBe(subscriptions[1]?.body.subscriptionId)

  const records = await twice(
    '/api/supabase/subscriptions',
    specSubscribePayload(`double-${owner.id}@example.com`),
  )
  expect(records.map((r) => r.status)).toEqual([200, 200])
  expect(records[0]?.body.subscriptionId).toBe(subscriptions[0]?.body.subscriptionId)

  expect({
    customers: calls().customers - before.customers,
    charges: calls().charges - before.charges,
    subscriptions: calls().subscriptions - before.subscriptions,
  }).toEqual({ customers: 1, charges: 1, subscriptions: 1 })
  expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
  expect(await t.db.subscription.count({ where: { userId: owner.id } })).toBe(1)

  // The whole checkout in one call (the subscribe payload), double-submitted by a new owner.
  const second = await t.signIn()
  const charged = calls().charges
  const whole = await Promise.all(
    [1, 2, 3].map(() =>
      rest('POST', '/api/supabase/subscriptions', second.token, specSubscribePayload('x@example.com')),
    ),
  )
  expect(whole.map((r) => r.status)).toEqual([200, 200, 200])
  expect(new Set(whole.map((r) => r.body.subscriptionId)).size).toBe(1)
  expect(calls().charges - charged).toBe(1)
  expect(await t.db.subscription.count({ where: { userId: second.id } })).toBe(1)
}

describe('docs/product.md §7 payloads on the demo provider', () => {
  const { t, calls } = suiteCountedDemoApp()

  it('pays, records, lists and cancels with exactly the payloads docs/product.md §7 shows', async () => {
    await specJourney(t, () => calls)
  })

  it('charges once when each step is sent twice at once without an Idempotency-Key', async () => {
    await doubleSubmits(t, () => calls)
  })

  it('after a decline, the same open checkout takes another card and charges it once', async () => {
    const rest = restOf(t)
    const owner = await t.signIn()
    const charged = calls.charges
    const checkout = specSubscribePayload('d@example.com')
    const declined = await rest('POST', '/api/supabase/subscriptions', owner.token, {
      ...checkout,
      paymentMethod: 'pm_card_chargeDeclined',
    })
    expect(declined.status).toBe(402)
    expect(declined.body.error).toContain('card_declined')
    const paid = await rest('POST', '/api/supabase/subscriptions', owner.token, checkout)
    expect(paid.status).toBe(200)
    expect(calls.charges - charged).toBe(1)
    expect(await t.db.checkout.count({ where: { userId: owner.id } })).toBe(1)
  })
})

describe('docs/product.md §7 payloads on Stripe (local Stripe-compatible server)', () => {
  const stripe = suiteStripeApp()
  const t = stripe.t
  const calls = () => ({
    customers: stripe.double.objects.customers.size,
    charges: [...stripe.double.objects.paymentIntents.values()].filter((i) => i.status === 'succeeded')
      .length,
    subscriptions: stripe.double.objects.subscriptions.size,
  })

  it('pays, records, lists and cancels with exactly the payloads docs/product.md §7 shows', async () => {
    await specJourney(t, calls)
  })

  it('charges once at Stripe when each step is sent twice at once without an Idempotency-Key', async () => {
    await doubleSubmits(t, calls)
  })
})
