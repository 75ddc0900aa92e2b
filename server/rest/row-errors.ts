// Which of the catalogue's errors (shared/errors.ts) each REST row can answer, for the OpenAPI document.
// Every row shares some (invalid input, a token, limits, saturation); the rest depend on what the
// procedure does and are listed here by router and by procedure. The document walk
// (tests/api/openapi-walk.test.ts) fails when a row answers a status this file does not list.
import type { ErrorCode } from '../../shared/errors.ts'
import type { ServedRow } from './table.ts'

/** Every row: its input is checked, a stale token is 401 even on public rows, limits and saturation. */
const EVERY_ROW: ErrorCode[] = [
  'INVALID_INPUT',
  'NUL_CHARACTER',
  'NOT_AUTHENTICATED',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
]

/** A row that reads a JSON body: its size and its type are checked before the procedure runs. */
const JSON_BODY: ErrorCode[] = ['TOO_LARGE', 'JSON_ONLY']

const CARD_REFUSALS: ErrorCode[] = [
  'PAYMENT_FAILED',
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'EXPIRED_CARD',
  'PAYMENT_METHOD_REQUIRED',
  'DEMO_CARD_UNKNOWN',
  'CARD_NUMBERS_REFUSED',
  'PRICE_UNKNOWN',
  'PAYMENT_IN_PROGRESS',
  'ALREADY_SUBSCRIBED',
  'TRIAL_ALREADY_USED',
  'ACTIVATION_FEE_REQUIRED',
]

/** The records of the current cat: with no cat, 404 (docs/product.md §10). */
const ROUTER_ERRORS: Record<string, ErrorCode[]> = {
  cat: ['CAT_NOT_FOUND'],
  conversation: ['CONVERSATION_NOT_FOUND', 'CAT_NOT_FOUND'],
  progress: ['CAT_NOT_FOUND', 'QUOTA_EXCEEDED'],
  care: ['CAT_NOT_FOUND'],
  billing: ['NO_SUBSCRIPTION_ID', 'INVALID_SUBSCRIPTION_ID'],
  followUp: ['CAT_NOT_FOUND', 'NOT_FOUND'],
  record: ['CAT_NOT_FOUND'],
  household: ['CAT_NOT_FOUND'],
  /** Operators only: everyone else is answered as if the row did not exist. */
  ops: ['NOT_FOUND'],
}

const PROCEDURE_ERRORS: Record<string, ErrorCode[]> = {
  'auth.signin': ['INVALID_CREDENTIALS'],
  'auth.signinOtp': ['RESEND_TOO_SOON'],
  'auth.verifyOtp': ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_TOO_MANY_ATTEMPTS'],
  'cat.create': ['QUOTA_EXCEEDED', 'PHOTO_TOO_LARGE', 'PHOTO_TYPE', 'IMAGE_TOO_MANY_PIXELS'],
  'cat.update': ['PHOTO_TOO_LARGE', 'PHOTO_TYPE', 'IMAGE_TOO_MANY_PIXELS'],
  'cat.recommendations': ['CAT_NOT_FOUND', 'ASSISTANT_UNAVAILABLE'],
  'conversation.create': ['QUOTA_EXCEEDED'],
  'conversation.update': ['QUOTA_EXCEEDED', 'ATTACHMENT_NOT_FOUND'],
  'conversation.chat': [
    'SUBSCRIPTION_REQUIRED',
    'QUOTA_EXCEEDED',
    'MESSAGE_NOT_STORED',
    'ATTACHMENT_NOT_FOUND',
    'ASSISTANT_UNAVAILABLE',
  ],
  'interview.reply': ['ASSISTANT_UNAVAILABLE'],
  'interview.check': ['ASSISTANT_UNAVAILABLE'],
  'billing.subscribe': CARD_REFUSALS,
  'billing.createCustomer': ['CUSTOMER_FAILED', 'PAYMENT_IN_PROGRESS', 'ALREADY_SUBSCRIBED'],
  'billing.createPaymentIntent': [...CARD_REFUSALS, 'INTENT_FAILED'],
  'billing.createSubscription': CARD_REFUSALS,
  'billing.createPlan': ['ALREADY_SUBSCRIBED', 'TRIAL_ALREADY_USED'],
  'billing.cancelPaypal': ['PAYPAL_NOT_CONFIGURED'],
  'billing.stripeWebhook': ['INVALID_WEBHOOK'],
  'account.sendVerificationCode': ['RESEND_TOO_SOON'],
  'account.exportData': ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_TOO_MANY_ATTEMPTS'],
  'account.deleteAccount': ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_TOO_MANY_ATTEMPTS'],
  'attachment.upload': [
    'SUBSCRIPTION_REQUIRED',
    'QUOTA_EXCEEDED',
    'ATTACHMENT_TOO_LARGE',
    'ATTACHMENT_TYPE',
    'IMAGE_TOO_MANY_PIXELS',
  ],
  'attachment.get': ['ATTACHMENT_NOT_FOUND'],
  'attachment.file': ['ATTACHMENT_NOT_FOUND'],
  'care.answerCheckIn': ['CHECK_IN_CLOSED'],
  'record.addVaccination': ['QUOTA_EXCEEDED'],
  'record.addMedication': ['QUOTA_EXCEEDED'],
  'record.logDose': ['QUOTA_EXCEEDED'],
  /** Past the owner's cap of live feeds (server/domain/links/caps.ts). */
  'record.createCalendar': ['QUOTA_EXCEEDED'],
  /** A feed larger than a feed may be (server/domain/links/calendar-feeds.ts). */
  'record.calendarFeed': ['TOO_LARGE'],
  'record.uploadDocument': [
    'QUOTA_EXCEEDED',
    'ATTACHMENT_TOO_LARGE',
    'ATTACHMENT_TYPE',
    'IMAGE_TOO_MANY_PIXELS',
  ],
  'care.subscribePush': ['QUOTA_EXCEEDED'],
  'household.invite': ['QUOTA_EXCEEDED'],
  'household.accept': ['EMAIL_NOT_VERIFIED'],
}

/** The catalogue codes `row` can answer, in the catalogue's order of mention here. */
export function rowErrorCodes(row: ServedRow): ErrorCode[] {
  const router = row.procedure.split('.')[0] as string
  const codes = new Set<ErrorCode>(EVERY_ROW)
  if (row.method !== 'GET') {
    for (const code of row.rawBody ? (['TOO_LARGE'] as const) : JSON_BODY) codes.add(code)
  }
  // An authed row reads the owner's records; a path parameter names one: either may be missing.
  if (row.auth || row.params.length > 0) codes.add('NOT_FOUND')
  for (const code of ROUTER_ERRORS[router] ?? []) codes.add(code)
  for (const code of PROCEDURE_ERRORS[row.procedure] ?? []) codes.add(code)
  return [...codes]
}
