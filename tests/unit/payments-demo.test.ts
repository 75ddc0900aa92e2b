import { describe, expect, it } from 'vitest'
import { createDemoProvider, demoPaymentMethodForCard } from '../../server/services/payments/demo.ts'
import {
  PaymentDeclinedError,
  PaymentProviderError,
  WebhookSignatureError,
} from '../../server/services/payments/errors.ts'

const demo = createDemoProvider()
const inThreeDays = () => Math.floor(Date.now() / 1000) + 3 * 86_400

async function subscribe(paymentMethodId: string, prefix = 'k') {
  const trialEnd = inThreeDays()
  const { customerId } = await demo.createCustomer({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    paymentMethodId,
    idempotencyKey: `${prefix}-customer`,
  })
  const intent = await demo.createActivationIntent({
    customerId,
    paymentMethodId,
    amount: 199,
    currency: 'usd',
    idempotencyKey: `${prefix}-intent`,
  })
  const subscription = await demo.createTrialSubscription({
    customerId,
    paymentMethodId,
    priceId: 'price_monthly',
    trialEnd,
    idempotencyKey: `${prefix}-subscription`,
  })
  return { customerId, intent, subscription, trialEnd }
}

describe('demo payment provider', () => {
  it('succeeds with pm_card_visa and starts a trial ending at the given time', async () => {
    const { customerId, intent, subscription, trialEnd } = await subscribe('pm_card_visa')
    expect(demo.name).toBe('demo')
    expect(customerId).toMatch(/^cus_demo_[0-9a-f]{24}$/)
    expect(intent).toEqual({
      paymentIntentId: expect.stringMatching(/^pi_demo_[0-9a-f]{24}$/),
      status: 'succeeded',
    })
    expect(subscription).toEqual({
      subscriptionId: expect.stringMatching(/^sub_demo_[0-9a-f]{24}$/),
      status: 'trialing',
      trialEnd: new Date(trialEnd * 1000),
      currentPeriodEnd: new Date(trialEnd * 1000),
    })
  })

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'Your card was declined. (card_declined)'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'insufficient_funds',
      'Your card has insufficient funds. (insufficient_funds)',
    ],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired. (expired_card)'],
  ])('declines the activation fee for %s with %s', async (paymentMethodId, code, message) => {
    const error = await subscribe(paymentMethodId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentDeclinedError)
    expect(error).toMatchObject({ code, message })
  })

  it('refuses an unknown payment method like Stripe does', async () => {
    const error = await subscribe('pm_card_mastercard_typo').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ code: 'resource_missing' })
    expect((error as Error).message).toBe("No such PaymentMethod: 'pm_card_mastercard_typo'")
    await expect(
      demo.createActivationIntent({
        customerId: 'cus_demo_x',
        paymentMethodId: 'toString',
        amount: 199,
        currency: 'usd',
        idempotencyKey: 'x',
      }),
    ).rejects.toThrow('No such PaymentMethod')
  })

  it('returns the same ids for the same idempotency keys and new ids for new keys', async () => {
    const first = await subscribe('pm_card_visa', 'same')
    const retry = await subscribe('pm_card_visa', 'same')
    const other = await subscribe('pm_card_visa', 'other')
    expect(retry.customerId).toBe(first.customerId)
    expect(retry.intent.paymentIntentId).toBe(first.intent.paymentIntentId)
    expect(retry.subscription.subscriptionId).toBe(first.subscription.subscriptionId)
    expect(other.customerId).not.toBe(first.customerId)
    expect(other.intent.paymentIntentId).not.toBe(first.intent.paymentIntentId)
    expect(other.subscription.subscriptionId).not.toBe(first.subscription.subscriptionId)
  })

  it('rejects a trial end in the past and an invalid amount', async () => {
    const base = { customerId: 'cus_demo_x', paymentMethodId: 'pm_card_visa', idempotencyKey: 'k' }
    const past = Math.floor(Date.now() / 1000) - 1
    await expect(
      demo.createTrialSubscription({ ...base, priceId: 'price_monthly', trialEnd: past }),
    ).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(
      demo.createActivationIntent({ ...base, amount: 1.99, currency: 'usd' }),
    ).rejects.toBeInstanceOf(PaymentProviderError)
  })

  it('cancels and retrieves demo subscriptions, and refuses other ids', async () => {
    const { subscription } = await subscribe('pm_card_visa', 'cancel')
    expect(await demo.cancelSubscription(subscription.subscriptionId)).toEqual({ status: 'canceled' })
    expect(await demo.retrieveSubscription(subscription.subscriptionId)).toMatchObject({
      subscriptionId: subscription.subscriptionId,
      status: 'trialing',
      cancelAtPeriodEnd: false,
    })
    await expect(demo.cancelSubscription('sub_1RealStripeId')).rejects.toBeInstanceOf(PaymentProviderError)
    await expect(demo.retrieveSubscription('I-PAYPAL')).rejects.toBeInstanceOf(PaymentProviderError)
  })

  it('accepts no webhooks', () => {
    expect(() => demo.parseWebhook('{}', 't=1,v1=abc')).toThrow(WebhookSignatureError)
  })
})

describe('demoPaymentMethodForCard', () => {
  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['4000-0000-0000-0002', 'pm_card_chargeDeclined'],
    ['4000000000009995', 'pm_card_chargeDeclinedInsufficientFunds'],
    [' 4000 0000 0000 0069 ', 'pm_card_chargeDeclinedExpiredCard'],
  ])('maps %s to %s', (cardNumber, paymentMethodId) => {
    expect(demoPaymentMethodForCard(cardNumber)).toBe(paymentMethodId)
  })

  it.each(['4111 1111 1111 1111', '', '4242', 'constructor', '4242x4242x4242x4242'])(
    'knows nothing of %j',
    (n) => {
      expect(demoPaymentMethodForCard(n)).toBeNull()
    },
  )
})
