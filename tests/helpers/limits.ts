import {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateLimitName,
} from '../../server/services/rate-limits.ts'
import { createTestApp, suiteApp } from './app.ts'

/** Every budget so large it never answers 429: for tests about other rules than the limits. */
export function generousLimits() {
  const names = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]
  return createRateLimits(
    Object.fromEntries(names.map((name) => [name, { points: 1_000_000, durationSeconds: 3600 }])),
  )
}

/** A test app for the suite whose rate limits never answer 429 (the rules under test are others). */
export function suiteGenerousApp() {
  return suiteApp(() => createTestApp({ overrides: { limits: generousLimits() } }))
}
