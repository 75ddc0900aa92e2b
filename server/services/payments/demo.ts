import { createHash } from 'node:crypto'
import { PaymentDeclinedError, PaymentProviderError, WebhookSignatureError } from './errors.ts'
import type { PaymentProvider } from './types.ts'

interface Decline {
  code: string
  reason: string
}

/**
 * Stripe's documented test payment methods (docs/operations.md "Demo payment provider")
 * and what charging them does.
 */
const TEST_PAYMENT_METHODS = new Map<string, Decline | null>([
  ['pm_card_visa', null],
  ['pm_card_chargeDeclined', { code: 'card_declined', reason: 'Your card was declined.' }],
  [
    'pm_card_chargeDeclinedInsufficientFunds',
    { code: 'insufficient_funds', reason: 'Your card has insufficient funds.' },
  ],
  ['pm_card_chargeDeclinedExpiredCard', { code: 'expired_card', reason: 'Your card has expired.' }],
])

const TEST_CARD_NUMBERS = new Map<string, string>([
  ['4242424242424242', 'pm_card_visa'],
  ['4000000000000002', 'pm_card_chargeDeclined'],
  ['4000000000009995', 'pm_card_chargeDeclinedInsufficientFunds'],
  ['4000000000000069', 'pm_card_chargeDeclinedExpiredCard'],
])

/** The test payment method for one of Stripe's test card numbers (spaces and dashes allowed), else null. */
export function demoPaymentMethodForCard(cardNumber: string): string | null {
  return TEST_CARD_NUMBERS.get(cardNumber.replace(/[\s-]/g, '')) ?? null
}

/**
 * Stripe's test mode without network or money. Ids are derived from the idempotency key, so a retried
 * request gets the same ids back with nothing stored; the database is the record of demo subscriptions.
 */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',

    async createCustomer({ paymentMethodId, idempotencyKey }) {
      outcomeOf(paymentMethodId)
      return { customerId: demoId('cus', idempotencyKey) }
    },

    async createActivationIntent({ paymentMethodId, amount, idempotencyKey }) {
      if (!Number.isInteger(amount) || amount <= 0) {
        throw new PaymentProviderError('parameter_invalid_integer', `Invalid amount: ${amount}`, {
          statusCode: 400,
        })
      }
      const decline = outcomeOf(paymentMethodId)
      if (decline) throw new PaymentDeclinedError(decline.code, decline.reason)
      return { paymentIntentId: demoId('pi', idempotencyKey), status: 'succeeded' }
    },

    async cardFingerprint(paymentMethodId) {
      outcomeOf(paymentMethodId)
      // Every demo owner pays with the same test cards: the demo keeps the rule per owner only.
      return null
    },

    async createTrialSubscription({ paymentMethodId, trialEnd, idempotencyKey }) {
      const decline = outcomeOf(paymentMethodId)
      if (trialEnd === null) {
        // The plan from today: the first period is charged now (the database records its end).
        if (decline) throw new PaymentDeclinedError(decline.code, decline.reason)
        return {
          subscriptionId: demoId('sub', idempotencyKey),
          status: 'active',
          currentPeriodEnd: null,
          trialEnd: null,
        }
      }
      if (!Number.isInteger(trialEnd) || trialEnd * 1000 <= Date.now()) {
        throw new PaymentProviderError(
          'parameter_invalid_integer',
          'Invalid timestamp: must be an integer Unix timestamp in the future.',
          { statusCode: 400 },
        )
      }
      const end = new Date(trialEnd * 1000)
      return {
        subscriptionId: demoId('sub', idempotencyKey),
        status: 'trialing',
        currentPeriodEnd: end,
        trialEnd: end,
      }
    },

    async cancelSubscription(subscriptionId) {
      requireDemoSubscription(subscriptionId)
      return { status: 'canceled' }
    },

    async retrieveSubscription(subscriptionId) {
      requireDemoSubscription(subscriptionId)
      return {
        subscriptionId,
        status: 'trialing',
        customerId: null,
        trialEnd: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      }
    },

    parseWebhook() {
      throw new WebhookSignatureError('The demo payment provider sends no webhooks')
    },
  }
}

function demoId(prefix: 'cus' | 'pi' | 'sub', idempotencyKey: string): string {
  const hash = createHash('sha256').update(`${prefix}:${idempotencyKey}`).digest('hex')
  return `${prefix}_demo_${hash.slice(0, 24)}`
}

/** Returns the decline a charge would meet (null = success); an unknown id fails like Stripe's resource_missing. */
function outcomeOf(paymentMethodId: string): Decline | null {
  const outcome = TEST_PAYMENT_METHODS.get(paymentMethodId)
  if (outcome === undefined) {
    throw new PaymentProviderError('resource_missing', `No such PaymentMethod: '${paymentMethodId}'`, {
      statusCode: 400,
    })
  }
  return outcome
}

function requireDemoSubscription(subscriptionId: string): void {
  if (!subscriptionId.startsWith('sub_demo_')) {
    throw new PaymentProviderError('resource_missing', `No such subscription: '${subscriptionId}'`, {
      statusCode: 404,
    })
  }
}
