import type {
  CreatePlanInput,
  CustomerInput,
  PaymentIntentInput,
  SubscriptionInput,
  UpdatePlanInput,
} from '../../../shared/schemas/billing.ts'
import type { RestRequest, RestRoute } from '../adapter.ts'

// Bodies are validated by each procedure's own zod input; the casts only satisfy the compiler.

function body(req: RestRequest): Record<string, unknown> {
  return req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)
    ? (req.body as Record<string, unknown>)
    : {}
}

function header(req: RestRequest, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * A payment step's optional Idempotency-Key header becomes the procedure's `checkoutKey` (a body
 * `checkoutKey`, as earlier clients sent it, still counts). Without either, the step belongs to the
 * owner's one open checkout.
 */
function withCheckoutKey(req: RestRequest): Record<string, unknown> {
  const fields = body(req)
  const key = header(req, 'idempotency-key') ?? fields.checkoutKey
  return key === undefined ? fields : { ...fields, checkoutKey: key }
}

/** SPEC §7 rows served by the billing router. */
export const billingRoutes: readonly RestRoute[] = [
  {
    method: 'POST',
    path: '/api/supabase/createPlan',
    call: (caller, req) => caller.billing.createPlan(body(req) as CreatePlanInput),
  },
  {
    method: 'PUT',
    path: '/api/supabase/updatePlan',
    call: (caller, req) => caller.billing.updatePlan(body(req) as UpdatePlanInput),
  },
  {
    method: 'DELETE',
    path: '/api/supabase/removePlan',
    call: (caller) => caller.billing.removePlan(),
  },
  {
    method: 'POST',
    path: '/api/payments/stripe/customer',
    call: (caller, req) => caller.billing.createCustomer(withCheckoutKey(req) as CustomerInput),
  },
  {
    method: 'POST',
    path: '/api/payments/stripe/payment-intent',
    call: (caller, req) => caller.billing.createPaymentIntent(withCheckoutKey(req) as PaymentIntentInput),
  },
  {
    method: 'POST',
    path: '/api/payments/stripe/subscription',
    call: (caller, req) => caller.billing.createSubscription(withCheckoutKey(req) as SubscriptionInput),
  },
  {
    method: 'DELETE',
    path: '/api/payments/stripe/subscription/:id',
    call: (caller, req) => caller.billing.cancelStripe({ id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/payments/paypal/subscription/:id',
    call: (caller, req) => caller.billing.cancelPaypal({ id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/supabase/subscriptions',
    call: (caller, req) => caller.billing.subscribe(withCheckoutKey(req)),
  },
  {
    method: 'GET',
    path: '/api/supabase/subscriptions',
    call: (caller) => caller.billing.subscriptions(),
  },
  {
    method: 'DELETE',
    path: '/api/supabase/subscriptions/:id',
    call: (caller, req) => caller.billing.cancel({ id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    rawBody: true,
    call: (caller, req) =>
      caller.billing.stripeWebhook({
        payload: Buffer.isBuffer(req.body) ? req.body.toString('base64') : '',
        signature: header(req, 'stripe-signature'),
      }),
  },
]
