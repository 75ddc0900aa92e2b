// Rate limits through Redis: two instances' limiters share one budget (the single-instance figure holds
// in total); with Redis unreachable each falls back to its own memory and still limits. The shared-budget
// test runs against any reachable Redis or one it starts, and is skipped, saying why, only with neither.
import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/logger.ts'
import { createRateLimits, DEFAULT_RATE_LIMITS, RateLimitedError } from '../../server/services/rate-limits.ts'
import { openRedis, redisReady } from '../../server/services/redis.ts'
import { findTestRedis } from '../helpers/redis.ts'

const log = createLogger('silent')
const prefix = `kc-test-${crypto.randomBytes(4).toString('hex')}:`
// A reachable Redis, or one started for this file (tests/helpers/redis.ts); without either the shared
// budget cannot be tested and its test is skipped with the reason in its name.
const found = await findTestRedis()
const dead = openRedis('redis://127.0.0.1:1', log, prefix)

afterAll(async () => {
  dead.disconnect()
  await found.redis?.stop()
})

async function spend(limits: ReturnType<typeof createRateLimits>, key: string) {
  try {
    await limits.consume('otpVerifyPerEmailIp', key)
    return 'ok'
  } catch (error) {
    if (error instanceof RateLimitedError) return 'limited'
    throw error
  }
}

describe.skipIf(found.redis === null)(
  `rate limits with Redis (${found.redis?.source ?? `skipped: ${found.missing}`})`,
  () => {
    const url = found.redis?.url ?? ''
    const first = openRedis(url, log, prefix)
    const second = openRedis(url, log, prefix)

    afterAll(async () => {
      const keys = await first.keys('*')
      // keys() answers them with the prefix; del() adds it again.
      if (keys.length > 0) await first.del(...keys.map((key) => key.slice(prefix.length)))
      await Promise.all([first.quit(), second.quit()])
    })

    it('two instances spend from one budget: the figure holds in total', async () => {
      expect(await redisReady(first)).toBe(true)
      expect(await redisReady(second)).toBe(true)
      const a = createRateLimits({}, first)
      const b = createRateLimits({}, second)
      const key = 'guess@example.com'
      const results: string[] = []
      for (let i = 0; i < 14; i++) results.push(await spend(i % 2 === 0 ? a : b, key))
      const allowed = DEFAULT_RATE_LIMITS.otpVerifyPerEmailIp.points
      expect(results.filter((r) => r === 'ok')).toHaveLength(allowed)
      expect(results.slice(allowed).every((r) => r === 'limited')).toBe(true)
    })
  },
)

describe('rate limits with Redis unreachable', () => {
  it('each instance still limits from its own memory', async () => {
    const limits = createRateLimits({}, dead)
    const results: string[] = []
    for (let i = 0; i < 12; i++) results.push(await spend(limits, 'offline@example.com'))
    expect(results.filter((r) => r === 'ok')).toHaveLength(DEFAULT_RATE_LIMITS.otpVerifyPerEmailIp.points)
  })
})
