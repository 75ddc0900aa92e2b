// Stripe webhooks: the signature checked over the exact bytes (300 s tolerance), each event id processed
// once, the subscription it names re-read from the provider and stored.
import type { FastifyBaseLogger } from 'fastify'
import { appError } from '../../errors.ts'
import type { Subscription } from '../../generated/prisma/client.ts'
import { WebhookSignatureError } from '../../services/payments/errors.ts'
import type { WebhookEvent } from '../../services/payments/types.ts'
import type { BillingDeps } from './deps.ts'
import { isUniqueViolation, serverFault } from './failures.ts'

/** Re-reads a subscription from the provider and stores its state; null when it is not one of ours. */
export async function syncSubscription(
  deps: Pick<BillingDeps, 'db' | 'payments'>,
  providerSubscriptionId: string,
): Promise<Subscription | null> {
  const { db, payments } = deps
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

/** One Stripe webhook delivery. Events without a subscription are acknowledged. */
export async function handleStripeWebhook(
  deps: Pick<BillingDeps, 'db' | 'payments'>,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  let event: WebhookEvent
  try {
    event = deps.payments.parseWebhook(rawBody, signature)
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error
    log.warn({ reason: error.message }, 'webhook refused')
    throw appError('INVALID_WEBHOOK', { cause: error })
  }
  const { db } = deps
  if (await db.processedEvent.findUnique({ where: { id: event.id } }))
    return { received: true, duplicate: true }
  if (event.subscriptionId) {
    try {
      const synced = await syncSubscription(deps, event.subscriptionId)
      log.info(
        { event: event.type, subscription: event.subscriptionId, status: synced?.status ?? null },
        'webhook',
      )
    } catch (error) {
      // Not recorded as processed: the provider delivers it again later.
      throw serverFault(error)
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
