// The error catalogue of docs/product.md §8. Servers raise these texts; the client shows what the server said
// and falls back to the per-call defaults below.

export const ERRORS = {
  notAuthenticated: 'User Not Authenticated',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionEnded: 'You were signed out on this device. Please sign in again.',
  unexpected: 'An unexpected error occurred',
  invalidInput: 'Invalid input',
  nulCharacter: 'Text must not contain NUL characters',
  jsonOnly: 'Content-Type must be application/json',
  notFound: 'Not found',
  methodNotAllowed: 'This address does not take that method: see the Allow header',
  tooLarge: 'The request is too large',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  subscriptionRequired: 'An active subscription is required to chat with the specialist.',
  noSubscriptionId: 'No subscription ID found',
  invalidSubscriptionId: 'Invalid subscription ID',
  invalidResponseFormat: 'Invalid response format',
  noCatFound: 'No cat found. Please try again later.',
  noConversationFound: 'No conversation found. Please try refreshing the page.',
  failedAfterAttempts: 'Failed after 2 attempts',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  invalidCredentials: 'Invalid email or password',
  invalidCode: 'Invalid verification code',
  codeExpired: 'This code has expired. Please request a new one.',
  codeTooManyAttempts: 'Too many wrong codes. Please request a new one.',
  resendTooSoon: 'Please wait before requesting another code.',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  emailNotVerified: 'Please sign in with a code sent to your e-mail address first, to confirm it is yours.',
  passwordNeedsVerifiedEmail:
    'This e-mail address is not verified yet. Please sign in with an e-mail code first, then set a password.',
  codeFormat: 'Please enter the 6-digit code',
  nameRequired: 'Please enter your name',
  photoTooLarge: 'The photo is larger than 5 MB',
  photoType: 'The photo must be a PNG, JPEG, WebP or GIF image',
  attachmentTooLarge: 'The photo is larger than 10 MB',
  attachmentType: 'The photo must be a JPEG, PNG or WebP image',
  imageTooManyPixels: 'The photo has too many pixels (at most 50 megapixels)',
  attachmentNotFound: 'Photo not found',
  /** A weight deleted meanwhile (another tab or device), or none of the owner's: the same words. */
  weightNotFound: 'This weight is no longer in the log: it was deleted already.',
  /** A send whose photo was deleted (never sent within a day of its upload): resending it cannot work. */
  attachmentGone: 'A photo of this message is no longer available. Please attach it again and send.',
  paymentFailed: 'Payment processing failed. Please try again.',
  customerFailed: 'Failed to create a customer. Please try again.',
  intentFailed: 'Failed to create a payment intent. Please use a different card.',
  paymentNotInitialized: 'Payment system not initialized',
  paypalNotConfigured: 'PayPal is not configured',
  idempotencyKeyInvalid: 'The Idempotency-Key must be 8 to 100 letters, digits, - or _',
  paymentMethodRequired: 'A card payment method is required',
  demoCardUnknown: 'This is a demo: no money moves. Please use a test card such as 4242 4242 4242 4242.',
  cardNumbersRefused: 'Card numbers are not accepted here; pay through the secure card form.',
  activationFeeRequired: 'The activation fee has not been paid for this checkout yet.',
  paymentInProgress: 'Your payment is already being processed. Please wait a moment.',
  trialAlreadyUsed: 'Your free trial has been used. You can subscribe at the plan price without a trial.',
  alreadySubscribed:
    'You already have an active subscription. Cancel it in your profile before starting another one.',
  priceUnknown: 'Unknown price: choose the monthly or the yearly plan.',
  fullNameOnCard: 'Please enter the full name on the card',
  /**
   * The demo card form (docs/product.md §5 "Payment step 2" without a publishable key), one message per
   * field; an expiry already past says what a provider's EXPIRED_CARD says (cardExpired, below).
   */
  demoCardNumber: 'Please enter the card number',
  demoCardExpiry: 'Please enter the expiry date as MM/YY',
  demoCardCvc: 'Please enter the 3 or 4 digit security code',
  invalidWebhook: 'Invalid webhook signature',
  assistantUnavailable: 'The assistant is not available right now. Please try again in a moment.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  headersTooLarge: 'The request headers are too large',
  requestTimeout: 'The request took too long to arrive',
  quotaExceeded: 'This account has reached its limit for this kind of record.',
  messageNotStored: 'messages: the last message was not stored',
  checkInClosed: 'This check-in is closed: it was answered, or 24 hours have passed.',
  cardDeclined: 'Your card was declined. Please check your card details and try again.',
  insufficientFunds: 'Insufficient funds. Please use a different card or contact your bank.',
  cardExpired: 'Your card has expired. Please use a different card.',
  fillRequired: 'Please fill in all required fields',
  authenticateToContinue: 'Please authenticate to continue.',
} as const

/**
 * The error catalogue: for each failure the server reports, the code a program decides by, the HTTP
 * status both surfaces answer, and the text a person reads (ERRORS above). The server throws by code
 * (server/errors.ts appError); one formatter gives tRPC's shape (`data.appCode`) and REST's
 * `{error, code}`; the client branches on the code and shows the text.
 */
export const ERROR_CATALOGUE = {
  INVALID_INPUT: { status: 400, message: ERRORS.invalidInput },
  NUL_CHARACTER: { status: 400, message: ERRORS.nulCharacter },
  NOT_AUTHENTICATED: { status: 401, message: ERRORS.notAuthenticated },
  SUBSCRIPTION_REQUIRED: { status: 402, message: ERRORS.subscriptionRequired },
  NOT_FOUND: { status: 404, message: ERRORS.notFound },
  METHOD_NOT_ALLOWED: { status: 405, message: ERRORS.methodNotAllowed },
  CAT_NOT_FOUND: { status: 404, message: ERRORS.noCatFound },
  CONVERSATION_NOT_FOUND: { status: 404, message: ERRORS.noConversationFound },
  TOO_LARGE: { status: 413, message: ERRORS.tooLarge },
  HEADERS_TOO_LARGE: { status: 431, message: ERRORS.headersTooLarge },
  REQUEST_TIMEOUT: { status: 408, message: ERRORS.requestTimeout },
  JSON_ONLY: { status: 415, message: ERRORS.jsonOnly },
  TOO_MANY_REQUESTS: { status: 429, message: ERRORS.tooManyRequests },
  QUOTA_EXCEEDED: { status: 409, message: ERRORS.quotaExceeded },
  UNEXPECTED: { status: 500, message: ERRORS.unexpected },
  SERVICE_UNAVAILABLE: { status: 503, message: ERRORS.serverBusy },
  ASSISTANT_UNAVAILABLE: { status: 503, message: ERRORS.assistantUnavailable },
  // Accounts
  ACCOUNT_EXISTS: { status: 409, message: ERRORS.accountExists },
  INVALID_CREDENTIALS: { status: 400, message: ERRORS.invalidCredentials },
  INVALID_CODE: { status: 400, message: ERRORS.invalidCode },
  CODE_EXPIRED: { status: 400, message: ERRORS.codeExpired },
  CODE_TOO_MANY_ATTEMPTS: { status: 400, message: ERRORS.codeTooManyAttempts },
  RESEND_TOO_SOON: { status: 429, message: ERRORS.resendTooSoon },
  PASSWORD_NEEDS_VERIFIED_EMAIL: { status: 400, message: ERRORS.passwordNeedsVerifiedEmail },
  /** What only the address's proven owner may do (accept an invitation to it), asked from an unproven session. */
  EMAIL_NOT_VERIFIED: { status: 403, message: ERRORS.emailNotVerified },
  // Cats
  PHOTO_TOO_LARGE: { status: 413, message: ERRORS.photoTooLarge },
  PHOTO_TYPE: { status: 415, message: ERRORS.photoType },
  // Chat
  ATTACHMENT_TOO_LARGE: { status: 413, message: ERRORS.attachmentTooLarge },
  ATTACHMENT_TYPE: { status: 415, message: ERRORS.attachmentType },
  IMAGE_TOO_MANY_PIXELS: { status: 413, message: ERRORS.imageTooManyPixels },
  ATTACHMENT_NOT_FOUND: { status: 404, message: ERRORS.attachmentNotFound },
  MESSAGE_NOT_STORED: { status: 409, message: ERRORS.messageNotStored },
  // Care loop
  CHECK_IN_CLOSED: { status: 409, message: ERRORS.checkInClosed },
  // Billing
  NO_SUBSCRIPTION_ID: { status: 400, message: ERRORS.noSubscriptionId },
  INVALID_SUBSCRIPTION_ID: { status: 400, message: ERRORS.invalidSubscriptionId },
  PAYMENT_FAILED: { status: 402, message: ERRORS.paymentFailed },
  CARD_DECLINED: { status: 402, message: ERRORS.cardDeclined },
  INSUFFICIENT_FUNDS: { status: 402, message: ERRORS.insufficientFunds },
  EXPIRED_CARD: { status: 402, message: ERRORS.cardExpired },
  // A provider's refusal of the step's request (an outage is UNEXPECTED).
  CUSTOMER_FAILED: { status: 400, message: ERRORS.customerFailed },
  INTENT_FAILED: { status: 400, message: ERRORS.intentFailed },
  PAYPAL_NOT_CONFIGURED: { status: 412, message: ERRORS.paypalNotConfigured },
  PAYMENT_METHOD_REQUIRED: { status: 400, message: ERRORS.paymentMethodRequired },
  DEMO_CARD_UNKNOWN: { status: 400, message: ERRORS.demoCardUnknown },
  CARD_NUMBERS_REFUSED: { status: 400, message: ERRORS.cardNumbersRefused },
  ACTIVATION_FEE_REQUIRED: { status: 409, message: ERRORS.activationFeeRequired },
  PAYMENT_IN_PROGRESS: { status: 409, message: ERRORS.paymentInProgress },
  ALREADY_SUBSCRIBED: { status: 409, message: ERRORS.alreadySubscribed },
  TRIAL_ALREADY_USED: { status: 409, message: ERRORS.trialAlreadyUsed },
  PRICE_UNKNOWN: { status: 400, message: ERRORS.priceUnknown },
  INVALID_WEBHOOK: { status: 400, message: ERRORS.invalidWebhook },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERROR_CATALOGUE

/** The REST error body of docs/api.md: people read `error`, programs read `code`. */
export interface ErrorBody {
  error: string
  code: ErrorCode
  /** Seconds to wait before trying again (429, 503): the Retry-After header's value, as data. */
  retry_after_seconds?: number
}

/** Default messages of the client's API wrappers (docs/product.md §8), used when the server gives none. */
export const DEFAULT_ERRORS = {
  signup: 'Signup failed',
  login: 'Login failed',
  fetchCats: 'Failed to fetch cats',
  fetchConversations: 'Failed to fetch conversations',
  updatePlan: 'Update plan failed',
  stripePayment: 'Stripe payment failed',
  updateCat: 'Failed to update cat',
  createCat: 'Failed to create cat',
  cancelPlan: 'Cancel plan failed',
  fetchSubscriptions: 'Failed to fetch subscriptions',
  deleteStripe: 'Failed to delete subscription on stripe',
  deletePaypal: 'Failed to delete subscription on paypal',
  sendCode: 'Failed to send verification code',
  verifyCode: 'Invalid verification code',
  sendMessage: 'Failed to send message',
  interviewReply: 'Something went wrong. Please try again.',
} as const

/**
 * The catalogue codes of a refused card, each with its own text in the payment
 * error box (docs/product.md §8).
 */
const DECLINE_CODES = ['CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'EXPIRED_CARD'] as const

/**
 * docs/product.md §8: the payment error box maps a decline to owner-friendly text. A failure with a decline's
 * code gets that code's text; anything else (no code, or one this box has no text for) falls back to the text
 * rule: the provider's code found in the message.
 */
export function paymentErrorMessage(raw: string | undefined | null, code?: string | null): string {
  const decline = DECLINE_CODES.find((c) => c === code)
  if (decline) return ERROR_CATALOGUE[decline].message
  const text = raw ?? ''
  if (text.includes('card_declined')) return ERROR_CATALOGUE.CARD_DECLINED.message
  if (text.includes('insufficient_funds')) return ERROR_CATALOGUE.INSUFFICIENT_FUNDS.message
  if (text.includes('expired_card')) return ERROR_CATALOGUE.EXPIRED_CARD.message
  return text || ERRORS.unexpected
}
