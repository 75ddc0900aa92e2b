// The billing domain: business rules of docs/product.md §4's payment flow and what follows it, as functions
// of plain inputs (deps.ts) that the billing procedures call. Find each rule by its job:
//   checkout.ts           the payment steps (customer, $1.99 fee, trial subscription) and the whole flow
//   one-open-checkout.ts  which checkout a step belongs to; one subscription at a time
//   owner-lock.ts         one owner's steps one at a time, across instances (PostgreSQL advisory lock)
//   plan.ts               the chosen plan (Monthly / Yearly)
//   status.ts             subscriptions as the owner sees them; the once-ever thank-you
//   entitlement.ts        who may chat
//   cancellation.ts       cancelling one subscription, or all of an owner's (account deletion)
//   webhooks.ts           Stripe webhooks

export { cancelById, cancelOwnerSubscriptions } from './cancellation.ts'
export {
  checkout,
  createActivationPayment,
  createCustomer,
  createSubscription,
  recordedSubscription,
} from './checkout.ts'
export type { BillingDeps } from './deps.ts'
export { hasActiveSubscription } from './entitlement.ts'
export { planState, requestedPeriod } from './plan.ts'
export {
  billingStatus,
  checkoutAnswer,
  claimWelcome,
  listSubscriptions,
  toSubscriptionView,
} from './status.ts'
export { handleStripeWebhook } from './webhooks.ts'
