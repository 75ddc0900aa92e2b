// Budgets a visitor spends without a token: the recommendations (a model call each)
// have a per-address budget; every procedure of a /trpc batch counts against the limits, a batch of five
// as five; a visitor's interview writes count against the per-address interview budget.
import { describe, expect, it } from 'vitest'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

const t = suiteApp(() =>
  createTestApp({
    env: { TRUST_PROXY: '1' },
    overrides: {
      limits: createRateLimits({
        recommendationsPerIp: { points: 3, durationSeconds: 600 },
        visitorInterviewPerIp: { points: 3, durationSeconds: 600 },
        requestsPerIp: { points: 12, durationSeconds: 60 },
      }),
    },
  }),
)

const cat = { name: 'Budget', breed: 'Siamese', age: 3, weight: 9 }

function recommend(address: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/openai/recommendations',
    headers: { 'x-forwarded-for': address },
    payload: cat,
  })
}

describe('POST /api/openai/recommendations', () => {
  it('has a per-address budget, with the real Retry-After', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await recommend('198.51.100.50')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await recommend('198.51.100.50')
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590)
    // Another address has its own.
    expect((await recommend('198.51.100.51')).statusCode).toBe(200)
  })

  it('a /trpc batch of five counts five', async () => {
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [i, cat]))))
    const res = await t.app.inject({
      method: 'POST',
      url: `/trpc/cat.recommendations,cat.recommendations,cat.recommendations,cat.recommendations,cat.recommendations?batch=1`,
      headers: { 'x-forwarded-for': '198.51.100.52', 'content-type': 'application/json' },
      payload: JSON.parse(decodeURIComponent(input)),
    })
    const parts = res.json() as Array<{ result?: unknown; error?: { data: { appCode: string } } }>
    expect(parts.map((p) => (p.error ? p.error.data.appCode : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ])
  })
})

describe('the per-address request budget on /trpc', () => {
  it('counts every procedure of a batch', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.60' }
    const batch = () =>
      t.app.inject({
        method: 'GET',
        url: `/trpc/auth.me,auth.me,auth.me,auth.me,auth.me?batch=1&input=${encodeURIComponent('{}')}`,
        headers,
      })
    // 12 a minute: two batches of five fit, the third does not.
    const statuses = [(await batch()).statusCode, (await batch()).statusCode, (await batch()).statusCode]
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true)
    expect(statuses[2]).toBe(429)
  })
})

describe("a visitor's interview writes", () => {
  it('count against the per-address interview budget', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.70' }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/interview',
      headers,
      payload: { session_id: 'budget-visitor-1' },
    })
    expect(created.statusCode).toBe(200)
    const { id } = created.json() as { id: number }
    const update = (n: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/supabase/interview/${id}`,
        headers,
        payload: { session_id: 'budget-visitor-1', messages: [{ role: 'user', content: `answer ${n}` }] },
      })
    const statuses = [
      (await update(1)).statusCode,
      (await update(2)).statusCode,
      (await update(3)).statusCode,
    ]
    expect(statuses).toEqual([200, 200, 429])
  })
})
