import { TRPCError } from '@trpc/server'
import type { ZodType } from 'zod'
import { ERRORS } from '../../shared/errors.ts'
import {
  billingState,
  DEFAULT_BILLING_PERIOD,
  isBillingPeriod,
  periodOf,
  subscriptionIdKind,
} from '../../shared/rules/pricing.ts'
import {
  billingStateSchema,
  billingStatusOutput,
  cancelInput,
  cancelOutput,
  checkoutInput,
  checkoutOutput,
  createPlanInput,
  customerInput,
  customerOutput,
  paymentIntentInput,
  paymentIntentOutput,
  recordSubscriptionInput,
  subscriptionInput,
  subscriptionListOutput,
  subscriptionOutput,
  updatePlanInput,
  webhookInput,
  webhookOutput,
} from '../../shared/schemas/billing.ts'
import type { Context } from '../context.ts'
import { type RestRequest, rest } from '../rest/meta.ts'
import {
  type BillingActor,
  billingStatus,
  cancelSubscription,
  checkout,
  createActivationPayment,
  createCustomer,
  createSubscription,
  handleStripeWebhook,
  listSubscriptions,
  recordedSubscription,
  toSubscriptionView,
} from '../services/checkout.ts'
import type { SessionUser } from '../services/tokens.ts'
import { authedProcedure, limit, publicProcedure, router } from '../trpc.ts'

const actor = (ctx: Context & { user: SessionUser }): BillingActor => ({
  services: ctx.services,
  log: ctx.log,
  user: ctx.user,
})

/** Parses with `schema` inside a procedure; a failure is a 400 with the schema's readable message. */
function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.invalidInput, cause: result.error })
  return result.data
}

async function planOf(ctx: Context & { user: SessionUser }, set?: 'Monthly' | 'Yearly') {
  const { db } = ctx.services
  const user = set
    ? await db.user.update({
        where: { id: ctx.user.id },
        data: { billingPeriod: set },
        select: { billingPeriod: true },
      })
    : await db.user.findUnique({ where: { id: ctx.user.id }, select: { billingPeriod: true } })
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERRORS.notAuthenticated })
  const billingPeriod = isBillingPeriod(user.billingPeriod) ? user.billingPeriod : DEFAULT_BILLING_PERIOD
  return { billingPeriod, ...billingState(billingPeriod) }
}

function checkoutResult(row: Parameters<typeof toSubscriptionView>[0]) {
  return {
    success: true as const,
    subscriptionId: row.providerSubscriptionId ?? String(row.id),
    subscription: toSubscriptionView(row),
  }
}

/** Cancels after SPEC §5's id rule; `only` restricts a provider-specific row to its own kind of id. */
async function cancelById(
  ctx: Context & { user: SessionUser },
  rawId: string | undefined,
  only?: 'stripe' | 'paypal',
) {
  const id = rawId?.trim() ?? ''
  const kind = subscriptionIdKind(id)
  if (kind === 'none') throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.noSubscriptionId })
  if (kind === 'invalid' || (only && kind !== only)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.invalidSubscriptionId })
  }
  const row = await cancelSubscription(actor(ctx), kind, id)
  return { success: true as const, subscription_id: id, status: row.status }
}

function headerOf(req: RestRequest, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** REST: each checkout step carries its key in the body (`checkoutKey`) or as an Idempotency-Key header. */
function withIdempotencyKey(req: RestRequest): unknown {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}
  const fields = body as Record<string, unknown>
  return { ...fields, checkoutKey: fields.checkoutKey ?? headerOf(req, 'idempotency-key') }
}

/** REST: Stripe signs the exact bytes, so the webhook gets the raw body and the signature header. */
function webhookRestInput(req: RestRequest): unknown {
  return {
    payload: Buffer.isBuffer(req.body) ? req.body.toString('base64') : '',
    signature: headerOf(req, 'stripe-signature'),
  }
}

/** Steps that touch a card: a per-owner budget on top of the server-wide limit. */
const paymentProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await limit(ctx, 'paymentPerUser', String(ctx.user.id))
  return next()
})

export const billingRouter = router({
  // --- Plan (SPEC §3 Billing state; the plan rows of SPEC §7) ---------------------------------------

  /** The owner's chosen plan and the prices the server charges. */
  plan: authedProcedure.output(billingStateSchema).query(({ ctx }) => planOf(ctx)),

  /** POST /api/supabase/createPlan: records the chosen plan (an empty body keeps the current one). */
  createPlan: authedProcedure
    .meta(rest('POST', '/api/supabase/createPlan', { summary: "Record the owner's plan" }))
    .input(createPlanInput)
    .output(billingStateSchema)
    .mutation(({ ctx, input }) => planOf(ctx, input?.billingPeriod)),

  /** PUT /api/supabase/updatePlan: switches between Monthly and Yearly. */
  updatePlan: authedProcedure
    .meta(rest('PUT', '/api/supabase/updatePlan', { summary: 'Switch between Monthly and Yearly' }))
    .input(updatePlanInput)
    .output(billingStateSchema)
    .mutation(({ ctx, input }) => planOf(ctx, input.billingPeriod ?? periodOf(input.method ?? false))),

  /** DELETE /api/supabase/removePlan: back to the default plan (Monthly). */
  removePlan: authedProcedure
    .meta(rest('DELETE', '/api/supabase/removePlan', { summary: 'Back to the default plan (Monthly)' }))
    .output(billingStateSchema)
    .mutation(({ ctx }) => planOf(ctx, DEFAULT_BILLING_PERIOD)),

  // --- The payment flow -------------------------------------------------------------------------------

  /** The whole flow of SPEC §4 in one idempotent call (our own client). */
  checkout: paymentProcedure
    .input(checkoutInput)
    .output(checkoutOutput)
    .mutation(async ({ ctx, input }) => checkoutResult(await checkout(actor(ctx), input))),

  /**
   * POST /api/supabase/subscriptions: the subscribe payload (with a card) runs the checkout; the payment
   * form of a client that ran the steps itself (with subscriptionId) returns its recorded subscription.
   */
  subscribe: paymentProcedure
    .meta(
      rest('POST', '/api/supabase/subscriptions', {
        summary: 'Subscribe (the subscribe payload), or record a subscription',
        input: withIdempotencyKey,
      }),
    )
    .input((value: unknown) => (value && typeof value === 'object' ? value : {}) as Record<string, unknown>)
    .output(checkoutOutput)
    .mutation(async ({ ctx, input }) => {
      if (typeof input.subscriptionId === 'string') {
        const form = parse(recordSubscriptionInput, input)
        return checkoutResult(await recordedSubscription(actor(ctx), form.subscriptionId))
      }
      return checkoutResult(await checkout(actor(ctx), parse(checkoutInput, input)))
    }),

  /** POST /api/payments/stripe/customer */
  createCustomer: paymentProcedure
    .meta(
      rest('POST', '/api/payments/stripe/customer', {
        summary: 'Create the payment-provider customer',
        input: withIdempotencyKey,
      }),
    )
    .input(customerInput)
    .output(customerOutput)
    .mutation(({ ctx, input }) => createCustomer(actor(ctx), input)),

  /** POST /api/payments/stripe/payment-intent: the activation fee, once per checkout key. */
  createPaymentIntent: paymentProcedure
    .meta(
      rest('POST', '/api/payments/stripe/payment-intent', {
        summary: 'Charge the activation fee',
        input: withIdempotencyKey,
      }),
    )
    .input(paymentIntentInput)
    .output(paymentIntentOutput)
    .mutation(({ ctx, input }) => createActivationPayment(actor(ctx), input)),

  /** POST /api/payments/stripe/subscription: the trial subscription, once per checkout key. */
  createSubscription: paymentProcedure
    .meta(
      rest('POST', '/api/payments/stripe/subscription', {
        summary: 'Create the trial subscription',
        input: withIdempotencyKey,
      }),
    )
    .input(subscriptionInput)
    .output(subscriptionOutput)
    .mutation(({ ctx, input }) => {
      const { STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY } = ctx.services.config
      if (
        input.priceId !== undefined &&
        input.priceId !== STRIPE_PRICE_MONTHLY &&
        input.priceId !== STRIPE_PRICE_YEARLY
      ) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.priceUnknown })
      }
      const fromPrice =
        input.priceId === undefined ? undefined : input.priceId === STRIPE_PRICE_YEARLY ? 'Yearly' : 'Monthly'
      return createSubscription(actor(ctx), {
        checkoutKey: input.checkoutKey,
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        billingPeriod: input.billingPeriod ?? fromPrice,
      })
    }),

  // --- Subscriptions ----------------------------------------------------------------------------------

  /** GET /api/supabase/subscriptions: the owner's subscriptions, newest first. */
  subscriptions: authedProcedure
    .meta(rest('GET', '/api/supabase/subscriptions', { summary: "The owner's subscriptions, newest first" }))
    .output(subscriptionListOutput)
    .query(async ({ ctx }) => (await listSubscriptions(actor(ctx))).map((row) => toSubscriptionView(row))),

  /** Whether the owner is subscribed now, decided from the database (the browser mirrors it). */
  status: authedProcedure.output(billingStatusOutput).query(({ ctx }) => billingStatus(actor(ctx))),

  /** The stored subscription id, by SPEC §5's rule: sub_ to the card provider, I- to PayPal. */
  cancel: authedProcedure
    .meta(
      rest('DELETE', '/api/supabase/subscriptions/:id', {
        summary: 'Cancel a subscription by its stored id',
      }),
    )
    .input(cancelInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => cancelById(ctx, input.id)),

  /** DELETE /api/payments/stripe/subscription/{id} */
  cancelStripe: authedProcedure
    .meta(
      rest('DELETE', '/api/payments/stripe/subscription/:id', {
        summary: 'Cancel a card-provider subscription',
      }),
    )
    .input(cancelInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => cancelById(ctx, input.id, 'stripe')),

  /** POST /api/payments/paypal/subscription/{id} */
  cancelPaypal: authedProcedure
    .meta(rest('POST', '/api/payments/paypal/subscription/:id', { summary: 'Cancel a PayPal subscription' }))
    .input(cancelInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => cancelById(ctx, input.id, 'paypal')),

  // --- Webhooks ---------------------------------------------------------------------------------------

  /** POST /api/payments/stripe/webhook: the exact bytes, base64, and the Stripe-Signature header. */
  stripeWebhook: publicProcedure
    .meta(
      rest('POST', '/api/payments/stripe/webhook', {
        summary: 'Stripe events (signed)',
        rawBody: true,
        input: webhookRestInput,
      }),
    )
    .input(webhookInput)
    .output(webhookOutput)
    .mutation(({ ctx, input }) =>
      handleStripeWebhook(ctx.services, ctx.log, Buffer.from(input.payload, 'base64'), input.signature),
    ),
})
