// Web Push (opt-in check-in reminders): VAPID keys made once and kept in app_secrets, shared by every
// instance like the token-signing secret; notifications encrypted and sent by `web-push`.
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import { endpointHost, isAllowedPushEndpoint } from '../../shared/rules/push-endpoint.ts'
import type { Db } from '../db.ts'
import { PrivatePushAddressError, publicOnlyAgent } from './push-address.ts'

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

export interface PushSenderOptions {
  /** Hosts trusted besides the known push services (config PUSH_EXTRA_HOSTS). */
  extraHosts?: readonly string[]
  /** The resolver behind the private-address check (tests pass one). */
  lookup?: Parameters<typeof publicOnlyAgent>[0]
}

/**
 * Sends `payload` to every browser the owner subscribed. A subscription the push service says is gone
 * (404, 410) is forgotten; so is one whose endpoint is no longer allowed or whose host resolves to a
 * private address (never retried: it would be refused again). Any other failure is thrown so the job
 * queue retries.
 */
export function createPushSender(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info'>,
  options: PushSenderOptions = {},
) {
  const extraHosts = options.extraHosts ?? []
  let keys: Promise<VapidKeys> | null = null
  return async (userId: number, payload: PushPayload) => {
    keys ??= resolveVapidKeys(db)
    const vapid = await keys
    const subscriptions = await db.pushSubscription.findMany({ where: { userId } })
    for (const sub of subscriptions) {
      const forget = async (why: string) => {
        log.info({ userId, why }, 'push subscription refused; forgotten')
        await db.pushSubscription.deleteMany({ where: { id: sub.id } })
      }
      if (!isAllowedPushEndpoint(sub.endpoint, extraHosts)) {
        await forget('not a known push service')
        continue
      }
      const trusted = extraHosts.includes(endpointHost(new URL(sub.endpoint)))
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
            ...(trusted ? {} : { agent: publicOnlyAgent(options.lookup) }),
          },
        )
      } catch (error) {
        if (error instanceof PrivatePushAddressError) {
          await forget('resolves to a private address')
          continue
        }
        const status = (error as { statusCode?: number }).statusCode
        if (status !== 404 && status !== 410) throw error
        log.info({ userId }, 'push subscription gone; forgotten')
        await db.pushSubscription.deleteMany({ where: { id: sub.id } })
      }
    }
  }
}
