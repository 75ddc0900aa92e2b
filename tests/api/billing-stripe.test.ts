// The checkout on the Stripe provider: the real `stripe` SDK talking over HTTP to the local
// Stripe-compatible double (STRIPE_API_BASE), through the REST rows and tRPC on a real database.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { suiteStripeApp } from '../helpers/stripe-app.ts'

const stripe = suiteStripeApp()
const t = stripe.t

type Json = Record<string, unknown>

async function subscribe(token: string, overrides: Json = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...CARD_CHECKOUT, checkoutKey: randomUUID(), ...overrides },
  })
  return { status: response.statusCode, body: response.json() as Json }
}

const sizes = () => ({
  customers: stripe.double.objects.customers.size,
  intents: stripe.double.objects.paymentIntents.size,
  subscriptions: stripe.double.objects.subscriptions.size,
})

describe('checkout on Stripe (local Stripe-compatible server)', () => {
  it('creates the customer with the card, charges 199 usd and subscribes to the monthly price with a 3-day trial', async () => {
    const owner = await t.signIn('stripe-success@example.com')
    const checkoutKey = randomUUID()
    const { status, body } = await subscribe(owner.token, { checkoutKey })
    expect(status).toBe(200)
    const subscriptionId = body.subscriptionId as string
    expect(subscriptionId).toMatch(/^sub_/)

    const subscription = stripe.double.objects.subscriptions.get(subscriptionId)
    expect(subscription).toMatchObject({
      status: 'trialing',
      default_payment_method: 'pm_card_visa',
      items: { data: [{ price: { id: 'price_monthly' } }] },
    })
    const customer = stripe.double.objects.customers.get(subscription?.customer ?? '')
    expect(customer).toMatchObject({ name: 'Ada Lovelace', email: 'stripe-success@example.com' })
    const intents = [...stripe.double.objects.paymentIntents.values()].filter(
      (i) => i.customer === customer?.id,
    )
    expect(intents).toHaveLength(1)
    expect(intents[0]).toMatchObject({
      amount: 199,
      currency: 'usd',
      status: 'succeeded',
      payment_method: 'pm_card_visa',
    })

    const payment = await t.db.payment.findUniqueOrThrow({ where: { checkoutKey } })
    expect(payment).toMatchObject({
      provider: 'stripe',
      providerPaymentIntentId: intents[0]?.id,
      amount: 199,
    })
    // The trial ends 3 days after the fee was paid, as the row records it.
    expect(subscription?.trial_end).toBe(Math.ceil((payment.createdAt.getTime() + 3 * 86_400_000) / 1000))
    const row = await t.db.subscription.findUniqueOrThrow({ where: { checkoutKey } })
    expect(row).toMatchObject({
      provider: 'stripe',
      plan: 'Free Trial',
      status: 'trialing',
      providerCustomerId: customer?.id,
    })
    expect(row.endDate.getTime()).toBe((subscription?.trial_end ?? 0) * 1000)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)

    // Every create carried the key derived from the checkout key.
    const keys = stripe.double.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey)
    expect(keys).toEqual(
      expect.arrayContaining([
        `${checkoutKey}:customer`,
        `${checkoutKey}:intent`,
        `${checkoutKey}:subscription`,
      ]),
    )
  })

  it('subscribes to the yearly price with a 7-day trial', async () => {
    const owner = await t.signIn()
    const { body } = await subscribe(owner.token, { billingPeriod: 'Yearly' })
    const subscription = stripe.double.objects.subscriptions.get(body.subscriptionId as string)
    expect(subscription?.items.data[0]?.price.id).toBe('price_yearly')
    const days = ((subscription?.trial_end ?? 0) - (subscription?.start_date ?? 0)) / 86_400
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThan(7.01)
  })

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ])(
    'declines %s with 402 naming %s, and neither records a payment nor subscribes',
    async (paymentMethod, code) => {
      const owner = await t.signIn()
      const before = sizes()
      const { status, body } = await subscribe(owner.token, { paymentMethod })
      expect(status).toBe(402)
      expect(body.error).toContain(code)
      expect(sizes().subscriptions).toBe(before.subscriptions)
      expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(0)
      expect(await t.db.subscription.count({ where: { userId: owner.id } })).toBe(0)
    },
  )

  it('charges once and subscribes once when the same checkout is clicked twice and retried', async () => {
    const owner = await t.signIn()
    const before = sizes()
    const checkoutKey = randomUUID()
    const [a, b] = await Promise.all([
      subscribe(owner.token, { checkoutKey }),
      subscribe(owner.token, { checkoutKey }),
    ])
    const c = await subscribe(owner.token, { checkoutKey })
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200])
    expect(new Set([a.body.subscriptionId, b.body.subscriptionId, c.body.subscriptionId]).size).toBe(1)
    expect(sizes()).toEqual({
      customers: before.customers + 1,
      intents: before.intents + 1,
      subscriptions: before.subscriptions + 1,
    })
  })

  it('finishes a checkout whose server call failed after Stripe had charged, without charging again', async () => {
    const owner = await t.signIn()
    const checkoutKey = randomUUID()
    // The first attempt: customer and charge went through at Stripe, then Stripe failed twice (the SDK
    // retries once) while subscribing. The owner sees an error; the key stays.
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/customer',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { paymentMethodId: 'pm_card_visa', checkoutKey },
    })
    const { customerId } = customer.json() as { customerId: string }
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/payment-intent',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { customerId, paymentMethodId: 'pm_card_visa', checkoutKey, amount: 199, currency: 'usd' },
    })
    expect(intent.statusCode).toBe(200)
    const before = sizes()
    stripe.double.failNext(500, 2)
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/subscription',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { checkoutKey },
    })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({ error: 'An unexpected error occurred', code: 'UNEXPECTED' })
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)

    // The retry (or a reload) sends the whole checkout again with the same key, even with another card.
    const retry = await subscribe(owner.token, { checkoutKey, paymentMethod: 'pm_card_chargeDeclined' })
    expect(retry.status).toBe(200)
    expect(sizes()).toEqual({ ...before, subscriptions: before.subscriptions + 1 })
    expect(
      stripe.double.objects.subscriptions.get(retry.body.subscriptionId as string)?.default_payment_method,
    ).toBe('pm_card_visa')
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
  })

  it('reuses the charge Stripe made when the server lost the answer (same idempotency key)', async () => {
    const owner = await t.signIn('lost-answer@example.com')
    const checkoutKey = randomUUID()
    const customer = await t.services.payments.createCustomer({
      name: 'Test Owner',
      email: 'lost-answer@example.com',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: `${checkoutKey}:customer`,
    })
    await t.services.payments.createActivationIntent({
      customerId: customer.customerId,
      paymentMethodId: 'pm_card_visa',
      amount: 199,
      currency: 'usd',
      idempotencyKey: `${checkoutKey}:intent`,
    })
    // Nothing reached the database: a crash between Stripe's answer and the insert.
    const before = sizes()
    const { status } = await subscribe(owner.token, { checkoutKey, fullName: 'Test Owner' })
    expect(status).toBe(200)
    expect(sizes()).toEqual({ ...before, subscriptions: before.subscriptions + 1 })
  })

  it('refuses raw card numbers when real Stripe is configured', async () => {
    const owner = await t.signIn()
    const { status, body } = await subscribe(owner.token, {
      paymentMethod: undefined,
      cardNumber: '4242424242424242',
    })
    expect(status).toBe(400)
    expect(body.error).toBe('Card numbers are not accepted here; pay through the secure card form.')
    expect(t.logs.join('\n')).not.toContain('4242424242424242')
  })

  it('cancels at Stripe through DELETE /api/payments/stripe/subscription/{id}, and again without error', async () => {
    const owner = await t.signIn()
    const { body } = await subscribe(owner.token)
    const id = body.subscriptionId as string
    const intruder = await t.signIn()
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/payments/stripe/subscription/${id}`,
      headers: { authorization: `Bearer ${intruder.token}` },
    })
    expect(foreign.statusCode).toBe(404)
    expect(stripe.double.objects.subscriptions.get(id)?.status).toBe('trialing')

    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/payments/stripe/subscription/${id}`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ status: 'canceled' })
    }
    expect(stripe.double.objects.subscriptions.get(id)?.status).toBe('canceled')
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
  })
})
