// docs/product.md §4's payment flow, step by step: the provider's customer with the card, the $1.99
// activation fee, the trial subscription recorded as plan 'Free Trial'. Each step works on the owner's one
// checkout (one-open-checkout.ts) and first looks at what that checkout already did. Provider calls run
// outside any transaction: a slow provider must not hold database connections (ten checkouts waiting on
// Stripe held ten of the pool's connections, and every other owner's reads waited). Each call carries the
// checkout's idempotency key for its step, so a concurrent or repeated call gets the same customer, charge
// or subscription; the owner's lock is taken only around our own writes, which look again at what a
// concurrent step recorded before writing.
import {
  ACTIVATION_CURRENCY,
  ACTIVATION_FEE_CENTS,
  type BillingPeriod,
  TRIAL_PLAN_NAME,
} from '../../../shared/constants.ts'
import type { ErrorCode } from '../../../shared/errors.ts'
import { trialEndUnix } from '../../../shared/rules/pricing.ts'
import { appError } from '../../errors.ts'
import type { Checkout, Payment, Subscription } from '../../generated/prisma/client.ts'
import { demoPaymentMethodForCard } from '../../services/payments/demo.ts'
import {
  type DeclineCode,
  PaymentDeclinedError,
  PaymentProviderError,
} from '../../services/payments/errors.ts'
import { withCheckoutLease } from './checkout-lease.ts'
import type { BillingDeps, Owner } from './deps.ts'
import { notFound, serverFault } from './failures.ts'
import {
  findOrOpenCheckout,
  lockedCheckout,
  providerKey,
  refuseSecondSubscription,
} from './one-open-checkout.ts'
import { refuseCardTrial, refuseSecondTrial } from './one-trial.ts'
import { type LockedDb, withOwnerLock } from './owner-lock.ts'
import { ownerPlan } from './plan.ts'
import { browserSubscriptionId } from './status.ts'

type Step = 'customer' | 'intent' | 'subscription'

/**
 * Runs `step` on the owner's checkout (see findOrOpenCheckout) holding the checkout's lease (one step of
 * it at a time, no connection held while waiting or while the provider answers); the checkout is taken
 * over by this key under the owner's lock, and the step locks only its own writes.
 */
async function onCheckout<T>(
  deps: BillingDeps,
  owner: Owner,
  key: string | undefined,
  step: (db: LockedDb, checkout: Checkout) => Promise<T>,
): Promise<T> {
  const found = await findOrOpenCheckout(deps, owner, key)
  return withCheckoutLease(deps.db, found.id, async () => {
    const checkout = await withOwnerLock(deps.db, owner.id, (tx) => lockedCheckout(tx, found, key))
    return step(deps.db, checkout)
  })
}

const paymentOf = (tx: LockedDb, checkout: Checkout) =>
  tx.payment.findUnique({ where: { checkoutKey: checkout.key } })
const subscriptionOf = (tx: LockedDb, checkout: Checkout) =>
  tx.subscription.findUnique({ where: { checkoutKey: checkout.key } })

/**
 * A provider failure as the owner should see it. Declines keep the provider's text (it names the code the
 * client maps, docs/product.md §8). Refusals of the request are the step's catalogue message. Outages, and
 * anything after the fee was paid, are server errors: logged, answered generically, and a retry finishes the
 * same checkout instead of starting a second one.
 */
function providerFailure(deps: BillingDeps, owner: Owner, error: unknown, step: Step, refusal: ErrorCode) {
  if (error instanceof PaymentDeclinedError) {
    deps.log.info({ step, code: error.code, userId: owner.id }, 'card declined')
    return appError(declineErrorCode(error.code), { message: error.message, cause: error })
  }
  if (error instanceof PaymentProviderError) {
    if (error.code === 'idempotency_key_in_use') return appError('PAYMENT_IN_PROGRESS', { cause: error })
    const refused = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
    if (refused && error.statusCode !== 429 && step !== 'subscription') {
      deps.log.warn({ step, code: error.code, userId: owner.id }, 'payment provider refused the request')
      return appError(refusal, { cause: error })
    }
  }
  return serverFault(error)
}

/**
 * The catalogue code of a provider's decline code (docs/product.md §8's three, else
 * a generic payment failure).
 */
export function declineErrorCode(code: DeclineCode): ErrorCode {
  if (code === 'card_declined') return 'CARD_DECLINED'
  if (code === 'insufficient_funds') return 'INSUFFICIENT_FUNDS'
  if (code === 'expired_card') return 'EXPIRED_CARD'
  return 'PAYMENT_FAILED'
}

/** The demo provider accepts the documented test card numbers; a real provider never sees a card number here. */
export function resolvePaymentMethod(
  deps: Pick<BillingDeps, 'payments'>,
  card: { paymentMethod?: string | undefined; cardNumber?: string | undefined },
): string {
  if (card.cardNumber !== undefined) {
    if (deps.payments.name !== 'demo') throw appError('CARD_NUMBERS_REFUSED')
    const method = demoPaymentMethodForCard(card.cardNumber)
    if (!method) throw appError('DEMO_CARD_UNKNOWN')
    return method
  }
  if (!card.paymentMethod) throw appError('PAYMENT_METHOD_REQUIRED')
  return card.paymentMethod
}

// --- The steps (their own writes under the owner's lock) -------------------------------------------------------------

/** docs/product.md §4 step 3: the provider's customer with the card attached. */
async function customerStep(
  deps: BillingDeps,
  owner: Owner,
  tx: LockedDb,
  start: Checkout,
  input: { name?: string | undefined; email?: string | undefined; paymentMethodId: string },
  trial = true,
): Promise<Checkout> {
  let checkout = start
  // Once the fee is paid, this checkout's customer is settled: a reload with another card changes nothing.
  const payment = await paymentOf(tx, checkout)
  if (payment?.providerCustomerId) return { ...checkout, providerCustomerId: payment.providerCustomerId }
  if (checkout.providerCustomerId && checkout.paymentMethodId === input.paymentMethodId) return checkout
  await refuseSecondSubscription(tx, owner)
  if (trial) await refuseSecondTrial(tx, owner.id)
  if (checkout.providerCustomerId) {
    // Another card before paying: a new attempt, so the provider sees fresh idempotency keys.
    checkout = await tx.checkout.update({ where: { id: checkout.id }, data: { attempt: { increment: 1 } } })
  }
  let customerId: string
  try {
    ;({ customerId } = await deps.payments.createCustomer({
      name: input.name?.trim() || owner.fullName || owner.email,
      email: input.email || owner.email,
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: providerKey(checkout, 'customer'),
    }))
  } catch (error) {
    throw providerFailure(deps, owner, error, 'customer', 'CUSTOMER_FAILED')
  }
  const attempt = checkout.attempt
  return withOwnerLock(deps.db, owner.id, async (locked) => {
    // A concurrent step of this attempt recorded the same customer (same idempotency key): keep it.
    const now = await locked.checkout.findUniqueOrThrow({ where: { id: checkout.id } })
    if (now.attempt !== attempt || (now.providerCustomerId && now.paymentMethodId === input.paymentMethodId))
      return now
    await locked.user.updateMany({ where: { id: owner.id }, data: { providerCustomerId: customerId } })
    return locked.checkout.update({
      where: { id: checkout.id },
      data: { providerCustomerId: customerId, paymentMethodId: input.paymentMethodId },
    })
  })
}

/**
 * docs/product.md §4 step 4: the activation fee (199 usd), charged at most once per checkout. `customerId` is
 * the checkout's own customer (or, from a client that made it elsewhere, the latest one made for the owner).
 */
async function activationStep(
  deps: BillingDeps,
  owner: Owner,
  tx: LockedDb,
  checkout: Checkout,
  input: {
    customerId?: string | undefined
    paymentMethodId: string
    billingPeriod?: BillingPeriod | undefined
  },
): Promise<Payment> {
  const paid = await paymentOf(tx, checkout)
  if (paid) return paid
  await refuseSecondSubscription(tx, owner)
  await refuseSecondTrial(tx, owner.id)
  const plan = await ownerPlan(tx, owner)
  const customerId = input.customerId ?? checkout.providerCustomerId
  if (!customerId || customerId !== (checkout.providerCustomerId ?? plan.providerCustomerId)) throw notFound()
  const billingPeriod = input.billingPeriod ?? plan.billingPeriod
  let cardFingerprint: string | null
  try {
    cardFingerprint = await deps.payments.cardFingerprint(input.paymentMethodId)
  } catch (error) {
    throw providerFailure(deps, owner, error, 'intent', 'INTENT_FAILED')
  }
  await refuseCardTrial(tx, cardFingerprint)

  let intent: Awaited<ReturnType<BillingDeps['payments']['createActivationIntent']>>
  try {
    intent = await deps.payments.createActivationIntent({
      customerId,
      paymentMethodId: input.paymentMethodId,
      amount: ACTIVATION_FEE_CENTS,
      currency: ACTIVATION_CURRENCY,
      idempotencyKey: providerKey(checkout, 'intent'),
    })
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      // The next card of this checkout gets fresh provider keys (this key now answers the decline).
      await tx.checkout.update({ where: { id: checkout.id }, data: { attempt: { increment: 1 } } })
    }
    throw providerFailure(deps, owner, error, 'intent', 'INTENT_FAILED')
  }
  if (intent.status !== 'succeeded') {
    // e.g. 3-D Secure ('requires_action'): no money moved, and this server confirms payments itself.
    deps.log.warn({ status: intent.status, userId: owner.id }, 'activation payment not completed')
    await tx.checkout.update({ where: { id: checkout.id }, data: { attempt: { increment: 1 } } })
    throw appError('PAYMENT_FAILED')
  }
  return withOwnerLock(deps.db, owner.id, async (locked) => {
    // The same charge recorded by a concurrent step (its key gave the provider's same intent).
    const recorded = await paymentOf(locked, checkout)
    if (recorded) return recorded
    const payment = await locked.payment.create({
      data: {
        userId: owner.id,
        provider: deps.payments.name,
        providerPaymentIntentId: intent.paymentIntentId,
        amount: ACTIVATION_FEE_CENTS,
        currency: ACTIVATION_CURRENCY,
        status: intent.status,
        checkoutKey: checkout.key,
        providerCustomerId: customerId,
        paymentMethodId: input.paymentMethodId,
        billingPeriod,
        cardFingerprint,
      },
    })
    await locked.user.updateMany({ where: { id: owner.id }, data: { billingPeriod } })
    return payment
  })
}

/**
 * docs/product.md §4 steps 5 and 6: the trial subscription on the plan paid for, recorded as plan 'Free
 * Trial'. The price and the trial end are decided here: the plan chosen when the fee was paid, its configured
 * price, and a trial of 3 (monthly) or 7 (yearly) days from the payment.
 */
async function subscriptionStep(
  deps: BillingDeps,
  owner: Owner,
  tx: LockedDb,
  checkout: Checkout,
): Promise<Subscription> {
  const made = await subscriptionOf(tx, checkout)
  if (made) return made
  const payment = await paymentOf(tx, checkout)
  if (payment?.status !== 'succeeded') throw appError('ACTIVATION_FEE_REQUIRED')
  const billingPeriod: BillingPeriod =
    payment.billingPeriod === 'Yearly' || payment.billingPeriod === 'Monthly'
      ? payment.billingPeriod
      : (await ownerPlan(tx, owner)).billingPeriod
  const priceId = priceOf(deps, billingPeriod)
  const customerId = payment.providerCustomerId ?? checkout.providerCustomerId
  const paymentMethodId = payment.paymentMethodId ?? checkout.paymentMethodId
  if (!customerId || !paymentMethodId) throw appError('PAYMENT_METHOD_REQUIRED')
  // From the payment, so every retry asks the provider for exactly the same subscription.
  const minimumEnd = Math.ceil(Date.now() / 1000) + 60
  const paidTrialEnd = trialEndUnix(billingPeriod, payment.createdAt)
  const trialEnd = paidTrialEnd > minimumEnd ? paidTrialEnd : trialEndUnix(billingPeriod, new Date())

  const created = await providerSubscription(deps, owner, checkout, {
    customerId,
    paymentMethodId,
    priceId,
    trialEnd,
  })
  return recordSubscription(deps, owner, tx, checkout, {
    plan: TRIAL_PLAN_NAME,
    startDate: payment.createdAt,
    endDate: created.trialEnd ?? created.currentPeriodEnd ?? new Date(trialEnd * 1000),
    billingPeriod,
    created,
    customerId,
  })
}

/**
 * The subscription asked of the provider for this checkout (one idempotency key per checkout, so a retry
 * gets the same one); a refusal is PAYMENT_FAILED, an outage UNEXPECTED (providerFailure).
 */
async function providerSubscription(
  deps: BillingDeps,
  owner: Owner,
  checkout: Checkout,
  ask: { customerId: string; paymentMethodId: string; priceId: string; trialEnd: number | null },
) {
  try {
    return await deps.payments.createTrialSubscription({
      ...ask,
      idempotencyKey: providerKey(checkout, 'subscription'),
    })
  } catch (error) {
    throw providerFailure(deps, owner, error, 'subscription', 'PAYMENT_FAILED')
  }
}

/**
 * The provider's subscription as the owner's row; the checkout is complete and the owner's plan is the
 * one paid for.
 */
async function recordSubscription(
  deps: BillingDeps,
  owner: Owner,
  _db: LockedDb,
  checkout: Checkout,
  made: {
    plan: string
    startDate: Date
    endDate: Date
    billingPeriod: BillingPeriod
    created: { status: string; subscriptionId: string }
    customerId: string
  },
): Promise<Subscription> {
  return withOwnerLock(deps.db, owner.id, async (locked) => {
    // Recorded by a concurrent step of this checkout (the provider's same subscription): that row.
    const recorded = await subscriptionOf(locked, checkout)
    if (recorded) return recorded
    const row = await locked.subscription.create({
      data: {
        userId: owner.id,
        email: owner.email,
        plan: made.plan,
        startDate: made.startDate,
        endDate: made.endDate,
        provider: deps.payments.name,
        billingPeriod: made.billingPeriod,
        status: made.created.status,
        providerSubscriptionId: made.created.subscriptionId,
        providerCustomerId: made.customerId,
        checkoutKey: checkout.key,
      },
    })
    await locked.checkout.update({
      where: { id: checkout.id },
      data: { completedAt: new Date(), openForUserId: null },
    })
    await locked.user.updateMany({ where: { id: owner.id }, data: { billingPeriod: made.billingPeriod } })
    return row
  })
}

/**
 * The plan at its price from today, without the $1.99 trial (for an owner whose trial is used):
 * no activation fee; the provider charges the first period now; access until that period ends. Only
 * `checkout` calls it, inside the same locked transaction that has just found no subscription of this
 * checkout, so there is none to return here.
 */
async function fullPriceStep(
  deps: BillingDeps,
  owner: Owner,
  tx: LockedDb,
  checkout: Checkout,
  billingPeriod: BillingPeriod,
): Promise<Subscription> {
  await refuseSecondSubscription(tx, owner)
  const customerId = checkout.providerCustomerId
  const paymentMethodId = checkout.paymentMethodId
  if (!customerId || !paymentMethodId) throw appError('PAYMENT_METHOD_REQUIRED')
  const priceId = priceOf(deps, billingPeriod)
  const created = await providerSubscription(deps, owner, checkout, {
    customerId,
    paymentMethodId,
    priceId,
    trialEnd: null,
  })
  const start = new Date()
  return recordSubscription(deps, owner, tx, checkout, {
    plan: billingPeriod,
    startDate: start,
    endDate: created.currentPeriodEnd ?? periodEnd(billingPeriod, start),
    billingPeriod,
    created,
    customerId,
  })
}

/** The configured price of a plan. */
function priceOf(deps: BillingDeps, billingPeriod: BillingPeriod): string {
  return billingPeriod === 'Yearly' ? deps.config.STRIPE_PRICE_YEARLY : deps.config.STRIPE_PRICE_MONTHLY
}

/** The end of one billing period from `start`: a calendar month or year. */
function periodEnd(billingPeriod: BillingPeriod, start: Date): Date {
  const end = new Date(start)
  if (billingPeriod === 'Yearly') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

// --- The operations the surfaces call ----------------------------------------------------------------

/** The optional Idempotency-Key (`checkoutKey`): the checkout it names, else the owner's one open checkout. */
export interface StepKey {
  checkoutKey?: string | undefined
}

/** POST /api/payments/stripe/customer */
export async function createCustomer(
  deps: BillingDeps,
  owner: Owner,
  input: StepKey & { name?: string | undefined; email?: string | undefined; paymentMethodId: string },
): Promise<{ customerId: string }> {
  const checkout = await onCheckout(deps, owner, input.checkoutKey, (tx, c) =>
    customerStep(deps, owner, tx, c, input),
  )
  return { customerId: checkout.providerCustomerId ?? '' }
}

/** POST /api/payments/stripe/payment-intent */
export async function createActivationPayment(
  deps: BillingDeps,
  owner: Owner,
  input: StepKey & {
    customerId?: string | undefined
    paymentMethodId: string
    billingPeriod?: BillingPeriod | undefined
  },
): Promise<{ paymentIntentId: string; status: string }> {
  const payment = await onCheckout(deps, owner, input.checkoutKey, (tx, c) =>
    activationStep(deps, owner, tx, c, input),
  )
  return { paymentIntentId: payment.providerPaymentIntentId, status: payment.status }
}

/**
 * POST /api/payments/stripe/subscription. A priceId that is not one of the two configured prices is
 * refused; the plan paid for decides the price, and the server the trial end.
 */
export async function createSubscription(
  deps: BillingDeps,
  owner: Owner,
  input: StepKey & { priceId?: string | undefined },
): Promise<{ subscriptionId: string; success: true }> {
  const { STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY } = deps.config
  if (
    input.priceId !== undefined &&
    input.priceId !== STRIPE_PRICE_MONTHLY &&
    input.priceId !== STRIPE_PRICE_YEARLY
  ) {
    throw appError('PRICE_UNKNOWN')
  }
  const row = await onCheckout(deps, owner, input.checkoutKey, (tx, c) =>
    subscriptionStep(deps, owner, tx, c),
  )
  return { subscriptionId: browserSubscriptionId(row), success: true }
}

/** The whole flow in order (our own client and the subscribe payload): one call, one place for the rule. */
export async function checkout(
  deps: BillingDeps,
  owner: Owner,
  input: StepKey & {
    fullName: string
    email?: string | undefined
    paymentMethod?: string | undefined
    cardNumber?: string | undefined
    billingPeriod: BillingPeriod
    /** false: the plan at its price, no trial (fullPriceStep). */
    trial?: boolean | undefined
  },
): Promise<Subscription> {
  return onCheckout(deps, owner, input.checkoutKey, async (tx, start) => {
    const made = await subscriptionOf(tx, start)
    if (made) return made
    const paymentMethodId = resolvePaymentMethod(deps, input)
    const trial = input.trial !== false
    const withCustomer = await customerStep(
      deps,
      owner,
      tx,
      start,
      { name: input.fullName, email: input.email, paymentMethodId },
      trial,
    )
    if (!trial) return fullPriceStep(deps, owner, tx, withCustomer, input.billingPeriod)
    await activationStep(deps, owner, tx, withCustomer, {
      paymentMethodId,
      billingPeriod: input.billingPeriod,
    })
    return subscriptionStep(deps, owner, tx, withCustomer)
  })
}

/**
 * docs/product.md §4 step 6 from a client that ran the steps itself: the caller's own recorded subscription.
 */
export async function recordedSubscription(
  deps: Pick<BillingDeps, 'db'>,
  owner: Owner,
  providerSubscriptionId: string,
): Promise<Subscription> {
  const row = await deps.db.subscription.findUnique({ where: { providerSubscriptionId } })
  if (!row || row.userId !== owner.id) throw notFound()
  return row
}
