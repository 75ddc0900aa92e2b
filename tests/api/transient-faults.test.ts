// A transient fault of the database is not the client's doing: while PostgreSQL cannot
// be reached, every surface answers 503 with Retry-After in the contract's shape, never a 500. The app
// runs on a PostgreSQL address where nothing listens (as during a restart), through app.inject.
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgres } from '../../server/db.ts'
import { ERRORS } from '../../shared/errors.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

// Port 1: refused at once, as a restarting server refuses.
const unreachable = await openPostgres('postgresql://postgres@127.0.0.1:1/kitty_gone', () => {})
afterAll(() => unreachable.close())
const t = suiteApp(() => createTestApp({ database: unreachable, env: { JWT_SECRET: 'x'.repeat(48) } }))

// The wait is in the body too, as every REST error with a Retry-After carries it (docs/api.md).
const busy = { error: ERRORS.serverBusy, code: 'SERVICE_UNAVAILABLE', retry_after_seconds: 2 }

describe('PostgreSQL unreachable', () => {
  it('REST: 503 {error, code} with Retry-After, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/signin-otp',
      payload: { email: 'restart@example.com' },
    })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual(busy)
    expect(res.headers['retry-after']).toBe('2')
  })

  it('/trpc: 503 with Retry-After and the catalogue code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signinOtp',
      payload: { email: 'restart@example.com' },
    })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('2')
    const body = res.json() as { error: { message: string; data: { code: string; appCode: string } } }
    expect(body.error.message).toBe(ERRORS.serverBusy)
    expect(body.error.data.appCode).toBe('SERVICE_UNAVAILABLE')
    expect(body.error.data.code).toBe('SERVICE_UNAVAILABLE')
  })

  it('/healthz: 503 with Retry-After', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('2')
  })

  it("the e-mail's unsubscribe button: 503 with Retry-After, not a 'link not recognised' page", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/care/unsubscribe/some-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('2')
    expect(res.body).not.toContain('not recognised')
  })
})
