// Redis, when REDIS_URL is set: what several instances must share (rate limits here; reply streams in
// the chat). Commands fail fast while Redis is unreachable instead of queueing, so a limit falls back
// to its in-memory insurance at once and requests are never held up waiting for Redis.
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

export type { Redis }

export function openRedis(url: string, log: FastifyBaseLogger, keyPrefix = 'kc:'): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  let down = false
  redis.on('error', (error) => {
    if (down) return
    down = true
    log.warn({ err: error }, 'Redis unreachable: limits fall back to this instance’s memory until it returns')
  })
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again')
    down = false
  })
  return redis
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
