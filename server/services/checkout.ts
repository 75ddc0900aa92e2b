// The payment flow of SPEC §4 (customer, activation fee, trial subscription, record 'Free Trial') and
// what follows it (status, cancellation, webhooks). One checkout key per checkout: each provider call
// gets the idempotency key `${checkoutKey}:customer|intent|subscription`, and the unique checkout_key
// columns allow one payment and one subscription per key, so a double click, a retry after a network
// error or a reload mid-payment charges once and subscribes once.
import { TRPCError } from '@trpc/server'
import type { FastifyBaseLogger } from 'fastify'
import {
  ACTIVATION_CURRENCY,
  ACTIVATION_FEE_CENTS,
  type BillingPeriod,
  TRIAL_PLAN_NAME,
} from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import { DEFAULT_BILLING_PERIOD, isBillingPeriod, trialEndUnix } from '../../shared/rules/pricing.ts'
import type { BillingStatus, SubscriptionView } from '../../shared/schemas/billing.ts'
import type { Services } from '../context.ts'
import { isEntitled } from '../entitlement.ts'
import { type Payment, Prisma, type Subscription } from '../generated/prisma/client.ts'
import { demoPaymentMethodForCard } from './payments/demo.ts'
import { PaymentDeclinedError, PaymentProviderError, WebhookSignatureError } from './payments/errors.ts'
import { PayPalError, PayPalNotConfiguredError } from './paypal.ts'

export interface BillingActor {
  services: Services
  log: FastifyBaseLogger
  user: { id: number; email: string; fullName: string }
}

type Step = 'customer' | 'intent' | 'subscription'

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: ERRORS.notFound })

// --- One checkout at a time per key ----------------------------------------------------------------

const running = new Map<string, Promise<void>>()

/**
 * Runs the steps of one checkout key one after another in this process, so a double click waits for the
 * first click's answer and then finds its result. Across processes the unique columns still hold.
 */
async function serialized<T>(checkoutKey: string, task: () => Promise<T>): Promise<T> {
  const previous = running.get(checkoutKey) ?? Promise.resolve()
  let release = () => {}
  const mine = new Promise<void>((resolve) => {
    release = resolve
  })
  const tail = previous.then(() => mine)
  running.set(checkoutKey, tail)
  await previous
  try {
    return await task()
  } finally {
    release()
    if (running.get(checkoutKey) === tail) running.delete(checkoutKey)
  }
}

/** What this checkout key has produced so far; a key another owner used is not found. */
async function checkoutState(actor: BillingActor, checkoutKey: string) {
  const { db } = actor.services
  const [payment, subscription] = await Promise.all([
    db.payment.findUnique({ where: { checkoutKey } }),
    db.subscription.findUnique({ where: { checkoutKey } }),
  ])
  if (
    (payment && payment.userId !== actor.user.id) ||
    (subscription && subscription.userId !== actor.user.id)
  ) {
    throw notFound()
  }
  return { payment, subscription }
}

/**
 * A provider failure as the owner should see it. Declines keep the provider's text (it names the code the
 * client maps, SPEC §8). Refusals of the request are the step's catalogue message. Outages, and anything
 * after the fee was paid, are server errors: logged, answered generically, and the client keeps its key
 * so the retry finishes the same checkout instead of starting a second one.
 */
function providerFailure(actor: BillingActor, error: unknown, step: Step, message: string): TRPCError {
  if (error instanceof PaymentDeclinedError) {
    actor.log.info({ step, code: error.code, userId: actor.user.id }, 'card declined')
    return new TRPCError({ code: 'PAYMENT_REQUIRED', message: error.message, cause: error })
  }
  if (error instanceof PaymentProviderError) {
    if (error.code === 'idempotency_key_in_use') {
      return new TRPCError({ code: 'CONFLICT', message: ERRORS.paymentInProgress, cause: error })
    }
    const refused = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
    if (refused && error.statusCode !== 429 && step !== 'subscription') {
      actor.log.warn(
        { step, code: error.code, userId: actor.user.id },
        'payment provider refused the request',
      )
      return new TRPCError({ code: 'BAD_REQUEST', message, cause: error })
    }
  }
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message, cause: error })
}

/** The demo provider accepts the documented test card numbers; a real provider never sees a card number here. */
export function resolvePaymentMethod(
  actor: BillingActor,
  card: { paymentMethod?: string | undefined; cardNumber?: string | undefined },
): string {
  if (card.cardNumber !== undefined) {
    if (actor.services.payments.name !== 'demo') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.cardNumbersRefused })
    }
    const method = demoPaymentMethodForCard(card.cardNumber)
    if (!method) throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.demoCardUnknown })
    return method
  }
  if (!card.paymentMethod) throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.paymentMethodRequired })
  return card.paymentMethod
}

async function ownerPlan(
  actor: BillingActor,
): Promise<{ billingPeriod: BillingPeriod; providerCustomerId: string | null }> {
  const user = await actor.services.db.user.findUnique({
    where: { id: actor.user.id },
    select: { billingPeriod: true, providerCustomerId: true },
  })
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERRORS.notAuthenticated })
  return {
    billingPeriod: isBillingPeriod(user.billingPeriod) ? user.billingPeriod : DEFAULT_BILLING_PERIOD,
    providerCustomerId: user.providerCustomerId,
  }
}

// --- The steps ---------------------------------------------------------------------------------------

/** SPEC §4 step 3: the provider's customer with the card attached. */
async function customerStep(
  actor: BillingActor,
  input: {
    name?: string | undefined
    email?: string | undefined
    paymentMethodId: string
    checkoutKey: string
  },
): Promise<{ customerId: string }> {
  const { payment } = await checkoutState(actor, input.checkoutKey)
  // Once the fee is paid, this checkout's customer is settled: a reload with another card changes nothing.
  if (payment?.providerCustomerId) return { customerId: payment.providerCustomerId }
  let customerId: string
  try {
    ;({ customerId } = await actor.services.payments.createCustomer({
      name: input.name?.trim() || actor.user.fullName || actor.user.email,
      email: input.email || actor.user.email,
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: `${input.checkoutKey}:customer`,
    }))
  } catch (error) {
    throw providerFailure(actor, error, 'customer', ERRORS.customerFailed)
  }
  await actor.services.db.user.updateMany({
    where: { id: actor.user.id },
    data: { providerCustomerId: customerId },
  })
  return { customerId }
}

/**
 * SPEC §4 step 4: the activation fee (199 usd), charged at most once per checkout key. `customerId` is the
 * owner's own customer: the one the previous step made (checkout) or the latest one made for them (REST).
 */
async function activationStep(
  actor: BillingActor,
  input: {
    customerId?: string | undefined
    paymentMethodId: string
    checkoutKey: string
    billingPeriod?: BillingPeriod | undefined
  },
  trustedCustomerId?: string,
): Promise<Payment> {
  const { payment } = await checkoutState(actor, input.checkoutKey)
  if (payment) return payment
  const owner = await ownerPlan(actor)
  const customerId = trustedCustomerId ?? input.customerId
  if (!customerId || (!trustedCustomerId && customerId !== owner.providerCustomerId)) throw notFound()
  const billingPeriod = input.billingPeriod ?? owner.billingPeriod

  let intent: Awaited<ReturnType<Services['payments']['createActivationIntent']>>
  try {
    intent = await actor.services.payments.createActivationIntent({
      customerId,
      paymentMethodId: input.paymentMethodId,
      amount: ACTIVATION_FEE_CENTS,
      currency: ACTIVATION_CURRENCY,
      idempotencyKey: `${input.checkoutKey}:intent`,
    })
  } catch (error) {
    throw providerFailure(actor, error, 'intent', ERRORS.intentFailed)
  }
  if (intent.status !== 'succeeded') {
    // e.g. 3-D Secure ('requires_action'): no money moved, and this server confirms payments itself.
    actor.log.warn({ status: intent.status, userId: actor.user.id }, 'activation payment not completed')
    throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: ERRORS.paymentFailed })
  }

  const { db } = actor.services
  try {
    const created = await db.payment.create({
      data: {
        userId: actor.user.id,
        provider: actor.services.payments.name,
        providerPaymentIntentId: intent.paymentIntentId,
        amount: ACTIVATION_FEE_CENTS,
        currency: ACTIVATION_CURRENCY,
        status: intent.status,
        checkoutKey: input.checkoutKey,
        providerCustomerId: customerId,
        paymentMethodId: input.paymentMethodId,
        billingPeriod,
      },
    })
    await db.user.updateMany({ where: { id: actor.user.id }, data: { billingPeriod } })
    return created
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Another request of this checkout recorded it first (the provider replayed the same intent).
    const existing =
      (await db.payment.findUnique({ where: { checkoutKey: input.checkoutKey } })) ??
      (await db.payment.findUnique({ where: { providerPaymentIntentId: intent.paymentIntentId } }))
    if (existing?.userId === actor.user.id) return existing
    throw notFound()
  }
}

/**
 * SPEC §4 steps 5 and 6: the trial subscription on the plan paid for, recorded as plan 'Free Trial'.
 * The price and the trial end are decided here: the plan chosen when the fee was paid, its configured
 * price, and a trial of 3 (monthly) or 7 (yearly) days from the payment.
 */
async function subscriptionStep(
  actor: BillingActor,
  input: {
    checkoutKey: string
    customerId?: string | undefined
    paymentMethodId?: string | undefined
    billingPeriod?: BillingPeriod | undefined
  },
): Promise<Subscription> {
  const { payment, subscription } = await checkoutState(actor, input.checkoutKey)
  if (subscription) return subscription
  if (payment?.status !== 'succeeded') {
    throw new TRPCError({ code: 'CONFLICT', message: ERRORS.activationFeeRequired })
  }
  const { config, db, payments } = actor.services
  const billingPeriod: BillingPeriod = isBillingPeriod(payment.billingPeriod)
    ? payment.billingPeriod
    : (input.billingPeriod ?? (await ownerPlan(actor)).billingPeriod)
  const priceId = billingPeriod === 'Yearly' ? config.STRIPE_PRICE_YEARLY : config.STRIPE_PRICE_MONTHLY
  const customerId = payment.providerCustomerId ?? input.customerId
  const paymentMethodId = payment.paymentMethodId ?? input.paymentMethodId
  if (!customerId || !paymentMethodId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.paymentMethodRequired })
  }
  // From the payment, so every retry asks the provider for exactly the same subscription.
  const minimumEnd = Math.ceil(Date.now() / 1000) + 60
  const paidTrialEnd = trialEndUnix(billingPeriod, payment.createdAt)
  const trialEnd = paidTrialEnd > minimumEnd ? paidTrialEnd : trialEndUnix(billingPeriod, new Date())

  let created: Awaited<ReturnType<Services['payments']['createTrialSubscription']>>
  try {
    created = await payments.createTrialSubscription({
      customerId,
      paymentMethodId,
      priceId,
      trialEnd,
      idempotencyKey: `${input.checkoutKey}:subscription`,
    })
  } catch (error) {
    throw providerFailure(actor, error, 'subscription', ERRORS.paymentFailed)
  }

  try {
    const row = await db.subscription.create({
      data: {
        userId: actor.user.id,
        email: actor.user.email,
        plan: TRIAL_PLAN_NAME,
        startDate: payment.createdAt,
        endDate: created.trialEnd ?? created.currentPeriodEnd ?? new Date(trialEnd * 1000),
        provider: payments.name,
        billingPeriod,
        status: created.status,
        providerSubscriptionId: created.subscriptionId,
        providerCustomerId: customerId,
        checkoutKey: input.checkoutKey,
      },
    })
    await db.user.updateMany({ where: { id: actor.user.id }, data: { billingPeriod } })
    return row
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const existing =
      (await db.subscription.findUnique({ where: { checkoutKey: input.checkoutKey } })) ??
      (await db.subscription.findUnique({ where: { providerSubscriptionId: created.subscriptionId } }))
    if (existing?.userId === actor.user.id) return existing
    throw notFound()
  }
}

// --- Public operations -------------------------------------------------------------------------------

export function createCustomer(actor: BillingActor, input: Parameters<typeof customerStep>[1]) {
  return serialized(input.checkoutKey, () => customerStep(actor, input))
}

export async function createActivationPayment(
  actor: BillingActor,
  input: Parameters<typeof activationStep>[1],
) {
  const payment = await serialized(input.checkoutKey, () => activationStep(actor, input))
  return { paymentIntentId: payment.providerPaymentIntentId, status: payment.status }
}

export async function createSubscription(actor: BillingActor, input: Parameters<typeof subscriptionStep>[1]) {
  const row = await serialized(input.checkoutKey, () => subscriptionStep(actor, input))
  return { subscriptionId: row.providerSubscriptionId ?? String(row.id), success: true as const }
}

/** The whole flow in order for our own client: one call, one place for the rule. */
export async function checkout(
  actor: BillingActor,
  input: {
    checkoutKey: string
    fullName: string
    paymentMethod?: string | undefined
    cardNumber?: string | undefined
    billingPeriod: BillingPeriod
  },
): Promise<Subscription> {
  return serialized(input.checkoutKey, async () => {
    const { subscription } = await checkoutState(actor, input.checkoutKey)
    if (subscription) return subscription
    const paymentMethodId = resolvePaymentMethod(actor, input)
    const { customerId } = await customerStep(actor, {
      name: input.fullName,
      paymentMethodId,
      checkoutKey: input.checkoutKey,
    })
    await activationStep(
      actor,
      { paymentMethodId, checkoutKey: input.checkoutKey, billingPeriod: input.billingPeriod },
      customerId,
    )
    return subscriptionStep(actor, { checkoutKey: input.checkoutKey })
  })
}

/** SPEC §4 step 6 from a client that ran the steps itself: the caller's own recorded subscription. */
export async function recordedSubscription(
  actor: BillingActor,
  providerSubscriptionId: string,
): Promise<Subscription> {
  const row = await actor.services.db.subscription.findUnique({ where: { providerSubscriptionId } })
  if (!row || row.userId !== actor.user.id) throw notFound()
  return row
}

export function toSubscriptionView(row: Subscription, now = new Date()): SubscriptionView {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    provider: row.provider,
    billing_period: row.billingPeriod,
    status: row.status,
    subscription_id: row.providerSubscriptionId,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    active: isEntitled(row, now),
  }
}

export async function listSubscriptions(actor: BillingActor): Promise<Subscription[]> {
  return actor.services.db.subscription.findMany({
    where: { userId: actor.user.id },
    orderBy: { id: 'desc' },
  })
}

export async function billingStatus(actor: BillingActor): Promise<BillingStatus> {
  const rows = await listSubscriptions(actor)
  const now = new Date()
  const current = rows.find((row) => isEntitled(row, now))
  const shown = current ?? rows[0]
  return {
    subscribed: current !== undefined,
    subscriptionId: current?.providerSubscriptionId ?? null,
    subscription: shown ? toSubscriptionView(shown, now) : null,
  }
}

// --- Cancellation ------------------------------------------------------------------------------------

/**
 * SPEC §5: sub_ ids are the card provider's, I- ids PayPal's. Only the owner's own subscription can be
 * cancelled (another's is not found). Cancellation is immediate: the provider stops all future charges
 * and access ends now; the activation fee is not refunded.
 */
export async function cancelSubscription(
  actor: BillingActor,
  kind: 'stripe' | 'paypal',
  subscriptionId: string,
): Promise<Subscription> {
  const { db, payments, paypal } = actor.services
  if (kind === 'paypal' && !paypal.configured) {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ERRORS.paypalNotConfigured })
  }
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId: subscriptionId } })
  if (!row || row.userId !== actor.user.id) throw notFound()
  if (row.status === 'canceled') return row

  if (kind === 'paypal') {
    try {
      await paypal.cancelSubscription(subscriptionId, 'Cancelled by the owner in Kitty Care')
    } catch (error) {
      if (error instanceof PayPalNotConfiguredError) {
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ERRORS.paypalNotConfigured })
      }
      const status = error instanceof PayPalError ? error.status : undefined
      throw new TRPCError({
        code: status === 404 ? 'NOT_FOUND' : 'INTERNAL_SERVER_ERROR',
        message: status === 404 ? ERRORS.notFound : ERRORS.unexpected,
        cause: error,
      })
    }
  } else if (row.provider === payments.name) {
    try {
      await payments.cancelSubscription(subscriptionId)
    } catch (error) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: ERRORS.unexpected, cause: error })
    }
  } else if (row.provider !== 'demo') {
    // A subscription of a provider this server is no longer configured for: it cannot stop its charges.
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: ERRORS.unexpected,
      cause: new Error(`No ${row.provider} provider configured to cancel ${subscriptionId}`),
    })
  }

  const now = new Date()
  return db.subscription.update({
    where: { id: row.id },
    data: {
      status: 'canceled',
      canceledAt: now,
      cancelAtPeriodEnd: false,
      endDate: row.endDate < now ? row.endDate : now,
    },
  })
}

// --- Webhooks ----------------------------------------------------------------------------------------

/** Re-reads a subscription from the provider and stores its state; null when it is not one of ours. */
export async function syncSubscription(
  services: Pick<Services, 'db' | 'payments'>,
  providerSubscriptionId: string,
): Promise<Subscription | null> {
  const { db, payments } = services
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId } })
  if (!row) return null
  const remote = await payments.retrieveSubscription(providerSubscriptionId)
  const canceled = remote.status === 'canceled'
  return db.subscription.update({
    where: { id: row.id },
    data: {
      status: remote.status,
      endDate:
        canceled && row.canceledAt
          ? row.endDate
          : (remote.currentPeriodEnd ?? remote.trialEnd ?? row.endDate),
      cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
      canceledAt: canceled ? (row.canceledAt ?? new Date()) : row.canceledAt,
    },
  })
}

/**
 * A Stripe webhook: signature checked over the exact bytes (300 s tolerance), each event id processed
 * once, the subscription it names re-read and stored. Events without a subscription are acknowledged.
 */
export async function handleStripeWebhook(
  services: Pick<Services, 'db' | 'payments'>,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  let event: ReturnType<Services['payments']['parseWebhook']>
  try {
    event = services.payments.parseWebhook(rawBody, signature)
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error
    log.warn({ reason: error.message }, 'webhook refused')
    throw new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.invalidWebhook, cause: error })
  }
  const { db } = services
  if (await db.processedEvent.findUnique({ where: { id: event.id } }))
    return { received: true, duplicate: true }
  if (event.subscriptionId) {
    try {
      const synced = await syncSubscription(services, event.subscriptionId)
      log.info(
        { event: event.type, subscription: event.subscriptionId, status: synced?.status ?? null },
        'webhook',
      )
    } catch (error) {
      // Not recorded as processed: the provider delivers it again later.
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: ERRORS.unexpected, cause: error })
    }
  }
  try {
    await db.processedEvent.create({ data: { id: event.id, provider: 'stripe', type: event.type } })
  } catch (error) {
    if (isUniqueViolation(error)) return { received: true, duplicate: true }
    throw error
  }
  return { received: true, duplicate: false }
}
