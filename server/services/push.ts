// Web Push (opt-in check-in reminders): VAPID keys made once and kept in app_secrets, shared by every
// instance like the token-signing secret; notifications encrypted and sent by `web-push`.
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { Db } from '../db.ts'

const VAPID_SECRET_NAME = 'vapid_keys'
/** The contact push services may write to about this sender (RFC 8292's `sub`). */
const VAPID_SUBJECT = 'mailto:care@kittycare.local'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** The keys of this deployment: the first instance to ask makes them, every later one reads them. */
export async function resolveVapidKeys(db: Db): Promise<VapidKeys> {
  const candidate = JSON.stringify(webpush.generateVAPIDKeys())
  await db.$executeRaw`INSERT INTO "app_secrets" ("name", "value") VALUES (${VAPID_SECRET_NAME}, ${candidate}) ON CONFLICT ("name") DO NOTHING`
  const row = await db.appSecret.findUniqueOrThrow({ where: { name: VAPID_SECRET_NAME } })
  return JSON.parse(row.value) as VapidKeys
}

export interface PushPayload {
  title: string
  body: string
  url: string
  /** The notification's tag: a push with the tag of one still shown replaces it (client/sw.js). */
  tag: string
}

/**
 * Sends `payload` to every browser the owner subscribed. A subscription the push service says is gone
 * (404, 410) is forgotten; any other failure is thrown so the job queue retries.
 */
export function createPushSender(db: Db, log: Pick<FastifyBaseLogger, 'info'>) {
  let keys: Promise<VapidKeys> | null = null
  return async (userId: number, payload: PushPayload) => {
    keys ??= resolveVapidKeys(db)
    const vapid = await keys
    const subscriptions = await db.pushSubscription.findMany({ where: { userId } })
    for (const sub of subscriptions) {
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: VAPID_SUBJECT,
              publicKey: vapid.publicKey,
              privateKey: vapid.privateKey,
            },
            TTL: 24 * 3600,
            timeout: 20_000,
          },
        )
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        if (status !== 404 && status !== 410) throw error
        log.info({ userId }, 'push subscription gone; forgotten')
        await db.pushSubscription.deleteMany({ where: { id: sub.id } })
      }
    }
  }
}
