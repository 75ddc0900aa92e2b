import {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateLimitName,
} from '../../server/services/rate-limits.ts'

/** Every budget so large it never answers 429: for tests about other rules than the limits. */
export function generousLimits() {
  const names = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]
  return createRateLimits(
    Object.fromEntries(names.map((name) => [name, { points: 1_000_000, durationSeconds: 3600 }])),
  )
}
