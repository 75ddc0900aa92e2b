import Stripe from 'stripe'
import { PaymentDeclinedError, PaymentProviderError, WebhookSignatureError } from './errors.ts'
import type { PaymentProvider, ProviderSubscription, WebhookEvent } from './types.ts'

export interface StripeProviderOptions {
  secretKey: string
  /** Without it every webhook is refused: an unverified event must never change a subscription. */
  webhookSecret?: string
  /** Origin of another Stripe-compatible API (STRIPE_API_BASE), e.g. a local test double. */
  apiBase?: string
  timeoutMs?: number
}

/** Stripe's own recommendation for replay protection. */
const WEBHOOK_TOLERANCE_SECONDS = 300

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // One retry covers a dropped connection; the idempotency key makes it safe, more would stall the checkout.
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(options.apiBase ? hostConfig(options.apiBase) : {}),
  })

  return {
    name: 'stripe',

    async createCustomer({ name, email, paymentMethodId, idempotencyKey }) {
      const customer = await call(() =>
        stripe.customers.create(
          {
            name,
            email,
            payment_method: paymentMethodId,
            invoice_settings: { default_payment_method: paymentMethodId },
          },
          { idempotencyKey },
        ),
      )
      return { customerId: customer.id }
    },

    async createActivationIntent({ customerId, paymentMethodId, amount, currency, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount,
            currency,
            customer: customerId,
            payment_method: paymentMethodId,
            confirm: true,
            // The owner is present, so this is an on-session charge; refusing redirect-based methods lets
            // the server confirm without a return_url (a 3-D Secure card comes back as 'requires_action').
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: 'Kitty Care activation fee',
          },
          { idempotencyKey },
        ),
      )
      return { paymentIntentId: intent.id, status: intent.status }
    },

    async cardFingerprint(paymentMethodId) {
      const method = await call(() => stripe.paymentMethods.retrieve(paymentMethodId))
      return method.card?.fingerprint ?? null
    },

    async createTrialSubscription({ customerId, paymentMethodId, priceId, trialEnd, idempotencyKey }) {
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceId }],
            ...(trialEnd === null ? {} : { trial_end: trialEnd }),
            default_payment_method: paymentMethodId,
          },
          { idempotencyKey },
        ),
      )
      const view = toProviderSubscription(subscription)
      return {
        subscriptionId: view.subscriptionId,
        status: view.status,
        currentPeriodEnd: view.currentPeriodEnd,
        trialEnd: view.trialEnd,
      }
    },

    async cancelSubscription(subscriptionId) {
      try {
        const subscription = await stripe.subscriptions.cancel(subscriptionId)
        return { status: subscription.status }
      } catch (error) {
        // Stripe answers 'No such subscription' for one that is already cancelled; a retried cancel is a success.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          const current = await call(() => stripe.subscriptions.retrieve(subscriptionId))
          if (current.status === 'canceled') return { status: current.status }
        }
        throw toPaymentError(error)
      }
    },

    async retrieveSubscription(subscriptionId) {
      return toProviderSubscription(await call(() => stripe.subscriptions.retrieve(subscriptionId)))
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) throw new WebhookSignatureError('Stripe webhooks are not configured')
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        )
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'unreadable payload'
        throw new WebhookSignatureError(`Invalid Stripe webhook: ${reason}`, { cause: error })
      }
      return toWebhookEvent(event)
    },
  }
}

function hostConfig(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_BASE must be an http(s) URL, got ${apiBase}`)
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw toPaymentError(error)
  }
}

/**
 * The decline reasons the client has its own text for (docs/product.md §8); Stripe puts
 * them in code or decline_code.
 */
const SPECIFIC_DECLINES = new Set(['insufficient_funds', 'expired_card'])

function toPaymentError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeCardError) {
    const candidates = [error.decline_code, error.code]
    const code = candidates.find((c) => c && SPECIFIC_DECLINES.has(c)) ?? error.code ?? 'card_declined'
    return new PaymentDeclinedError(code, error.message || 'Your card was declined.', { cause: error })
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentProviderError('connection_error', `Stripe unreachable: ${error.message}`, {
      cause: error,
    })
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(error.code ?? error.rawType ?? 'api_error', error.message, {
      statusCode: error.statusCode,
      cause: error,
    })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new PaymentProviderError('unknown', message, { cause: error })
}

function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null
}

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const { customer } = subscription
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    customerId: typeof customer === 'string' ? customer : customer.id,
    trialEnd: fromUnix(subscription.trial_end),
    // Since API 2025-03-31 the billing period lives on the items; one item here, so the first is the period.
    currentPeriodEnd: fromUnix(subscription.items.data[0]?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A reference is an id, or the object itself when expanded. */
function idOf(reference: unknown): string | undefined {
  if (typeof reference === 'string') return reference
  if (isRecord(reference) && typeof reference.id === 'string') return reference.id
  return undefined
}

function toWebhookEvent(event: Stripe.Event): WebhookEvent {
  // Read loosely: the endpoint's API version decides the payload shape, not this SDK's types.
  const object: unknown = event.data.object
  let subscriptionId: string | undefined
  if (isRecord(object)) {
    if (event.type.startsWith('customer.subscription.')) {
      subscriptionId = idOf(object.id)
    } else if (event.type.startsWith('invoice.')) {
      const parent = isRecord(object.parent) ? object.parent : undefined
      const details = isRecord(parent?.subscription_details) ? parent.subscription_details : undefined
      // invoice.subscription before API 2025-03-31, invoice.parent.subscription_details.subscription since.
      subscriptionId = idOf(object.subscription) ?? idOf(details?.subscription)
    }
  }
  return subscriptionId
    ? { id: event.id, type: event.type, subscriptionId }
    : { id: event.id, type: event.type }
}
