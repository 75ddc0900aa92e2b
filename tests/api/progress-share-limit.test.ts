// Shared report links are limited per IP: a guesser gets 429 with Retry-After, not a 500.
import { describe, expect, it } from 'vitest'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp(() =>
  createTestApp({
    overrides: { limits: createRateLimits({ sharedReportPerIp: { points: 3, durationSeconds: 600 } }) },
  }),
)

describe('GET /api/care/report/shared per IP', () => {
  it('answers 429 with Retry-After once the budget is spent, whatever the token', async () => {
    const { owner } = await subscriberWithCat(t)
    const { url } = await (await t.caller(owner.token)).progress.shareReport({})
    const open = (path: string) => t.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.7' })
    expect((await open(url)).statusCode).toBe(200)
    expect((await open(`/api/care/report/shared?token=${'B'.repeat(43)}`)).statusCode).toBe(404)
    expect((await open(`/api/care/report/shared?token=${'C'.repeat(43)}`)).statusCode).toBe(404)
    const refused = await open(url)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.headers['x-robots-tag']).toContain('noindex')
    // Another address still opens it.
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.9' })).statusCode).toBe(200)
  })
})
