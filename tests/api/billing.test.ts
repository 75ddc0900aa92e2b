// Billing on the demo payment provider (no Stripe key), through the REST rows of docs/product.md §7 and tRPC.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { suiteApp } from '../helpers/app.ts'
import { CARD_CHECKOUT, specPaymentRows } from '../helpers/checkout.ts'

const t = suiteApp()

type Json = Record<string, unknown>

async function rest(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const response = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Json }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  })
  return { status: response.statusCode, body: response.json() as Json }
}

const VISA = '4242 4242 4242 4242'

function subscribePayload(overrides: Json = {}): Json {
  return {
    fullName: 'Ada Lovelace',
    country: 'US',
    state: 'CA',
    postalCode: '94105',
    cardNumber: VISA,
    billingPeriod: 'Monthly',
    catDetails: { cat_name: 'Tom' },
    checkoutKey: randomUUID(),
    ...overrides,
  }
}

/** POST /api/supabase/subscriptions as the owner of `token`: subscribePayload with `overrides`. */
const subscribe = (token: string | null, overrides: Json = {}) =>
  rest('POST', '/api/supabase/subscriptions', token, subscribePayload(overrides))

async function counts(userId: number) {
  const [payments, subscriptions] = await Promise.all([
    t.db.payment.count({ where: { userId } }),
    t.db.subscription.count({ where: { userId } }),
  ])
  return { payments, subscriptions }
}

describe('checkout with the demo provider (POST /api/supabase/subscriptions)', () => {
  it('charges the $1.99 activation fee once, starts a 3-day monthly trial and records it as Free Trial', async () => {
    const owner = await t.signIn()
    const before = Date.now()
    const { status, body } = await subscribe(owner.token)

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.subscriptionId).toMatch(/^sub_demo_/)
    const subscription = body.subscription as Json
    expect(subscription).toMatchObject({
      plan: 'Free Trial',
      provider: 'demo',
      billing_period: 'Monthly',
      status: 'trialing',
      subscription_id: body.subscriptionId,
      active: true,
      cancel_at_period_end: false,
      canceled_at: null,
    })
    const days =
      (Date.parse(subscription.end_date as string) - Date.parse(subscription.start_date as string)) /
      86_400_000
    expect(days).toBeCloseTo(3, 3)
    expect(Date.parse(subscription.start_date as string)).toBeGreaterThanOrEqual(before - 1000)

    const payments = await t.db.payment.findMany({ where: { userId: owner.id } })
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({ amount: 199, currency: 'usd', status: 'succeeded', provider: 'demo' })
    expect(payments[0]?.providerPaymentIntentId).toMatch(/^pi_demo_/)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
    const user = await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })
    expect(user.providerCustomerId).toMatch(/^cus_demo_/)
  })

  it('starts a 7-day trial on the yearly plan and remembers the plan', async () => {
    const owner = await t.signIn()
    const { status, body } = await subscribe(owner.token, { billingPeriod: 'Yearly' })
    expect(status).toBe(200)
    const subscription = body.subscription as Json
    expect(subscription.billing_period).toBe('Yearly')
    const days =
      (Date.parse(subscription.end_date as string) - Date.parse(subscription.start_date as string)) /
      86_400_000
    expect(days).toBeCloseTo(7, 3)
    const plan = await (await t.caller(owner.token)).billing.createPlan()
    expect(plan).toMatchObject({ billingPeriod: 'Yearly', method: true, price: 299.99 })
  })

  it('charges once and subscribes once for a double click, a retry and a reload with the same checkout key', async () => {
    const owner = await t.signIn()
    const payload = subscribePayload()
    const clicks = await Promise.all(
      [1, 2, 3].map(() => rest('POST', '/api/supabase/subscriptions', owner.token, payload)),
    )
    const retry = await rest('POST', '/api/supabase/subscriptions', owner.token, payload)
    // A reload loses the card form; the same key with another card still finds the finished checkout.
    const reload = await subscribe(owner.token, {
      checkoutKey: payload.checkoutKey,
      cardNumber: '4000 0000 0000 0002',
    })
    const ids = [...clicks, retry, reload].map((r) => {
      expect(r.status).toBe(200)
      return r.body.subscriptionId
    })
    expect(new Set(ids).size).toBe(1)
    expect(await counts(owner.id)).toEqual({ payments: 1, subscriptions: 1 })
  })

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000-0000-0000-0069', 'expired_card'],
  ])(
    'answers 402 naming the decline for %s, moves no money, and a new key with a good card succeeds',
    async (card, code) => {
      const owner = await t.signIn()
      const declined = await subscribe(owner.token, { cardNumber: card })
      expect(declined.status).toBe(402)
      expect(declined.body.error).toContain(code)
      expect(await counts(owner.id)).toEqual({ payments: 0, subscriptions: 0 })
      expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)

      const paid = await subscribe(owner.token)
      expect(paid.status).toBe(200)
      expect(await counts(owner.id)).toEqual({ payments: 1, subscriptions: 1 })
    },
  )

  it('refuses a card number that is not a test card, and never writes a card number to the log', async () => {
    const owner = await t.signIn()
    const unknown = await subscribe(owner.token, { cardNumber: '5555 6666 7777 8888' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe(
      'This is a demo: no money moves. Please use a test card such as 4242 4242 4242 4242.',
    )
    // A number the demo form would refuse (the same rule, shared/schemas/billing.ts) is refused here too.
    for (const number of ['4242', '4242 4242 4242 4242 4242', '4242x4242x4242x4242']) {
      const malformed = await subscribe(owner.token, { cardNumber: number })
      expect(malformed.status).toBe(400)
      expect(malformed.body.error).toContain('This is a demo: no money moves.')
    }
    expect(await counts(owner.id)).toEqual({ payments: 0, subscriptions: 0 })
    const logs = t.logs.join('\n')
    for (const digits of [
      '5555666677778888',
      '5555 6666 7777 8888',
      '4242424242424242',
      '4242 4242 4242 4242',
    ]) {
      expect(logs).not.toContain(digits)
    }
  })

  it('requires the contact fields, a card and a well-formed Idempotency-Key when one is sent (400), and a session (401)', async () => {
    const owner = await t.signIn()
    for (const field of ['country', 'state', 'postalCode', 'fullName']) {
      const { status, body } = await subscribe(owner.token, { [field]: '  ' })
      expect(status).toBe(400)
      expect(body.error).toContain('Please fill in all required fields')
    }
    const noCard = await subscribe(owner.token, { cardNumber: undefined })
    expect(noCard.status).toBe(400)
    expect(noCard.body.error).toContain('A card payment method is required')
    // The key is optional (without it the owner's one open checkout is used); a malformed one is refused.
    const badKey = await rest(
      'POST',
      '/api/supabase/subscriptions',
      owner.token,
      subscribePayload({ checkoutKey: undefined }),
      { 'idempotency-key': 'no spaces allowed' },
    )
    expect(badKey.status).toBe(400)
    expect(badKey.body.error).toContain('Idempotency-Key')
    const badPeriod = await subscribe(owner.token, { billingPeriod: 'Weekly' })
    expect(badPeriod.status).toBe(400)
    const anonymous = await subscribe(null)
    expect(anonymous).toEqual({
      status: 401,
      body: { error: 'User Not Authenticated', code: 'NOT_AUTHENTICATED' },
    })
    expect(await counts(owner.id)).toEqual({ payments: 0, subscriptions: 0 })
  })

  it("keeps one owner's checkout key out of another's reach (404)", async () => {
    const first = await t.signIn()
    const second = await t.signIn()
    const payload = subscribePayload()
    expect((await rest('POST', '/api/supabase/subscriptions', first.token, payload)).status).toBe(200)
    const stolen = await rest('POST', '/api/supabase/subscriptions', second.token, payload)
    expect(stolen.status).toBe(404)
    expect(await counts(second.id)).toEqual({ payments: 0, subscriptions: 0 })
  })

  it('runs the same checkout through tRPC with a payment method id', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const result = await api.billing.checkout({ ...CARD_CHECKOUT, checkoutKey: randomUUID() })
    expect(result.subscriptionId).toMatch(/^sub_demo_/)
    expect(await api.billing.status()).toMatchObject({
      subscribed: true,
      subscriptionId: result.subscriptionId,
    })
  })
})

describe('the payment flow step by step (docs/product.md §7 payments rows)', () => {
  it('creates the customer, the $1.99 intent and the trial subscription, then records it and lists it', async () => {
    const owner = await t.signIn()
    const checkoutKey = randomUUID()
    const pay = specPaymentRows(rest, owner.token)
    const customer = await pay.customer('ada@example.com', { checkoutKey })
    expect(customer.status).toBe(200)
    expect(customer.body.customerId).toMatch(/^cus_demo_/)

    const intent = await pay.intent(customer.body.customerId, { checkoutKey })
    expect(intent).toMatchObject({ status: 200, body: { status: 'succeeded' } })
    expect(intent.body.paymentIntentId).toMatch(/^pi_demo_/)

    const subscription = await pay.subscription(
      customer.body.customerId,
      Math.floor(Date.now() / 1000) + 999_999,
      { checkoutKey },
    )
    expect(subscription.status).toBe(200)
    expect(subscription.body).toEqual({ subscriptionId: expect.stringMatching(/^sub_demo_/), success: true })

    // The trial end is the server's (3 days from the payment), not the one the client sent.
    const row = await t.db.subscription.findUniqueOrThrow({ where: { checkoutKey } })
    expect((row.endDate.getTime() - row.startDate.getTime()) / 86_400_000).toBeCloseTo(3, 3)

    const recorded = await rest('POST', '/api/supabase/subscriptions', owner.token, {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      country: 'US',
      state: 'NY',
      postalCode: '10001',
      planName: 'Free Trial',
      startDate: new Date().toISOString(),
      endDate: new Date().toISOString(),
      provider: 'Stripe',
      billingPeriod: 'Monthly',
      subscriptionId: subscription.body.subscriptionId,
    })
    expect(recorded.status).toBe(200)
    expect(recorded.body).toMatchObject({ success: true, subscriptionId: subscription.body.subscriptionId })

    const list = await rest('GET', '/api/supabase/subscriptions', owner.token)
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      expect.objectContaining({ subscription_id: subscription.body.subscriptionId, active: true }),
    ])
    expect(await counts(owner.id)).toEqual({ payments: 1, subscriptions: 1 })
  })

  it('takes the checkout key from an Idempotency-Key header and replays each step', async () => {
    const owner = await t.signIn()
    const headers = { 'idempotency-key': randomUUID() }
    const first = await rest(
      'POST',
      '/api/payments/stripe/customer',
      owner.token,
      { paymentMethodId: 'pm_card_visa' },
      headers,
    )
    const again = await rest(
      'POST',
      '/api/payments/stripe/customer',
      owner.token,
      { paymentMethodId: 'pm_card_visa' },
      headers,
    )
    expect(first.status).toBe(200)
    expect(again.body.customerId).toBe(first.body.customerId)
    const body = { customerId: first.body.customerId, paymentMethodId: 'pm_card_visa' }
    const intents = await Promise.all(
      [1, 2].map(() => rest('POST', '/api/payments/stripe/payment-intent', owner.token, body, headers)),
    )
    expect(intents[0]?.body.paymentIntentId).toBe(intents[1]?.body.paymentIntentId)
    expect(await counts(owner.id)).toEqual({ payments: 1, subscriptions: 0 })
  })

  it('refuses another amount or currency, a subscription before the fee, an unknown price and a foreign customer', async () => {
    const owner = await t.signIn()
    const checkoutKey = randomUUID()
    const { body: customer } = await rest('POST', '/api/payments/stripe/customer', owner.token, {
      paymentMethodId: 'pm_card_visa',
      checkoutKey,
    })
    const intent = (extra: Json) =>
      rest('POST', '/api/payments/stripe/payment-intent', owner.token, {
        customerId: customer.customerId,
        paymentMethodId: 'pm_card_visa',
        checkoutKey,
        ...extra,
      })
    expect((await intent({ amount: 1 })).status).toBe(400)
    expect((await intent({ currency: 'eur' })).status).toBe(400)

    const early = await rest('POST', '/api/payments/stripe/subscription', owner.token, { checkoutKey })
    expect(early).toEqual({
      status: 409,
      body: {
        error: 'The activation fee has not been paid for this checkout yet.',
        code: 'ACTIVATION_FEE_REQUIRED',
      },
    })

    const other = await t.signIn()
    const foreign = await rest('POST', '/api/payments/stripe/payment-intent', other.token, {
      customerId: customer.customerId,
      paymentMethodId: 'pm_card_visa',
      checkoutKey: randomUUID(),
    })
    expect(foreign.status).toBe(404)

    expect((await intent({ currency: 'USD' })).status).toBe(200)
    const unknownPrice = await rest('POST', '/api/payments/stripe/subscription', owner.token, {
      checkoutKey,
      priceId: 'price_gold',
    })
    expect(unknownPrice).toEqual({
      status: 400,
      body: { error: 'Unknown price: choose the monthly or the yearly plan.', code: 'PRICE_UNKNOWN' },
    })
    const yearly = await rest('POST', '/api/payments/stripe/subscription', owner.token, {
      checkoutKey,
      priceId: 'price_yearly',
    })
    expect(yearly.status).toBe(200)
    // The plan paid for (the owner's Monthly default at payment time) decides, not the price sent afterwards.
    const row = await t.db.subscription.findUniqueOrThrow({ where: { checkoutKey } })
    expect(row.billingPeriod).toBe('Monthly')
  })

  it('declines at the payment intent step with the code in the error', async () => {
    const owner = await t.signIn()
    const checkoutKey = randomUUID()
    const { body: customer } = await rest('POST', '/api/payments/stripe/customer', owner.token, {
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
      checkoutKey,
    })
    const intent = await rest('POST', '/api/payments/stripe/payment-intent', owner.token, {
      customerId: customer.customerId,
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
      checkoutKey,
    })
    expect(intent.status).toBe(402)
    expect(intent.body.error).toContain('insufficient_funds')
  })
})

describe('plan rows', () => {
  it('createPlan keeps the current plan, updatePlan switches it, removePlan resets it to Monthly', async () => {
    const owner = await t.signIn()
    const created = await rest('POST', '/api/supabase/createPlan', owner.token, {})
    expect(created).toEqual({
      status: 200,
      body: {
        billingPeriod: 'Monthly',
        method: false,
        price: 49.99,
        daily: 0.82,
        monthly: 49.99,
        yearly: 299.99,
      },
    })
    const yearly = await rest('PUT', '/api/supabase/updatePlan', owner.token, { billingPeriod: 'Yearly' })
    expect(yearly.body).toMatchObject({ billingPeriod: 'Yearly', method: true, price: 299.99 })
    expect((await rest('POST', '/api/supabase/createPlan', owner.token)).body).toMatchObject({
      billingPeriod: 'Yearly',
    })
    const byMethod = await rest('PUT', '/api/supabase/updatePlan', owner.token, { method: false })
    expect(byMethod.body).toMatchObject({ billingPeriod: 'Monthly', price: 49.99 })
    await rest('PUT', '/api/supabase/updatePlan', owner.token, { billingPeriod: 'Yearly' })
    const removed = await rest('DELETE', '/api/supabase/removePlan', owner.token)
    expect(removed.body).toMatchObject({ billingPeriod: 'Monthly', method: false, price: 49.99 })
  })

  it('refuses an unknown plan (400) and an anonymous caller (401)', async () => {
    const owner = await t.signIn()
    expect(
      (await rest('PUT', '/api/supabase/updatePlan', owner.token, { billingPeriod: 'Weekly' })).status,
    ).toBe(400)
    expect((await rest('PUT', '/api/supabase/updatePlan', owner.token, {})).status).toBe(400)
    expect((await rest('POST', '/api/supabase/createPlan', null, {})).status).toBe(401)
    expect((await rest('DELETE', '/api/supabase/removePlan', null)).status).toBe(401)
  })

  it('subscribes to the plan chosen with updatePlan when the REST steps send none', async () => {
    const owner = await t.signIn()
    await rest('PUT', '/api/supabase/updatePlan', owner.token, { billingPeriod: 'Yearly' })
    const checkoutKey = randomUUID()
    const { body: customer } = await rest('POST', '/api/payments/stripe/customer', owner.token, {
      paymentMethodId: 'pm_card_visa',
      checkoutKey,
    })
    await rest('POST', '/api/payments/stripe/payment-intent', owner.token, {
      customerId: customer.customerId,
      paymentMethodId: 'pm_card_visa',
      checkoutKey,
    })
    await rest('POST', '/api/payments/stripe/subscription', owner.token, { checkoutKey })
    const row = await t.db.subscription.findUniqueOrThrow({ where: { checkoutKey } })
    expect(row.billingPeriod).toBe('Yearly')
    expect((row.endDate.getTime() - row.startDate.getTime()) / 86_400_000).toBeCloseTo(7, 3)
  })
})

describe('cancellation', () => {
  async function subscribed() {
    const owner = await t.signIn()
    const { body } = await subscribe(owner.token)
    return { ...owner, subscriptionId: body.subscriptionId as string }
  }

  it('cancels the owner’s card subscription at once: access ends, and a repeated cancel still succeeds', async () => {
    const owner = await subscribed()
    const cancelled = await rest('DELETE', `/api/supabase/subscriptions/${owner.subscriptionId}`, owner.token)
    expect(cancelled).toEqual({
      status: 200,
      body: { success: true, subscription_id: owner.subscriptionId, status: 'canceled' },
    })
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
    const row = await t.db.subscription.findUniqueOrThrow({
      where: { providerSubscriptionId: owner.subscriptionId },
    })
    expect(row.canceledAt).not.toBeNull()
    expect(row.endDate.getTime()).toBeLessThanOrEqual(Date.now())

    const again = await rest(
      'DELETE',
      `/api/payments/stripe/subscription/${owner.subscriptionId}`,
      owner.token,
    )
    expect(again.status).toBe(200)
    expect(await (await t.caller(owner.token)).billing.status()).toMatchObject({
      subscribed: false,
      subscriptionId: null,
    })
  })

  it("answers 404 for another owner's subscription and leaves it untouched", async () => {
    const owner = await subscribed()
    const intruder = await t.signIn()
    for (const request of [
      rest('DELETE', `/api/supabase/subscriptions/${owner.subscriptionId}`, intruder.token),
      rest('DELETE', `/api/payments/stripe/subscription/${owner.subscriptionId}`, intruder.token),
    ]) {
      expect((await request).status).toBe(404)
    }
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
    expect((await rest('DELETE', '/api/supabase/subscriptions/sub_unknown', owner.token)).status).toBe(404)
  })

  it('applies the id rule: other prefixes are invalid, no id is "No subscription ID found"', async () => {
    const owner = await subscribed()
    const invalid = await rest('DELETE', '/api/supabase/subscriptions/cus_123', owner.token)
    expect(invalid).toEqual({
      status: 400,
      body: { error: 'Invalid subscription ID', code: 'INVALID_SUBSCRIPTION_ID' },
    })
    const paypalOnStripe = await rest('DELETE', '/api/payments/stripe/subscription/I-ABC123', owner.token)
    expect(paypalOnStripe).toEqual({
      status: 400,
      body: { error: 'Invalid subscription ID', code: 'INVALID_SUBSCRIPTION_ID' },
    })
    const stripeOnPaypal = await rest(
      'POST',
      `/api/payments/paypal/subscription/${owner.subscriptionId}`,
      owner.token,
    )
    expect(stripeOnPaypal).toEqual({
      status: 400,
      body: { error: 'Invalid subscription ID', code: 'INVALID_SUBSCRIPTION_ID' },
    })
    const api = await t.caller(owner.token)
    await expect(api.billing.cancel({})).rejects.toThrow('No subscription ID found')
    await expect(api.billing.cancel({ id: 'null' })).rejects.toThrow('No subscription ID found')
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
  })

  it('answers that PayPal is not configured when PAYPAL_* is unset', async () => {
    const owner = await t.signIn()
    const response = await rest('POST', '/api/payments/paypal/subscription/I-BW452GLLEP1G', owner.token)
    expect(response).toEqual({
      status: 412,
      body: { error: 'PayPal is not configured', code: 'PAYPAL_NOT_CONFIGURED' },
    })
    expect((await rest('POST', '/api/payments/paypal/subscription/I-BW452GLLEP1G', null)).status).toBe(401)
  })
})

describe('webhook with the demo provider', () => {
  it('refuses every webhook: the demo provider sends none', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: JSON.stringify({ id: 'evt_1', type: 'customer.subscription.updated' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'Invalid webhook signature', code: 'INVALID_WEBHOOK' })
  })
})
