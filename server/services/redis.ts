// Redis, when REDIS_URL is set: what several instances must share (rate limits; reply streams in the
// chat). Every client comes from `openRedis`, configured one way: commands fail fast while Redis is
// unreachable (no offline queue) and time out after REDIS_COMMAND_TIMEOUT_MS while it is reachable but
// not answering (paused, overloaded), so a limit falls back to its in-memory insurance and a reply's
// stream is refused with 503 instead of a request waiting on Redis. Each client logs its outage once,
// and `closeRedisClients` closes every client still open at shutdown.
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

export type { Redis }

/** A command with no answer after this long fails (the callers fall back or answer 503). */
export const REDIS_COMMAND_TIMEOUT_MS = 500

const openClients = new Set<Redis>()

/**
 * A Redis client; `role` names it in the logs ('limits', 'reply streams'). `keyPrefix` is added to every
 * key by ioredis (not to pub/sub channels).
 */
export function openRedis(url: string, log: FastifyBaseLogger, keyPrefix = 'kc:', role = 'limits'): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  let down = false
  redis.on('error', (error) => {
    if (down) return
    down = true
    log.warn({ err: error, role }, `Redis unreachable (${role}): falling back until it returns`)
  })
  redis.on('ready', () => {
    if (down) log.info({ role }, `Redis reachable again (${role})`)
    down = false
  })
  openClients.add(redis)
  redis.once('end', () => openClients.delete(redis))
  return redis
}

/** Closes every client `openRedis` opened: politely when Redis answers, at once when it does not. */
export async function closeRedisClients(): Promise<void> {
  await Promise.allSettled(
    [...openClients].map(async (redis) => {
      try {
        await redis.quit()
      } catch {
        redis.disconnect()
      }
      openClients.delete(redis)
    }),
  )
}

/** Resolves once Redis is connected, or after `ms` (the instance then starts on its insurance limits). */
export function redisReady(redis: Redis, ms = 5_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', ready)
      resolve(false)
    }, ms)
    const ready = () => {
      clearTimeout(timer)
      resolve(true)
    }
    redis.once('ready', ready)
  })
}
