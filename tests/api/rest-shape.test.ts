// What a REST client written from docs/product.md §7 relies on: every 429 says its real wait
// in Retry-After on both surfaces; every error has the `{error, code}` shape, those written before a
// procedure runs too (the photo count's 413, Node's 431 for oversized headers); API answers are not
// kept in any cache (`Cache-Control: no-store`), personal data as they carry.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { ERROR_CATALOGUE } from '../../shared/errors.ts'
import { createTestApp, suiteApp, suiteListening } from '../helpers/app.ts'

const t = suiteApp(() =>
  createTestApp({
    overrides: { limits: createRateLimits({ otpSendPerEmail: { points: 1, durationSeconds: 600 } }) },
  }),
)
const server = suiteListening(t)

describe('Retry-After is the real wait', () => {
  it('REST: a budget of 10 minutes says about 600 s, not 60', async () => {
    const email = `wait-${Date.now()}@example.com`
    const send = () => t.app.inject({ method: 'POST', url: '/api/supabase/signin-otp', payload: { email } })
    expect((await send()).statusCode).toBe(200)
    const refused = await send()
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: ERROR_CATALOGUE.TOO_MANY_REQUESTS.message,
      code: 'TOO_MANY_REQUESTS',
      retry_after_seconds: Number(refused.headers['retry-after']),
    })
    const wait = Number(refused.headers['retry-after'])
    expect(wait).toBeGreaterThan(590)
    expect(wait).toBeLessThanOrEqual(600)
  })

  it('/trpc: the same header and wait', async () => {
    const email = `wait-trpc-${Date.now()}@example.com`
    const send = () => t.app.inject({ method: 'POST', url: '/trpc/auth.signinOtp', payload: { email } })
    expect((await send()).statusCode).toBe(200)
    const refused = await send()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.data.appCode).toBe('TOO_MANY_REQUESTS')
    const wait = Number(refused.headers['retry-after'])
    expect(wait).toBeGreaterThan(590)
    expect(wait).toBeLessThanOrEqual(600)
  })
})

describe('errors written before a procedure runs have the {error, code} shape', () => {
  it('413: more photos in one tRPC call than the gate has slots', async () => {
    const { token } = await t.signIn()
    const input = encodeURIComponent(JSON.stringify({ 0: { id: 1 }, 1: { id: 2 }, 2: { id: 3 } }))
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/record.documentFile,record.documentFile,record.documentFile?batch=1&input=${input}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'At most 2 photos per request', code: 'TOO_LARGE' })
  })

  it('429: the global limit says its wait in the body as in Retry-After', async () => {
    const limited = await createTestApp({ env: { GLOBAL_RATE_PER_MINUTE: '2' } })
    try {
      let refused = await limited.app.inject({ method: 'GET', url: '/api/supabase/cats' })
      for (let i = 0; i < 5 && refused.statusCode !== 429; i++)
        refused = await limited.app.inject({ method: 'GET', url: '/api/supabase/cats' })
      expect(refused.statusCode).toBe(429)
      const wait = Number(refused.headers['retry-after'])
      expect(wait).toBeGreaterThan(0)
      expect(refused.json()).toEqual({
        error: ERROR_CATALOGUE.TOO_MANY_REQUESTS.message,
        code: 'TOO_MANY_REQUESTS',
        retry_after_seconds: wait,
      })
    } finally {
      await limited.close()
    }
  })

  it("431: Node's header overflow answers in the contract's shape", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1')
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        text += chunk
      })
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
      socket.write(`GET /api/supabase/cats HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
    expect(answer).toMatch(/content-type: application\/json/i)
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
    expect(body).toEqual({ error: ERROR_CATALOGUE.HEADERS_TOO_LARGE.message, code: 'HEADERS_TOO_LARGE' })
  })
})

describe('Cache-Control: no-store on API answers', () => {
  it('REST and /trpc, answers and errors', async () => {
    const { token } = await t.signIn()
    const authorization = `Bearer ${token}`
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/supabase/cats', headers: { authorization } }),
      t.app.inject({ method: 'GET', url: '/api/supabase/subscriptions', headers: { authorization } }),
      t.app.inject({ method: 'GET', url: '/trpc/cat.list', headers: { authorization } }),
      t.app.inject({ method: 'GET', url: '/api/supabase/cats' }),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401])
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('the care, progress and chat-photo rows too (every /api/ answer that does not say otherwise)', async () => {
    const { token } = await t.signIn()
    const authorization = `Bearer ${token}`
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/care/weights', headers: { authorization } }),
      t.app.inject({ method: 'GET', url: '/api/care/plan', headers: { authorization } }),
      t.app.inject({ method: 'GET', url: '/api/care/check-ins', headers: { authorization } }),
      t.app.inject({ method: 'GET', url: '/api/chat/attachments/1', headers: { authorization } }),
    ])
    // An owner with no cat: the care rows answer 404, the photo 404; personal or not, none is kept.
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404])
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')
  })
})
