/** Stripe documents that new enum values may appear; keep the known ones for editors without rejecting others. */
type OtherString = string & Record<never, never>

export type PaymentIntentStatus =
  | 'succeeded'
  | 'processing'
  | 'requires_action'
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_capture'
  | 'canceled'
  | OtherString

export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused'
  | 'canceled'
  | OtherString

export interface ProviderSubscription {
  subscriptionId: string
  status: SubscriptionStatus
  /** null when the provider keeps no record of it (the demo provider; the database is the record). */
  customerId: string | null
  trialEnd: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
}

export interface WebhookEvent {
  id: string
  type: string
  /** Set for customer.subscription.* and invoice.* events; retrieve the subscription for its current state. */
  subscriptionId?: string
}

/**
 * The card payment provider behind docs/product.md §4 "Payment flow" (customer, activation intent, trial
 * subscription) and subscription cancellation. Every create takes an idempotency key so a retried
 * request never charges or subscribes twice.
 *
 * Failures: PaymentDeclinedError for a refused card, PaymentProviderError for anything else,
 * WebhookSignatureError from parseWebhook.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'demo'

  /** Creates the customer and attaches the card as its default payment method. */
  createCustomer(input: {
    name: string
    email: string
    paymentMethodId: string
    idempotencyKey: string
  }): Promise<{ customerId: string }>

  /**
   * Charges the activation fee (docs/product.md §9: 199 usd) and confirms it at once, server side.
   * Anything but status 'succeeded' means no money moved yet (e.g. 'requires_action' for 3-D Secure).
   */
  createActivationIntent(input: {
    customerId: string
    paymentMethodId: string
    /** In the currency's smallest unit (cents). */
    amount: number
    currency: string
    idempotencyKey: string
  }): Promise<{ paymentIntentId: string; status: PaymentIntentStatus }>

  /** The card's fingerprint (one physical card, whatever token stands for it), or null if none is known. */
  cardFingerprint(paymentMethodId: string): Promise<string | null>

  createTrialSubscription(input: {
    customerId: string
    paymentMethodId: string
    priceId: string
    /** Unix seconds; must be in the future. null: no trial, the first period is charged at once. */
    trialEnd: number | null
    idempotencyKey: string
  }): Promise<{
    subscriptionId: string
    status: SubscriptionStatus
    currentPeriodEnd: Date | null
    trialEnd: Date | null
  }>

  /** Cancels immediately. Cancelling an already cancelled subscription succeeds, so retries are safe. */
  cancelSubscription(subscriptionId: string): Promise<{ status: SubscriptionStatus }>

  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>

  /** Verifies the signature over the exact raw body and returns the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): WebhookEvent
}
