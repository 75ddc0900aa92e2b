// Operators are proven people (docs/follow-ups.md "Operators"): an address on OPERATOR_EMAILS opens the
// operators' views only from a session made by a code on an account whose address is proved. Someone
// who signs the operator's address up (with or without a password) before the operator does gets the
// 404 everyone else gets, on both surfaces, and refreshing that session keeps it so. The scoreboard's
// dates are validated: a year PostgreSQL cannot hold is a clear 400, never a 500.
import { describe, expect, it } from 'vitest'
import { createTestApp, postRest, suiteApp } from '../helpers/app.ts'
import { signInWithMailedCode } from '../helpers/mailed-codes.ts'

const t = suiteApp(() => createTestApp({ env: { OPERATOR_EMAILS: 'ops@example.com' } }))
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function scoreboardStatus(token: string) {
  const rest = await t.app.inject({ method: 'GET', url: '/api/ops/safety', headers: bearer(token) })
  const trpc = await (await t.caller(token)).ops.safety({}).then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  )
  return { rest: rest.statusCode, trpc }
}

describe('operators are proven people', () => {
  it("a password sign-up of the operator's address, never proved, is a 404 on both surfaces, refreshed too", async () => {
    const signUp = await postRest(t, '/api/supabase/signup-passwordless', {
      email: 'ops@example.com',
      full_name: 'Not The Operator',
      password: 'a long enough password 1',
    })
    expect(signUp.status).toBe(200)
    const token = signUp.body.token as string
    expect(await scoreboardStatus(token)).toEqual({ rest: 404, trpc: 'NOT_FOUND' })
    const conversation = await t.app.inject({
      method: 'GET',
      url: '/api/ops/conversations/1',
      headers: bearer(token),
    })
    expect(conversation.statusCode).toBe(404)

    const refreshed = await postRest(t, '/api/supabase/token/refresh', {
      refresh_token: signUp.body.refresh_token,
    })
    expect(refreshed.status).toBe(200)
    expect(await scoreboardStatus(refreshed.body.access_token as string)).toEqual({
      rest: 404,
      trpc: 'NOT_FOUND',
    })
  })

  it('a session the app opened without a proof, on an account not proved, is a 404', async () => {
    const user = await t.db.user.upsert({
      where: { email: 'ops@example.com' },
      update: {},
      create: { email: 'ops@example.com' },
    })
    const { token } = await t.services.tokens.issue({ ...user, emailVerified: false })
    expect(await scoreboardStatus(token)).toEqual({ rest: 404, trpc: 'NOT_FOUND' })
  })

  it('the operator who proves the address with a code reads the scoreboard, and after a refresh too', async () => {
    const session = await signInWithMailedCode(t, 'ops@example.com')
    expect(await scoreboardStatus(session.session.access_token)).toEqual({ rest: 200, trpc: 'ok' })
    const refreshed = await postRest(t, '/api/supabase/token/refresh', {
      refresh_token: session.session.refresh_token,
    })
    expect(await scoreboardStatus(refreshed.body.access_token as string)).toEqual({ rest: 200, trpc: 'ok' })
  })

  it('dates PostgreSQL cannot hold are a 400 on both surfaces, not a 500', async () => {
    const session = await signInWithMailedCode(t, 'ops@example.com')
    const token = session.session.access_token
    for (const query of [
      'from=0000-01-01',
      'to=0000-12-31',
      'from=9999-12-31T23:59:59Z',
      'from=-271821-04-20',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/ops/safety?${query}`,
        headers: bearer(token),
      })
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT' })
    }
    const api = await t.caller(token)
    await expect(api.ops.safety({ from: '0000-01-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})
