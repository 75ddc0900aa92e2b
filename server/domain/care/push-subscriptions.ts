// The owner's browsers that receive check-in reminders as notifications (opt-in; e-mail stays the default).
import type { z } from 'zod'
import type { pushSubscriptionInput } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'

/** Keeps one row per endpoint: a browser subscribing again (or for another owner) takes it over. */
export async function savePushSubscription(
  db: Db,
  userId: number,
  sub: z.infer<typeof pushSubscriptionInput>,
) {
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
