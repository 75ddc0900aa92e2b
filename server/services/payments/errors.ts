/** Lets a union of known codes still accept the codes a provider adds later, without widening to plain string in editors. */
type OtherString = string & Record<never, never>

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | OtherString

/**
 * The card was refused. The message always ends with the code in brackets, e.g.
 * 'Your card was declined. (card_declined)', because the client picks its text by searching the
 * error for the code (docs/product.md §8 "Payment errors"); it is safe to show to the card holder.
 */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError'
  readonly code: DeclineCode

  constructor(code: DeclineCode, reason: string, options?: { cause?: unknown }) {
    super(`${reason} (${code})`, options)
    this.code = code
  }
}

/**
 * Any other provider failure: unknown ids, invalid parameters, network, outages, bad keys.
 * The message is meant for the log; callers show their own generic text (docs/product.md §8).
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError'
  /** The provider's error code when it gave one ('resource_missing', 'idempotency_error', ...). */
  readonly code: string
  /** The provider's HTTP status, when there was a response at all. */
  readonly statusCode: number | undefined

  constructor(code: string, message: string, options?: { statusCode?: number; cause?: unknown }) {
    super(message, { cause: options?.cause })
    this.code = code
    this.statusCode = options?.statusCode
  }
}

/** A webhook whose signature is missing, wrong or too old, or whose body is not an event. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError'
}
