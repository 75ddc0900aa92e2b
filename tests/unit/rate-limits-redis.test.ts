// Rate limits through Redis: two instances' limiters share one budget (the single-instance figure holds
// in total); with Redis unreachable each falls back to its own memory and still limits.
import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/logger.ts'
import { createRateLimits, DEFAULT_RATE_LIMITS, RateLimitedError } from '../../server/services/rate-limits.ts'
import { openRedis, redisReady } from '../../server/services/redis.ts'

const log = createLogger('silent')
const prefix = `kc-test-${crypto.randomBytes(4).toString('hex')}:`
const first = openRedis('redis://127.0.0.1:6379', log, prefix)
const second = openRedis('redis://127.0.0.1:6379', log, prefix)
const dead = openRedis('redis://127.0.0.1:1', log, prefix)

afterAll(async () => {
  const keys = await first.keys('*')
  // keys() answers them with the prefix; del() adds it again.
  if (keys.length > 0) await first.del(...keys.map((key) => key.slice(prefix.length)))
  await Promise.all([first.quit(), second.quit()])
  dead.disconnect()
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

describe('rate limits with Redis', () => {
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

  it('with Redis unreachable, each instance still limits from its own memory', async () => {
    const limits = createRateLimits({}, dead)
    const results: string[] = []
    for (let i = 0; i < 12; i++) results.push(await spend(limits, 'offline@example.com'))
    expect(results.filter((r) => r === 'ok')).toHaveLength(DEFAULT_RATE_LIMITS.otpVerifyPerEmailIp.points)
  })
})
