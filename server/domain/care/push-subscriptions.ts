// The owner's browsers that receive check-in reminders as notifications (opt-in; e-mail stays the default).
import type { z } from 'zod'
import { isAllowedPushEndpoint, PUSH_ENDPOINT_RULE } from '../../../shared/rules/push-endpoint.ts'
import type { pushSubscriptionInput } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'

/** Browsers one owner may subscribe (docs/api.md "Limits and quotas"). */
export const PUSH_SUBSCRIPTIONS_PER_OWNER = 10

/**
 * Keeps one row per endpoint: a browser subscribing again (or for another owner) takes it over. Only a
 * known push service's endpoint (or one of `extraHosts`) is stored (400 otherwise), at most
 * PUSH_SUBSCRIPTIONS_PER_OWNER per owner (409 QUOTA_EXCEEDED).
 */
export async function savePushSubscription(
  db: Db,
  userId: number,
  sub: z.infer<typeof pushSubscriptionInput>,
  extraHosts: readonly string[] = [],
) {
  if (!isAllowedPushEndpoint(sub.endpoint, extraHosts)) {
    throw appError('INVALID_INPUT', { message: PUSH_ENDPOINT_RULE })
  }
  const others = await db.pushSubscription.count({ where: { userId, endpoint: { not: sub.endpoint } } })
  if (others >= PUSH_SUBSCRIPTIONS_PER_OWNER) {
    throw appError('QUOTA_EXCEEDED', {
      message: `This account has reached its limit of ${PUSH_SUBSCRIPTIONS_PER_OWNER} notification devices.`,
    })
  }
  const data = { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth }
  await db.pushSubscription.upsert({
    where: { endpoint: sub.endpoint },
    create: { ...data, endpoint: sub.endpoint },
    update: data,
  })
}

/** Forgets the owner's subscription at `endpoint` (another owner's is left alone: nothing is said of it). */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string) {
  await db.pushSubscription.deleteMany({ where: { userId, endpoint } })
}
