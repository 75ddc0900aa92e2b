// The billing procedures: inputs and outputs from shared/schemas/billing.ts, rules in server/domain/billing.
import { DEFAULT_BILLING_PERIOD } from '../../shared/rules/pricing.ts'
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
  subscribeInput,
  subscriptionInput,
  subscriptionListOutput,
  subscriptionOutput,
  updatePlanInput,
  webhookInput,
  webhookOutput,
  welcomeOutput,
} from '../../shared/schemas/billing.ts'
import type { Context } from '../context.ts'
import * as billing from '../domain/billing/index.ts'
import { type RestRequest, rateLimit, rest } from '../rest/meta.ts'
import { perUser } from '../services/rate-limits.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

const deps = (ctx: Context): billing.BillingDeps => ({
  db: ctx.services.db,
  payments: ctx.services.payments,
  paypal: ctx.services.paypal,
  config: ctx.services.config,
  log: ctx.log,
})

function headerOf(req: RestRequest, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * REST: a payment step's optional Idempotency-Key header becomes the procedure's `checkoutKey` (a body
 * `checkoutKey`, as earlier clients sent it, still counts). Without either, the step belongs to the
 * owner's one open checkout.
 */
function withIdempotencyKey(req: RestRequest): unknown {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}
  const fields = body as Record<string, unknown>
  const key = headerOf(req, 'idempotency-key') ?? fields.checkoutKey
  return key === undefined ? fields : { ...fields, checkoutKey: key }
}

/** The optional header of the payment steps (withIdempotencyKey), for the OpenAPI document. */
const IDEMPOTENCY_HEADER = [
  {
    name: 'Idempotency-Key',
    required: false,
    description:
      'A retried step with the same key (8 to 100 letters, digits, - or _) answers what the first did',
    example: 'checkout-0001',
  },
] as const

/** REST: Stripe signs the exact bytes, so the webhook gets the raw body and the signature header. */
function webhookRestInput(req: RestRequest): unknown {
  return {
    payload: Buffer.isBuffer(req.body) ? req.body.toString('base64') : '',
    signature: headerOf(req, 'stripe-signature'),
  }
}

/** Steps that touch a card: a per-owner budget on top of the server-wide limit. */
const paymentProcedure = authedProcedure.meta(rateLimit(perUser('paymentPerUser')))

export const billingRouter = router({
  // --- Plan (docs/product.md §3 Billing state; the plan rows of docs/product.md §7) -------------------

  /** POST /api/supabase/createPlan: records the chosen plan (an empty body keeps the current one). */
  createPlan: authedProcedure
    .meta(rest('POST', '/api/supabase/createPlan', { summary: "Record the owner's plan" }))
    .input(createPlanInput)
    .output(billingStateSchema)
    .mutation(({ ctx, input }) => billing.planState(ctx.services.db, ctx.user, input?.billingPeriod)),

  /** PUT /api/supabase/updatePlan: switches between Monthly and Yearly. */
  updatePlan: authedProcedure
    .meta(rest('PUT', '/api/supabase/updatePlan', { summary: 'Switch between Monthly and Yearly' }))
    .input(updatePlanInput)
    .output(billingStateSchema)
    .mutation(({ ctx, input }) =>
      billing.planState(ctx.services.db, ctx.user, billing.requestedPeriod(input)),
    ),

  /** DELETE /api/supabase/removePlan: back to the default plan (Monthly). */
  removePlan: authedProcedure
    .meta(rest('DELETE', '/api/supabase/removePlan', { summary: 'Back to the default plan (Monthly)' }))
    .output(billingStateSchema)
    .mutation(({ ctx }) => billing.planState(ctx.services.db, ctx.user, DEFAULT_BILLING_PERIOD)),

  // --- The payment flow -------------------------------------------------------------------------------

  /** The whole flow of docs/product.md §4 in one call (our own client). */
  checkout: paymentProcedure
    .input(checkoutInput)
    .output(checkoutOutput)
    .mutation(async ({ ctx, input }) =>
      billing.checkoutAnswer(await billing.checkout(deps(ctx), ctx.user, input)),
    ),

  /**
   * POST /api/supabase/subscriptions: the subscribe payload (with a card) runs the checkout; the payment
   * form of a client that ran the steps itself (with subscriptionId) returns its recorded subscription.
   */
  subscribe: paymentProcedure
    .meta(
      rest('POST', '/api/supabase/subscriptions', {
        summary: 'Subscribe (the subscribe payload), or record a subscription',
        input: withIdempotencyKey,
        requestHeaders: IDEMPOTENCY_HEADER,
      }),
    )
    .input(subscribeInput)
    .output(checkoutOutput)
    .mutation(async ({ ctx, input }) => {
      if ('subscriptionId' in input) {
        return billing.checkoutAnswer(
          await billing.recordedSubscription(deps(ctx), ctx.user, input.subscriptionId),
        )
      }
      return billing.checkoutAnswer(await billing.checkout(deps(ctx), ctx.user, input))
    }),

  /** POST /api/payments/stripe/customer */
  createCustomer: paymentProcedure
    .meta(
      rest('POST', '/api/payments/stripe/customer', {
        summary: 'Create the payment-provider customer',
        input: withIdempotencyKey,
        requestHeaders: IDEMPOTENCY_HEADER,
      }),
    )
    .input(customerInput)
    .output(customerOutput)
    .mutation(({ ctx, input }) => billing.createCustomer(deps(ctx), ctx.user, input)),

  /** POST /api/payments/stripe/payment-intent: the activation fee, once per checkout. */
  createPaymentIntent: paymentProcedure
    .meta(
      rest('POST', '/api/payments/stripe/payment-intent', {
        summary: 'Charge the activation fee',
        input: withIdempotencyKey,
        requestHeaders: IDEMPOTENCY_HEADER,
      }),
    )
    .input(paymentIntentInput)
    .output(paymentIntentOutput)
    .mutation(({ ctx, input }) => billing.createActivationPayment(deps(ctx), ctx.user, input)),

  /** POST /api/payments/stripe/subscription: the trial subscription, once per checkout. */
  createSubscription: paymentProcedure
    .meta(
      rest('POST', '/api/payments/stripe/subscription', {
        summary: 'Create the trial subscription',
        input: withIdempotencyKey,
        requestHeaders: IDEMPOTENCY_HEADER,
      }),
    )
    .input(subscriptionInput)
    .output(subscriptionOutput)
    .mutation(({ ctx, input }) => billing.createSubscription(deps(ctx), ctx.user, input)),

  // --- Subscriptions ----------------------------------------------------------------------------------

  /** GET /api/supabase/subscriptions: the owner's subscriptions, newest first. */
  subscriptions: authedProcedure
    .meta(rest('GET', '/api/supabase/subscriptions', { summary: "The owner's subscriptions, newest first" }))
    .output(subscriptionListOutput)
    .query(async ({ ctx }) =>
      (await billing.listSubscriptions(deps(ctx), ctx.user)).map((row) => billing.toSubscriptionView(row)),
    ),

  /** Whether the owner is subscribed now, decided from the database (the browser mirrors it). */
  status: authedProcedure
    .output(billingStatusOutput)
    .query(({ ctx }) => billing.billingStatus(deps(ctx), ctx.user)),

  /** Whether to show the thank-you screen and the meow now: true once per subscription, ever. */
  welcome: authedProcedure
    .output(welcomeOutput)
    .mutation(({ ctx }) => billing.claimWelcome(deps(ctx), ctx.user)),

  /** DELETE /api/supabase/subscriptions/{id}: the stored id, by docs/product.md §5's rule. */
  cancel: authedProcedure
    .meta(
      rest('DELETE', '/api/supabase/subscriptions/:id', {
        summary: 'Cancel a subscription by its stored id',
      }),
    )
    .input(cancelInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => billing.cancelById(deps(ctx), ctx.user, input.id)),

  /** DELETE /api/payments/stripe/subscription/{id} */
  cancelStripe: authedProcedure
    .meta(
      rest('DELETE', '/api/payments/stripe/subscription/:id', {
        summary: 'Cancel a card-provider subscription',
      }),
    )
    .input(cancelInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => billing.cancelById(deps(ctx), ctx.user, input.id, 'stripe')),

  /** POST /api/payments/paypal/subscription/{id} */
  cancelPaypal: authedProcedure
    .meta(rest('POST', '/api/payments/paypal/subscription/:id', { summary: 'Cancel a PayPal subscription' }))
    .input(cancelInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => billing.cancelById(deps(ctx), ctx.user, input.id, 'paypal')),

  // --- Webhooks ---------------------------------------------------------------------------------------

  /** POST /api/payments/stripe/webhook: the exact bytes, base64, and the Stripe-Signature header. */
  stripeWebhook: publicProcedure
    .meta(
      rest('POST', '/api/payments/stripe/webhook', {
        summary: 'Stripe events (signed)',
        rawBody: true,
        input: webhookRestInput,
        requestHeaders: [
          {
            name: 'Stripe-Signature',
            required: true,
            field: 'signature',
            description: "Stripe's signature of the exact body bytes",
          },
        ],
        rawBodyType: { type: 'application/json', description: 'A Stripe event, exactly as Stripe sent it' },
      }),
    )
    .input(webhookInput)
    .output(webhookOutput)
    .mutation(({ ctx, input }) =>
      billing.handleStripeWebhook(deps(ctx), ctx.log, Buffer.from(input.payload, 'base64'), input.signature),
    ),
})
