import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PaymentDeclinedError,
  PaymentProviderError,
  WebhookSignatureError,
} from '../../server/services/payments/errors.ts'
import { createStripeProvider } from '../../server/services/payments/stripe.ts'
import type { PaymentProvider } from '../../server/services/payments/types.ts'
import { type StripeDouble, signWebhook, startStripeDouble } from '../doubles/stripe-server.ts'

const WEBHOOK_SECRET = 'whsec_test_double'
const inThreeDays = () => Math.floor(Date.now() / 1000) + 3 * 86_400

let double: StripeDouble
let stripe: PaymentProvider
let keySeq = 0
const key = (label: string) => `test-${label}-${++keySeq}-${Date.now()}`

beforeAll(async () => {
  double = await startStripeDouble()
  stripe = createStripeProvider({
    secretKey: 'sk_test_double',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: double.apiBase,
    timeoutMs: 5_000,
  })
})

afterAll(async () => {
  await double.close()
})

/** What a provider's createCustomer (a fresh key, a working card) settles with: the tests expect a failure. */
function createCustomerOutcome(provider: PaymentProvider): Promise<unknown> {
  return provider
    .createCustomer({
      name: 'A',
      email: 'a@example.com',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: key('c'),
    })
    .catch((e: unknown) => e)
}

/** One checkout's idempotency keys and trial end: a retry with them sends the very same requests. */
const checkoutKeys = () => ({ c: key('c'), pi: key('pi'), sub: key('sub'), trialEnd: inThreeDays() })

async function subscribe(paymentMethodId: string, keys = checkoutKeys()) {
  const { trialEnd } = keys
  const { customerId } = await stripe.createCustomer({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    paymentMethodId,
    idempotencyKey: keys.c,
  })
  const intent = await stripe.createActivationIntent({
    customerId,
    paymentMethodId,
    amount: 199,
    currency: 'usd',
    idempotencyKey: keys.pi,
  })
  const subscription = await stripe.createTrialSubscription({
    customerId,
    paymentMethodId,
    priceId: 'price_monthly',
    trialEnd,
    idempotencyKey: keys.sub,
  })
  return { customerId, intent, subscription, trialEnd }
}

describe('Stripe provider against the local Stripe double', () => {
  it('creates the customer with the card attached, charges the fee and starts a trial', async () => {
    const { customerId, intent, subscription, trialEnd } = await subscribe('pm_card_visa')

    expect(stripe.name).toBe('stripe')
    expect(customerId).toMatch(/^cus_/)
    expect(double.objects.customers.get(customerId)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    })
    expect(intent.paymentIntentId).toMatch(/^pi_/)
    expect(intent.status).toBe('succeeded')
    expect(double.objects.paymentIntents.get(intent.paymentIntentId)).toMatchObject({
      amount: 199,
      currency: 'usd',
      customer: customerId,
      payment_method: 'pm_card_visa',
    })
    expect(subscription.subscriptionId).toMatch(/^sub_/)
    expect(subscription.status).toBe('trialing')
    expect(subscription.trialEnd).toEqual(new Date(trialEnd * 1000))
    expect(subscription.currentPeriodEnd).toEqual(new Date(trialEnd * 1000))
    expect(double.objects.subscriptions.get(subscription.subscriptionId)).toMatchObject({
      customer: customerId,
      default_payment_method: 'pm_card_visa',
      items: { data: [{ price: { id: 'price_monthly' } }] },
    })
  })

  it('sends the caller idempotency key on every create', async () => {
    const keys = checkoutKeys()
    await subscribe('pm_card_visa', keys)
    const sent = double.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey)
    expect(sent).toEqual(expect.arrayContaining([keys.c, keys.pi, keys.sub]))
  })

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ])('maps the decline of %s to PaymentDeclinedError(%s)', async (paymentMethodId, code) => {
    const error = await subscribe(paymentMethodId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentDeclinedError)
    expect((error as PaymentDeclinedError).code).toBe(code)
    expect((error as PaymentDeclinedError).message).toContain(`(${code})`)
  })

  it('reports an unknown payment method as a provider error, not a decline', async () => {
    const error = await subscribe('pm_unknown').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 400 })
    expect((error as Error).message).toContain("No such PaymentMethod: 'pm_unknown'")
  })

  it('creates exactly one customer, intent and subscription when the same keys are retried', async () => {
    const keys = checkoutKeys()
    const counts = () => [
      double.objects.customers.size,
      double.objects.paymentIntents.size,
      double.objects.subscriptions.size,
    ]
    const before = counts()
    const first = await subscribe('pm_card_visa', keys)
    const second = await subscribe('pm_card_visa', keys)

    expect(counts()).toEqual(before.map((n) => n + 1))
    expect(second.customerId).toBe(first.customerId)
    expect(second.intent.paymentIntentId).toBe(first.intent.paymentIntentId)
    expect(second.subscription.subscriptionId).toBe(first.subscription.subscriptionId)
    const replays = double.requests.filter((r) => Object.values(keys).includes(r.idempotencyKey ?? ''))
    expect(replays.map((r) => r.replayed)).toEqual([false, false, false, true, true, true])
  })

  it('replays a decline for a retried key instead of charging again', async () => {
    const keys = checkoutKeys()
    await expect(subscribe('pm_card_chargeDeclined', keys)).rejects.toBeInstanceOf(PaymentDeclinedError)
    const intents = double.objects.paymentIntents.size
    await expect(subscribe('pm_card_chargeDeclined', keys)).rejects.toThrow('(card_declined)')
    expect(double.objects.paymentIntents.size).toBe(intents)
  })

  it('retries a transient 500 once with the same key and creates one customer', async () => {
    const before = double.objects.customers.size
    double.failNext(500)
    const idempotencyKey = key('c')
    await stripe.createCustomer({
      name: 'A',
      email: 'a@example.com',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey,
    })
    expect(double.objects.customers.size).toBe(before + 1)
    const attempts = double.requests.filter((r) => r.idempotencyKey === idempotencyKey)
    expect(attempts.map((r) => r.status)).toEqual([500, 200])
  })

  it('gives up after one retry with a PaymentProviderError', async () => {
    double.failNext(503, 2)
    const error = await createCustomerOutcome(stripe)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect((error as PaymentProviderError).statusCode).toBe(503)
  })

  it('refuses a key reused with different parameters (idempotency_error)', async () => {
    const idempotencyKey = key('c')
    const input = { name: 'A', email: 'a@example.com', paymentMethodId: 'pm_card_visa', idempotencyKey }
    await stripe.createCustomer(input)
    const error = await stripe.createCustomer({ ...input, email: 'b@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect((error as PaymentProviderError).code).toBe('idempotency_error')
  })

  it('reports a rejected API key as a 401 provider error', async () => {
    const wrongKey = createStripeProvider({ secretKey: 'not-a-key', apiBase: double.apiBase })
    const error = await createCustomerOutcome(wrongKey)
    expect(error).toMatchObject({ name: 'PaymentProviderError', statusCode: 401 })
  })

  it('rejects an API base that is not http(s)', () => {
    expect(() => createStripeProvider({ secretKey: 'sk_test_x', apiBase: 'ftp://127.0.0.1:1' })).toThrow(
      /STRIPE_API_BASE/,
    )
  })

  it('retrieves a subscription with its current state', async () => {
    const { customerId, subscription, trialEnd } = await subscribe('pm_card_visa')
    expect(await stripe.retrieveSubscription(subscription.subscriptionId)).toEqual({
      subscriptionId: subscription.subscriptionId,
      status: 'trialing',
      customerId,
      trialEnd: new Date(trialEnd * 1000),
      currentPeriodEnd: new Date(trialEnd * 1000),
      cancelAtPeriodEnd: false,
    })
    double.setSubscriptionStatus(subscription.subscriptionId, 'past_due')
    expect((await stripe.retrieveSubscription(subscription.subscriptionId)).status).toBe('past_due')
  })

  it('reports a missing subscription on retrieve as a 404 provider error', async () => {
    const error = await stripe.retrieveSubscription('sub_missing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 })
  })

  it('cancels a subscription, and cancelling it again still succeeds', async () => {
    const { subscription } = await subscribe('pm_card_visa')
    expect(await stripe.cancelSubscription(subscription.subscriptionId)).toEqual({ status: 'canceled' })
    expect(double.objects.subscriptions.get(subscription.subscriptionId)?.status).toBe('canceled')
    expect(await stripe.cancelSubscription(subscription.subscriptionId)).toEqual({ status: 'canceled' })
  })

  it('fails to cancel a subscription that does not exist', async () => {
    await expect(stripe.cancelSubscription('sub_missing')).rejects.toBeInstanceOf(PaymentProviderError)
  })
})

describe('Stripe webhooks', () => {
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } })

  it('accepts a correctly signed subscription event and names the subscription', () => {
    const payload = event('customer.subscription.updated', { id: 'sub_123', object: 'subscription' })
    expect(stripe.parseWebhook(Buffer.from(payload), signWebhook(payload, WEBHOOK_SECRET))).toEqual({
      id: 'evt_customer.subscription.updated',
      type: 'customer.subscription.updated',
      subscriptionId: 'sub_123',
    })
  })

  it('finds the subscription of an invoice event in both API shapes', () => {
    const current = event('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_new' } },
    })
    const legacy = event('invoice.payment_failed', { id: 'in_2', object: 'invoice', subscription: 'sub_old' })
    expect(stripe.parseWebhook(current, signWebhook(current, WEBHOOK_SECRET)).subscriptionId).toBe('sub_new')
    expect(stripe.parseWebhook(legacy, signWebhook(legacy, WEBHOOK_SECRET)).subscriptionId).toBe('sub_old')
  })

  it('leaves subscriptionId out for other events', () => {
    const payload = event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' })
    expect(stripe.parseWebhook(payload, signWebhook(payload, WEBHOOK_SECRET))).toEqual({
      id: 'evt_payment_intent.succeeded',
      type: 'payment_intent.succeeded',
    })
  })

  it('rejects a signature made with another secret', () => {
    const payload = event('customer.subscription.deleted', { id: 'sub_1' })
    expect(() => stripe.parseWebhook(payload, signWebhook(payload, 'whsec_other'))).toThrow(
      WebhookSignatureError,
    )
  })

  it('rejects a body changed after signing', () => {
    const payload = event('customer.subscription.deleted', { id: 'sub_1' })
    const header = signWebhook(payload, WEBHOOK_SECRET)
    expect(() => stripe.parseWebhook(payload.replace('sub_1', 'sub_2'), header)).toThrow(
      WebhookSignatureError,
    )
  })

  it('rejects a signature older than 300 seconds and accepts one just inside', () => {
    const payload = event('customer.subscription.trial_will_end', { id: 'sub_1' })
    const now = Math.floor(Date.now() / 1000)
    expect(() => stripe.parseWebhook(payload, signWebhook(payload, WEBHOOK_SECRET, now - 301))).toThrow(
      WebhookSignatureError,
    )
    expect(stripe.parseWebhook(payload, signWebhook(payload, WEBHOOK_SECRET, now - 290)).subscriptionId).toBe(
      'sub_1',
    )
  })

  it('rejects a missing or malformed signature header', () => {
    const payload = event('customer.subscription.created', { id: 'sub_1' })
    expect(() => stripe.parseWebhook(payload, undefined)).toThrow(WebhookSignatureError)
    expect(() => stripe.parseWebhook(payload, '')).toThrow(WebhookSignatureError)
    expect(() => stripe.parseWebhook(payload, 'garbage')).toThrow(WebhookSignatureError)
  })

  it('refuses every webhook when no webhook secret is configured', () => {
    const unsigned = createStripeProvider({ secretKey: 'sk_test_double', apiBase: double.apiBase })
    const payload = event('customer.subscription.created', { id: 'sub_1' })
    expect(() => unsigned.parseWebhook(payload, signWebhook(payload, WEBHOOK_SECRET))).toThrow(
      WebhookSignatureError,
    )
  })
})
