// The server-wide per-IP limit (@fastify/rate-limit). fastify-plugin: the limiter attaches itself to
// every route added after it, in any scope, so it must sit on the app itself, before the routes.
// /healthz and /trpc turn it off by route config (/trpc spends the same budget per procedure instead).
import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { errorBody } from '../../errors.ts'
import type { Redis } from '../../services/redis.ts'

export const globalRateLimit = fp<{ config: Config; redis?: Redis | null }>(
  async (app, { config, redis }) => {
    await app.register(rateLimit, {
      max: config.GLOBAL_RATE_PER_MINUTE,
      timeWindow: 60_000,
      // With Redis, every instance counts into the same window; while Redis is unreachable, requests pass.
      ...(redis ? { redis, nameSpace: 'rl:global:', skipOnError: true } : {}),
      errorResponseBuilder: (_req, context) => ({
        statusCode: context.statusCode,
        ...errorBody('TOO_MANY_REQUESTS'),
      }),
    })
  },
  { name: 'global-rate-limit' },
)
