// Inputs and outputs of the billing router (docs/product.md §3 Billing, Payment form, Subscribe payload;
// docs/product.md §7 payments, subscriptions and plan rows). The REST rows answer these outputs as they are.
import { z } from 'zod'
import { ACTIVATION_CURRENCY, ACTIVATION_FEE_CENTS } from '../constants.ts'
import { ERRORS } from '../errors.ts'
import { needsState } from '../rules/countries.ts'
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES } from '../rules/email.ts'
import { BILLING_PERIODS } from '../rules/pricing.ts'
import { emailAddress } from './primitives.ts'

export const billingPeriodSchema = z.enum(BILLING_PERIODS)

/**
 * The optional Idempotency-Key of a payment step (a UUID in practice; REST reads it from the
 * `Idempotency-Key` header, tRPC from the input's `checkoutKey`). It names one checkout: every step of that
 * checkout sends the same key. Without it the step belongs to the owner's one open checkout.
 */
export const idempotencyKeySchema = z
  .string({ error: ERRORS.idempotencyKeyInvalid })
  .trim()
  .min(8, ERRORS.idempotencyKeyInvalid)
  .max(100, ERRORS.idempotencyKeyInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, ERRORS.idempotencyKeyInvalid)
  .optional()

/** A card payment method id made by Stripe.js (pm_…), or one of Stripe's documented test methods. */
export const paymentMethodIdSchema = z
  .string({ error: ERRORS.paymentMethodRequired })
  .trim()
  .min(4, ERRORS.paymentMethodRequired)
  .max(255, ERRORS.paymentMethodRequired)
  .regex(/^pm_[A-Za-z0-9_]+$/, ERRORS.paymentMethodRequired)

/**
 * A card number as the demo form takes it: 13 to 19 digits, spaces or dashes allowed between them, at
 * most 30 characters. The one rule of the form (demoCardFormSchema) and of the server (checkoutInput);
 * each says it in its own words.
 */
export function isDemoCardNumber(value: string): boolean {
  if (value.length > 30 || !/^[\d -]+$/.test(value)) return false
  const digits = value.replace(/\D+/g, '').length
  return digits >= 13 && digits <= 19
}

function demoCardNumber(message: string) {
  return z.string({ error: message }).trim().refine(isDemoCardNumber, message)
}

/** A card number sent to the demo provider (it knows only the test cards). Never stored or logged. */
export const demoCardNumberSchema = demoCardNumber(ERRORS.demoCardUnknown)

/** MM/YY with a real month, and not a month already past. */
function expiryProblem(value: string, now: Date): string | null {
  const expiry = /^(\d{2})\/(\d{2})$/.exec(value.trim())
  const month = Number(expiry?.[1])
  if (!expiry || month < 1 || month > 12) return ERRORS.demoCardExpiry
  const year = 2000 + Number(expiry[2])
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return ERRORS.cardExpired
  }
  return null
}

/** The demo card form's fields, in the order their messages are told (one at a time, docs/product.md §5). */
export const DEMO_CARD_FIELDS = ['nameOnCard', 'number', 'expiry', 'cvc'] as const

/**
 * Step 2 of the payment modal with the demo provider (client): the name on the card, a card number, an
 * expiry not past, a CVC. Only the number leaves the browser, checked again by demoCardNumberSchema.
 */
export function demoCardFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    nameOnCard: z.string().trim().min(1, ERRORS.fullNameOnCard),
    number: demoCardNumber(ERRORS.demoCardNumber),
    expiry: z.string().superRefine((value, ctx) => {
      const problem = expiryProblem(value, now())
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, ERRORS.demoCardCvc),
  })
}
export type DemoCardForm = z.input<ReturnType<typeof demoCardFormSchema>>

const customerIdSchema = z
  .string()
  .trim()
  .min(4)
  .max(255)
  .regex(/^cus_[A-Za-z0-9_]+$/, 'Invalid customer id')

const requiredText = (max: number) =>
  z.string({ error: ERRORS.fillRequired }).trim().min(1, ERRORS.fillRequired).max(max)
const optionalText = (max: number) => z.string().trim().max(max).optional()

/** The payment form's e-mail: docs/product.md §5's step-1 message when it is missing. */
const emailSchema = emailAddress({ required: ERRORS.fillRequired, invalid: EMAIL_MESSAGES.invalid })

/** Billing state of docs/product.md §3 (method false = monthly, true = yearly). */
export const billingStateSchema = z.object({
  billingPeriod: billingPeriodSchema,
  method: z.boolean(),
  price: z.number(),
  daily: z.number(),
  monthly: z.number(),
  yearly: z.number(),
})
export type BillingStateOutput = z.infer<typeof billingStateSchema>

/** PUT /api/supabase/updatePlan: `{billingPeriod: 'Monthly'|'Yearly'}` or the billing state's `{method}`. */
export const updatePlanInput = z
  .object({ billingPeriod: billingPeriodSchema.optional(), method: z.boolean().optional() })
  .refine((v) => v.billingPeriod !== undefined || v.method !== undefined, {
    message: 'Give billingPeriod (Monthly or Yearly) or method (false monthly, true yearly)',
    path: ['billingPeriod'],
  })

/** POST /api/supabase/createPlan: an empty body keeps the plan already chosen. */
export const createPlanInput = z.object({ billingPeriod: billingPeriodSchema.optional() }).optional()

/** One subscription as the entity of docs/product.md §3 (snake_case), plus its state. */
export const subscriptionViewSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  plan: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  provider: z.string(),
  billing_period: z.string(),
  status: z.string(),
  subscription_id: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: z.string().nullable(),
  /** Grants access now: active or trialing, and its end still ahead. */
  active: z.boolean(),
})
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>

export const subscriptionListOutput = z.array(subscriptionViewSchema)

export const billingStatusOutput = z.object({
  subscribed: z.boolean(),
  subscriptionId: z.string().nullable(),
  subscription: subscriptionViewSchema.nullable(),
  /** Whether the owner has been shown the thank-you for the current subscription (true when none). */
  welcomed: z.boolean(),
  /** False once the owner paid for a trial; the paywall then offers the plan without one. */
  trial_available: z.boolean(),
})
export type BillingStatus = z.infer<typeof billingStatusOutput>

// --- The payment flow step by step (docs/product.md §7 rows) -----------------------------------------

/** POST /api/payments/stripe/customer */
export const customerInput = z.object({
  name: z.string().trim().max(200).optional(),
  email: emailSchema.optional(),
  paymentMethodId: paymentMethodIdSchema,
  checkoutKey: idempotencyKeySchema,
})
export const customerOutput = z.object({ customerId: z.string() })

/** POST /api/payments/stripe/payment-intent: the amount is the activation fee whatever is sent. */
export const paymentIntentInput = z.object({
  amount: z
    .literal(ACTIVATION_FEE_CENTS, { error: `The activation fee is ${ACTIVATION_FEE_CENTS} cents` })
    .optional(),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(
      z.literal(ACTIVATION_CURRENCY, { error: `The activation fee is charged in ${ACTIVATION_CURRENCY}` }),
    )
    .optional(),
  customerId: customerIdSchema,
  paymentMethodId: paymentMethodIdSchema,
  checkoutKey: idempotencyKeySchema,
  billingPeriod: billingPeriodSchema.optional(),
})
export const paymentIntentOutput = z.object({ paymentIntentId: z.string(), status: z.string() })

/**
 * POST /api/payments/stripe/subscription. The price and the trial end are decided on the server from the
 * plan chosen when the fee was paid; a priceId that is not one of the two configured prices is refused.
 */
export const subscriptionInput = z.object({
  paymentMethodId: paymentMethodIdSchema.optional(),
  priceId: z.string().trim().max(255).optional(),
  trial_end: z.union([z.number(), z.string()]).optional(),
  customerId: customerIdSchema.optional(),
  checkoutKey: idempotencyKeySchema,
  billingPeriod: billingPeriodSchema.optional(),
})
export const subscriptionOutput = z.object({ subscriptionId: z.string(), success: z.literal(true) })

// --- The whole checkout in one call (docs/product.md §3 Subscribe payload) ---------------------------

/** docs/product.md §5 "Payment step 1": the contact fields, without the state rule (see withStateRule). */
const contactFields = {
  fullName: requiredText(200),
  email: emailSchema.optional(),
  country: requiredText(100),
  state: z.string({ error: ERRORS.fillRequired }).trim().max(100, ERRORS.fillRequired),
  postalCode: requiredText(20),
}

/** The state is required when the country has states to choose from (the same rule in the form). */
function withStateRule<T extends z.ZodType<{ country: string; state: string }>>(schema: T) {
  return schema.refine((v) => !needsState(v.country) || v.state !== '', {
    message: ERRORS.fillRequired,
    path: ['state'],
  })
}

/**
 * The payment form's step 1 (client): the e-mail is asked only when no e-mail is known (docs/product.md §5).
 */
export function contactFormSchema(askEmail: boolean) {
  return withStateRule(
    z.object({
      ...contactFields,
      email: askEmail ? emailSchema : z.string().max(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.invalid),
    }),
  )
}
export type ContactForm = z.input<ReturnType<typeof contactFormSchema>>

/**
 * The subscribe payload (docs/product.md §3), plus an optional idempotency key. The card is a
 * payment method id from Stripe.js, or, with the demo provider only, a test card number
 * (`cardNumber`) the server maps to its test method.
 */
export const checkoutInput = withStateRule(
  z.object({
    ...contactFields,
    paymentMethod: paymentMethodIdSchema.optional(),
    cardNumber: demoCardNumberSchema.optional(),
    billingPeriod: billingPeriodSchema,
    catDetails: z.unknown().optional(),
    checkoutKey: idempotencyKeySchema,
    /** false: the plan at its price from today, no $1.99 trial (after the owner's one trial). */
    trial: z.boolean().optional(),
  }),
).refine((v) => v.paymentMethod !== undefined || v.cardNumber !== undefined, {
  message: ERRORS.paymentMethodRequired,
  path: ['paymentMethod'],
})

export const checkoutOutput = z.object({
  success: z.literal(true),
  subscriptionId: z.string(),
  subscription: subscriptionViewSchema,
})

/**
 * docs/product.md §4 step 6, "record the subscription as plan 'Free Trial'" (the payment form of
 * docs/product.md §3). The server recorded it when the provider created it; this confirms it
 * belongs to the caller and returns it.
 */
export const recordSubscriptionInput = z.object({
  subscriptionId: z.string().trim().min(1).max(255),
  fullName: optionalText(200),
  email: optionalText(EMAIL_MAX_LENGTH),
  country: optionalText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  planName: optionalText(100),
  startDate: optionalText(40),
  endDate: optionalText(40),
  provider: optionalText(40),
  billingPeriod: billingPeriodSchema.optional(),
})

/**
 * billing.subscribe (POST /api/supabase/subscriptions): docs/product.md §7 sends either payload to the one
 * row. A body with a `subscriptionId` records a subscription (recordSubscriptionInput); any other is the
 * subscribe payload (checkoutInput). A refusal names the first problem of the payload the body is, as each
 * schema alone would ("paymentMethod: A card payment method is required").
 */
export const subscribeInput = z.union([recordSubscriptionInput, checkoutInput], {
  error: (issue) => {
    if (issue.code !== 'invalid_union' || !('errors' in issue)) return undefined
    const input = issue.input as { subscriptionId?: unknown } | undefined
    const branch = issue.errors[typeof input?.subscriptionId === 'string' ? 0 : 1]?.[0]
    if (!branch) return undefined
    return branch.path.length ? `${branch.path.join('.')}: ${branch.message}` : branch.message
  },
})

// --- Cancellation and webhooks ----------------------------------------------------------------------

/** billing.welcome: whether this caller shows the thank-you screen and the meow (once per subscription). */
export const welcomeOutput = z.object({ welcome: z.boolean() })

/** The stored subscription id; an absent or empty one is 'No subscription ID found'. */
export const cancelInput = z.object({ id: z.string().trim().max(255).optional() })
export const cancelOutput = z.object({
  success: z.literal(true),
  subscription_id: z.string(),
  status: z.string(),
})

/** The webhook's exact bytes (base64, as received) and its Stripe-Signature header. */
export const webhookInput = z.object({
  payload: z.string().max(2_000_000),
  signature: z.string().max(2000).optional(),
})
export const webhookOutput = z.object({ received: z.literal(true), duplicate: z.boolean() })
