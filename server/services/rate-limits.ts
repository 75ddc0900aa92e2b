import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import type { Redis } from './redis.ts'

// Procedure-level limits, keyed by IP, e-mail or user, so tRPC and REST share one budget per key.
// With Redis (REDIS_URL) every instance spends from the same budget, so the figures below hold in total
// whatever the number of instances; while Redis is unreachable each instance falls back to a budget in
// its own memory (rate-limiter-flexible's insurance limiter). Without Redis: one process's memory.

export interface RateLimitRule {
  points: number
  durationSeconds: number
}

export const DEFAULT_RATE_LIMITS = {
  otpSendPerIp: { points: 20, durationSeconds: 3600 },
  otpSendPerEmail: { points: 6, durationSeconds: 3600 },
  otpVerifyPerIp: { points: 20, durationSeconds: 600 },
  otpVerifyPerEmail: { points: 10, durationSeconds: 600 },
  passwordPerIp: { points: 30, durationSeconds: 600 },
  passwordPerEmail: { points: 10, durationSeconds: 600 },
  signupPerIp: { points: 20, durationSeconds: 3600 },
  chatPerUser: { points: 20, durationSeconds: 60 },
  /** Tokenless interview calls (create, answer checks) per IP: a whole interview needs about a dozen. */
  visitorInterviewPerIp: { points: 120, durationSeconds: 600 },
  /** Interviews a visitor's address may start in a day: with 500 messages each, a bounded storage. */
  visitorInterviewsPerIpDaily: { points: 300, durationSeconds: 86_400 },
  /** Tokenless recommendations, each a model call: a visitor's quiz asks a few times (issue 19). */
  recommendationsPerIp: { points: 30, durationSeconds: 600 },
  /**
   * Procedures per address on /trpc, each procedure of a batch counted (GLOBAL_RATE_PER_MINUTE sets
   * it; REST requests count in @fastify/rate-limit's per-IP window, one procedure each).
   */
  requestsPerIp: { points: 1200, durationSeconds: 60 },
  /** Card attempts (each payment step counts): slows card testing, leaves room for honest retries. */
  paymentPerUser: { points: 30, durationSeconds: 3600 },
} satisfies Record<string, RateLimitRule>

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited')
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>

function limiter(name: string, rule: RateLimitRule, redis: Redis | null): RateLimiterAbstract {
  const options = { keyPrefix: `rl:${name}`, points: rule.points, duration: rule.durationSeconds }
  if (!redis) return new RateLimiterMemory(options)
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  })
}

export function createRateLimits(
  overrides: Partial<Record<RateLimitName, RateLimitRule>> = {},
  redis: Redis | null = null,
) {
  const limiters = new Map<RateLimitName, RateLimiterAbstract>()
  for (const [name, rule] of Object.entries({ ...DEFAULT_RATE_LIMITS, ...overrides })) {
    limiters.set(name as RateLimitName, limiter(name, rule, redis))
  }
  return {
    /** Spends `points` of `name` for `key`; throws RateLimitedError when the budget is gone. */
    async consume(name: RateLimitName, key: string, points = 1): Promise<void> {
      try {
        await limiters.get(name)!.consume(key, points)
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new RateLimitedError(Math.ceil(error.msBeforeNext / 1000))
        throw error
      }
    },
  }
}
