// The error catalogue of SPEC §8. Servers raise these texts; the client shows what the server said and
// falls back to the per-call defaults below.

export const ERRORS = {
  notAuthenticated: 'User Not Authenticated',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unexpected: 'An unexpected error occurred',
  invalidInput: 'Invalid input',
  nulCharacter: 'Text must not contain NUL characters',
  jsonOnly: 'Content-Type must be application/json',
  notFound: 'Not found',
  tooLarge: 'The request is too large',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  subscriptionRequired: 'An active subscription is required to chat with the specialist.',
  noSubscriptionId: 'No subscription ID found',
  invalidSubscriptionId: 'Invalid subscription ID',
  invalidResponseFormat: 'Invalid response format',
  noConversationId: 'No conversation ID found',
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
  wrongPassword: 'Current password is incorrect',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordAlreadySet: 'A password is already set. Change it with your current password.',
  passwordNotSet: 'No password is set yet. Set one first.',
  emailNotVerified: 'Please verify your e-mail with a sign-in code before setting a password',
  passwordNeedsVerifiedEmail:
    'This e-mail address is not verified yet. Please sign in with an e-mail code first, then set a password.',
  codeFormat: 'Please enter the 6-digit code',
  nameRequired: 'Please enter your name',
  photoTooLarge: 'The photo is larger than 5 MB',
  photoType: 'The photo must be a PNG, JPEG, WebP or GIF image',
  paymentFailed: 'Payment processing failed. Please try again.',
  customerFailed: 'Failed to create a customer. Please try again.',
  intentFailed: 'Failed to create a payment intent. Please use a different card.',
  paymentNotInitialized: 'Payment system not initialized',
  paypalNotConfigured: 'PayPal is not configured',
  checkoutKeyRequired: 'A checkout key (8 to 100 letters, digits, - or _) is required',
  idempotencyKeyInvalid: 'The Idempotency-Key must be 8 to 100 letters, digits, - or _',
  paymentMethodRequired: 'A card payment method is required',
  demoCardUnknown: 'This is a demo: no money moves. Please use a test card such as 4242 4242 4242 4242.',
  cardNumbersRefused: 'Card numbers are not accepted here; pay through the secure card form.',
  activationFeeRequired: 'The activation fee has not been paid for this checkout yet.',
  paymentInProgress: 'Your payment is already being processed. Please wait a moment.',
  alreadySubscribed:
    'You already have an active subscription. Cancel it in your profile before starting another one.',
  priceUnknown: 'Unknown price: choose the monthly or the yearly plan.',
  fullNameOnCard: 'Please enter the full name on the card',
  invalidWebhook: 'Invalid webhook signature',
  assistantUnavailable: 'The assistant is not available right now. Please try again in a moment.',
  fillRequired: 'Please fill in all required fields',
  authenticateToContinue: 'Please authenticate to continue.',
} as const

/** Default messages of the client's API wrappers (SPEC §8), used when the server gives none. */
export const DEFAULT_ERRORS = {
  signup: 'Signup failed',
  login: 'Login failed',
  chat: 'Chat request failed',
  fetchCats: 'Failed to fetch cats',
  suggestions: 'Failed to get cat suggestions',
  updateConversation: 'Failed to update conversation',
  createConversation: 'Failed to create conversation',
  fetchConversations: 'Failed to fetch conversations',
  createPlan: 'Create plan failed',
  updatePlan: 'Update plan failed',
  stripePayment: 'Stripe payment failed',
  updateCat: 'Failed to update cat',
  createCat: 'Failed to create cat',
  cancelPlan: 'Cancel plan failed',
  createCustomer: 'Failed to create customer',
  createIntent: 'Failed to create payment intent',
  createSubscription: 'Failed to create subscription',
  fetchSubscriptions: 'Failed to fetch subscriptions',
  deleteSubscription: 'Failed to delete subscription',
  deleteStripe: 'Failed to delete subscription on stripe',
  deletePaypal: 'Failed to delete subscription on paypal',
  sendOtp: 'Failed to send OTP',
  verifyOtp: 'Failed to verify OTP',
  interview: 'Interview request failed',
  checkAnswer: 'Failed to check interview answer',
  fetchInterviews: 'Failed to fetch interviews',
  fetchInterview: 'Failed to fetch interview',
  createInterview: 'Failed to create interview',
  updateInterview: 'Failed to update interview',
  deleteInterview: 'Failed to delete interview',
  sendCode: 'Failed to send verification code',
  verifyCode: 'Invalid verification code',
  sendMessage: 'Failed to send message',
  interviewReply: 'Something went wrong. Please try again.',
} as const

/** SPEC §8: the payment error box maps provider codes to owner-friendly text. */
export function paymentErrorMessage(raw: string | undefined | null): string {
  const text = raw ?? ''
  if (text.includes('card_declined'))
    return 'Your card was declined. Please check your card details and try again.'
  if (text.includes('insufficient_funds'))
    return 'Insufficient funds. Please use a different card or contact your bank.'
  if (text.includes('expired_card')) return 'Your card has expired. Please use a different card.'
  return text || ERRORS.unexpected
}
