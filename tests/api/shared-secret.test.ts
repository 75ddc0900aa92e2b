// Instances that share a database share the signing secret with no setting (it is kept in
// the database), so a token from one works on the other and a code one sends is accepted by the other.
import { describe, expect, it } from 'vitest'
import { SESSION_CHECK_MS } from '../../server/services/tokens.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { suiteDatabase } from '../helpers/database.ts'
import { mailedCode } from '../helpers/mailed-codes.ts'

const database = suiteDatabase()
// No JWT_SECRET, and each instance its own DATA_DIR: only the database is shared.
const instances = [0, 1].map(() => suiteApp(() => createTestApp({ database, env: { JWT_SECRET: '' } })))

describe('two instances on one database, JWT_SECRET unset', () => {
  it('accept each other’s codes and tokens', async () => {
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]]
    const email = `shared-${Date.now()}@example.com`
    const sent = await one.app.inject({ method: 'POST', url: '/api/supabase/signin-otp', payload: { email } })
    expect(sent.statusCode).toBe(200)
    const code = mailedCode(one.logs, email)
    const verified = await two.app.inject({
      method: 'POST',
      url: '/api/supabase/verify-otp',
      payload: { email, token: code, type: 'email' },
    })
    expect(verified.statusCode).toBe(200)
    const token = verified.json().session.access_token as string
    for (const instance of instances) {
      const cats = await instance.app.inject({
        method: 'GET',
        url: '/api/supabase/cats',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(cats.statusCode).toBe(200)
    }
    // Logout on the second: it refuses the token at once, the first within its 5 s session cache.
    const headers = { authorization: `Bearer ${token}` }
    expect((await two.app.inject({ method: 'POST', url: '/api/supabase/logout', headers })).statusCode).toBe(
      200,
    )
    expect((await two.app.inject({ method: 'GET', url: '/api/supabase/cats', headers })).statusCode).toBe(401)
    const started = Date.now()
    await expect
      .poll(
        async () => (await one.app.inject({ method: 'GET', url: '/api/supabase/cats', headers })).statusCode,
        {
          timeout: SESSION_CHECK_MS + 2000,
          interval: 250,
        },
      )
      .toBe(401)
    expect(Date.now() - started).toBeLessThanOrEqual(SESSION_CHECK_MS + 2000)
  })
})
