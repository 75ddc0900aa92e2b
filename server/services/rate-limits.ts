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

// Sign-in budgets an attacker spends on their own: an address's tight budgets are keyed by the
// address AND the IP (`accountKey`), so wrong guesses from one IP never lock the owner out from theirs;
// the ...PerEmail budgets are the generous ceiling per account, across every IP.
export const DEFAULT_RATE_LIMITS = {
  otpSendPerIp: { points: 20, durationSeconds: 3600 },
  otpSendPerEmailIp: { points: 6, durationSeconds: 3600 },
  otpSendPerEmail: { points: 30, durationSeconds: 3600 },
  /** Codes mailed to an address nobody has proved yet: fewer (a stranger's address, pre-registration). */
  otpSendPerUnprovenEmail: { points: 3, durationSeconds: 3600 },
  otpVerifyPerIp: { points: 20, durationSeconds: 600 },
  otpVerifyPerEmailIp: { points: 10, durationSeconds: 600 },
  otpVerifyPerEmail: { points: 60, durationSeconds: 600 },
  passwordPerIp: { points: 30, durationSeconds: 600 },
  passwordPerEmailIp: { points: 10, durationSeconds: 600 },
  passwordPerEmail: { points: 50, durationSeconds: 600 },
  /** Token refreshes, apart from sign-in: a household or an office behind one address refreshes often. */
  refreshPerIp: { points: 300, durationSeconds: 600 },
  signupPerIp: { points: 20, durationSeconds: 3600 },
  chatPerUser: { points: 20, durationSeconds: 60 },
  /** Tokenless interview calls (create, answer checks) per IP: a whole interview needs about a dozen. */
  visitorInterviewPerIp: { points: 120, durationSeconds: 600 },
  /** Interviews a visitor's address may start in a day: with 500 messages each, a bounded storage. */
  visitorInterviewsPerIpDaily: { points: 300, durationSeconds: 86_400 },
  /** Tokenless recommendations, each a model call: a visitor's quiz asks a few times. */
  recommendationsPerIp: { points: 30, durationSeconds: 600 },
  /**
   * Procedures per address on /trpc, each procedure of a batch counted (GLOBAL_RATE_PER_MINUTE sets
   * it; REST requests count in @fastify/rate-limit's per-IP window, one procedure each).
   */
  requestsPerIp: { points: 1200, durationSeconds: 60 },
  /** Card attempts (each payment step counts): slows card testing, leaves room for honest retries. */
  paymentPerUser: { points: 30, durationSeconds: 3600 },
  /** Shared vet-report links opened per IP: a vet opens a link a few times; a guesser gets nowhere. */
  sharedReportPerIp: { points: 30, durationSeconds: 600 },
  /**
   * Reads of one capability link (a calendar feed, a share link, an unsubscribe link), from any address:
   * a calendar app polls a feed every few minutes at most; a replayed link gets no further.
   */
  linkReadsPerLink: { points: 60, durationSeconds: 600 },
  /** Household invitations mailed per owner: each is an e-mail to an address nobody has proved. */
  householdInvitesPerUser: { points: 20, durationSeconds: 3600 },
} satisfies Record<string, RateLimitRule>

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS

/** The key of an address's budget from one IP (a space: no address holds one). */
export function accountKey(email: string, ip: string): string {
  return `${email} ${ip}`
}

/** Whose budget a call spends: its IP's, its owner's, its address's, or its address's from its IP. */
export type BudgetKey = 'ip' | 'user' | 'email' | 'emailIp'

/** A named limit and what it is keyed by, as a procedure declares it (server/trpc.ts spends it). */
export interface Budget {
  name: RateLimitName
  by: BudgetKey
  /** Spent only by calls without a session (a visitor's; an owner's are theirs). */
  visitorsOnly?: boolean
}

/** A budget keyed by the caller's IP. */
export const perIp = (name: RateLimitName, options: { visitorsOnly?: true } = {}): Budget => ({
  name,
  by: 'ip',
  ...options,
})

/** A budget keyed by the signed-in owner. */
export const perUser = (name: RateLimitName): Budget => ({ name, by: 'user' })

/** Who a call is: the parts a budget's key is made of (an absent part spends nothing of its budgets). */
export interface BudgetSubject {
  ip: string
  userId?: number | undefined
  email?: string | undefined
}

/** The key of `by` for `subject`, or null when the subject has no such part. */
export function budgetKey(by: BudgetKey, subject: BudgetSubject): string | null {
  if (by === 'ip') return subject.ip
  if (by === 'user') return subject.userId === undefined ? null : String(subject.userId)
  if (!subject.email) return null
  return by === 'email' ? subject.email : accountKey(subject.email, subject.ip)
}

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

    /** Gives back the point a refused request spent (a code asked again too soon mails nothing). */
    async refund(name: RateLimitName, key: string): Promise<void> {
      await limiters
        .get(name)!
        .reward(key, 1)
        .catch(() => {})
    },
  }
}
