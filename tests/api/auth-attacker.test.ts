// Sign-in, sessions and addresses against a patient attacker, through the REST rows
// (app.inject) and tRPC callers on a real database. Codes are read from the mailer's log line.
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { createContextInner } from '../../server/context.ts'
import { createCaller } from '../../server/routers/index.ts'
import { createRateLimits, type RateLimitedError } from '../../server/services/rate-limits.ts'
import { DISGUISED_ADDRESSES, freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, suiteApp, type TestApp } from '../helpers/app.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { mailedCode } from '../helpers/mailed-codes.ts'
import { trpcFailure } from '../helpers/trpc-errors.ts'

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'
const address = freshAddress
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0')

const post = (app: TestApp, url: string, payload: object, remoteAddress?: string, token?: string) =>
  postRest(app, url, payload, { remoteAddress, token })

const sendCode = (app: TestApp, email: string, ip?: string) =>
  post(app, '/api/supabase/signin-otp', { email }, ip)
const verify = (app: TestApp, email: string, token: string, ip?: string) =>
  post(app, '/api/supabase/verify-otp', { email, token, type: 'email' }, ip)
const refresh = (app: TestApp, refresh_token: string, ip?: string) =>
  post(app, '/api/supabase/token/refresh', { refresh_token }, ip)
const me = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })

/** Moves the newest code of `key` back in time, instead of waiting out the resend interval. */
async function ageNewestCode(app: TestApp, key: string, seconds: number) {
  const newest = await app.db.otpCode.findFirstOrThrow({ where: { email: key }, orderBy: { id: 'desc' } })
  await app.db.otpCode.update({
    where: { id: newest.id },
    data: { createdAt: new Date(newest.createdAt.getTime() - seconds * 1000) },
  })
}

async function codeSignIn(app: TestApp, email: string, ip?: string) {
  await app.db.otpCode.deleteMany({ where: { email } })
  expect((await sendCode(app, email, ip)).status).toBe(200)
  const res = await verify(app, email, mailedCode(app.logs, email), ip)
  expect(res.status).toBe(200)
  return res.body as {
    session: { access_token: string; refresh_token: string }
    user: { id: number; user_metadata: { first_name: string; full_name: string } }
  }
}

describe('sessions and addresses', () => {
  const t = suiteGenerousApp()

  it("proving an address ends the sessions opened before the proof; the name they chose is the owner's to keep or delete", async () => {
    const email = address('victim')
    const attacker = await post(t, '/api/supabase/signup-passwordless', { email, full_name: 'Mallory Grab' })
    expect(attacker.status).toBe(200)
    const { token: attackerToken, refresh_token: attackerRefresh } = attacker.body
    expect((await me(t, attackerToken)).statusCode).toBe(200)

    const owner = await codeSignIn(t, email)
    // Kept (it is most often the owner's own), and listed in the notice of what the account held.
    const api = createCaller(
      await createContextInner({ services: t.services, token: owner.session.access_token }),
    )
    expect((await api.account.state()).heldBeforeProof?.name).toBe('Mallory Grab')
    await api.account.reviewHeldBeforeProof({ action: 'delete' })

    expect((await me(t, attackerToken)).statusCode).toBe(401)
    expect((await refresh(t, attackerRefresh)).status).toBe(401)
    const ownerMe = await me(t, owner.session.access_token)
    expect(ownerMe.statusCode).toBe(200)
    // Deleted in the one step.
    expect(ownerMe.json().result.data.full_name).not.toContain('Mallory')
    expect(ownerMe.json().result.data.first_name).not.toContain('Mallory')
    // The owner's own session lives on, and a later code sign-in leaves it alone.
    await codeSignIn(t, email)
    expect((await me(t, owner.session.access_token)).statusCode).toBe(200)
  })

  it('two refreshes at once with one token both get a working pair, and the session lives on', async () => {
    const owner = await codeSignIn(t, address())
    const [a, b] = await Promise.all([
      refresh(t, owner.session.refresh_token),
      refresh(t, owner.session.refresh_token),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.refresh_token).toBe(b.body.refresh_token)
    for (const answer of [a, b]) expect((await me(t, answer.body.access_token)).statusCode).toBe(200)
    // A retry after a lost answer, a moment later: the same, still no revocation.
    const retry = await refresh(t, owner.session.refresh_token)
    expect(retry.status).toBe(200)
    const next = await refresh(t, retry.body.refresh_token)
    expect(next.status).toBe(200)
    expect((await me(t, next.body.access_token)).statusCode).toBe(200)
  })

  it('reuse of a replaced token after the grace window revokes the session', async () => {
    const owner = await codeSignIn(t, address())
    const sid = owner.session.refresh_token.split('.')[0]!
    const first = await refresh(t, owner.session.refresh_token)
    expect(first.status).toBe(200)
    await t.db.session.update({ where: { id: sid }, data: { refreshedAt: new Date(Date.now() - 31_000) } })
    expect((await refresh(t, owner.session.refresh_token)).status).toBe(401)
    expect((await me(t, first.body.access_token)).statusCode).toBe(401)
    expect((await refresh(t, first.body.refresh_token)).status).toBe(401)
  })

  it('a made-up secret after a real session id is 401 and revokes nothing', async () => {
    const owner = await codeSignIn(t, address())
    const sid = owner.session.refresh_token.split('.')[0]!
    expect((await refresh(t, `${sid}.made-up`)).status).toBe(401)
    expect((await me(t, owner.session.access_token)).statusCode).toBe(200)
    expect((await refresh(t, owner.session.refresh_token)).status).toBe(200)
  })

  it('refuses a token whose sub is not the owner of its session', async () => {
    const victim = await codeSignIn(t, address('victim'))
    const other = await t.signIn(address('other'))
    const sid = victim.session.refresh_token.split('.')[0]!
    const forged = await new SignJWT({ email: 'x@example.com', sid, user_metadata: {} })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(other.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET))
    expect((await me(t, forged)).statusCode).toBe(401)
  })

  it('ends a session 30 days after its sign-in, however often it was refreshed', async () => {
    const owner = await codeSignIn(t, address())
    const sid = owner.session.refresh_token.split('.')[0]!
    await t.db.session.update({
      where: { id: sid },
      data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
    })
    expect((await refresh(t, owner.session.refresh_token)).status).toBe(401)
  })

  it('setting a password can end every other session of the owner', async () => {
    const email = address()
    const here = await codeSignIn(t, email)
    const elsewhere = await codeSignIn(t, email)
    const caller = await t.caller(here.session.access_token)
    await caller.auth.sendPasswordCode()
    const code = mailedCode(t.logs, email)
    await caller.auth.setPassword({ code, password: 'a-long-password', end_other_sessions: true })
    expect((await me(t, elsewhere.session.access_token)).statusCode).toBe(401)
    expect((await refresh(t, elsewhere.session.refresh_token)).status).toBe(401)
    expect((await me(t, here.session.access_token)).statusCode).toBe(200)
  })

  it('refuses zero-width, bidirectional, control and list characters in an address with 400, never 500', async () => {
    for (const email of DISGUISED_ADDRESSES) {
      const res = await sendCode(t, email)
      expect({ email, status: res.status, code: res.body.code }).toEqual({
        email,
        status: 400,
        code: 'INVALID_INPUT',
      })
    }
    // Fullwidth letters are the same address once normalised (NFKC).
    const plain = address('wide')
    const wide = plain.replace('wide', '\uff57\uff49\uff44\uff45')
    expect((await sendCode(t, wide)).status).toBe(200)
    expect(mailedCode(t.logs, plain)).toMatch(/^\d{6}$/)
  })

  it('an address cannot reach the pending password code of another', async () => {
    const email = address()
    const owner = await codeSignIn(t, email)
    const caller = await t.caller(owner.session.access_token)
    await caller.auth.sendPasswordCode()
    const code = mailedCode(t.logs, email)
    // Past the resend interval, where a new code for the same key would replace the pending one.
    await t.db.otpCode.updateMany({
      where: { email: { endsWith: email } },
      data: { createdAt: new Date(Date.now() - 31_000) },
    })
    await sendCode(t, `password:${email}`)
    await sendCode(t, `password ${email}`)
    await expect(caller.auth.setPassword({ code, password: 'a-long-password' })).resolves.toEqual({
      success: true,
    })
  })
})

describe('budgets an attacker spends on their own', () => {
  const t = suiteApp()

  it('a code request refused as too soon costs nothing, and says how long to wait', async () => {
    const email = address('target')
    // An owner's proved address (an unproven one has a tighter budget: sign-in-codes-kept.test.ts).
    await t.db.user.create({ data: { email, emailVerifiedAt: new Date() } })
    expect((await sendCode(t, email, '10.9.0.1')).status).toBe(200)
    for (let i = 0; i < 8; i++) {
      const res = await sendCode(t, email, '10.9.0.1')
      expect(res.status).toBe(429)
      expect({ i, ...res.body }).toMatchObject({ i, code: 'RESEND_TOO_SOON' })
      expect(res.body.error).toMatch(/wait (29|30) seconds/)
    }
    // The same source gets the wait in the answer on tRPC too (the seconds on the error); the interval is
    // per source, so requests from elsewhere never hold up the owner's (codes-unspoiled.test.ts).
    const caller = createCaller(await createContextInner({ services: t.services, ip: '10.9.0.1' }))
    const failure = await trpcFailure(caller.auth.signinOtp({ email }))
    expect(failure.code).toBe('TOO_MANY_REQUESTS')
    expect(failure.message).toMatch(/wait \d+ seconds/)
    expect((failure.cause as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(29)
    // The owner, after the interval, still gets codes: the refusals spent nothing.
    for (let i = 0; i < 5; i++) {
      await ageNewestCode(t, email, 31)
      expect((await sendCode(t, email, '10.9.0.3')).status).toBe(200)
    }
  })

  it('wrong codes from an attacker’s IP do not lock the owner out from the owner’s IP', async () => {
    const email = address('owner')
    await sendCode(t, email, '10.9.1.1')
    const code = mailedCode(t.logs, email)
    for (let i = 1; i <= 12; i++) {
      await t.db.otpCode.updateMany({ where: { email }, data: { attempts: 0 } })
      await verify(t, email, wrong(code, i), '10.9.1.66')
    }
    expect((await verify(t, email, wrong(code, 20), '10.9.1.66')).status).toBe(429)
    await t.db.otpCode.updateMany({ where: { email }, data: { attempts: 0 } })
    expect((await verify(t, email, code, '10.9.1.1')).status).toBe(200)
  })

  it('wrong passwords from an attacker’s IP do not lock the owner out from the owner’s IP', async () => {
    const email = address('pw')
    for (let i = 0; i < 12; i++) {
      await post(t, '/api/supabase/signin', { email, password: `guess-${i}-pw` }, '10.9.2.66')
    }
    expect(
      (await post(t, '/api/supabase/signin', { email, password: 'guess-x-pw' }, '10.9.2.66')).status,
    ).toBe(429)
    const owner = await post(t, '/api/supabase/signin', { email, password: 'the-owners-pw' }, '10.9.2.1')
    expect(owner.status).toBe(400)
    expect(owner.body.code).toBe('INVALID_CREDENTIALS')
  })

  it('keeps a per-account ceiling on wrong passwords across IPs', async () => {
    const small = await createTestApp({
      overrides: { limits: createRateLimits({ passwordPerEmail: { points: 3, durationSeconds: 600 } }) },
    })
    try {
      const email = address('ceiling')
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await post(small, '/api/supabase/signin', { email, password: 'wrong-pw-1' }, `10.9.3.${i}`))
            .status,
        )
      }
      expect(statuses).toEqual([400, 400, 400, 429])
    } finally {
      await small.close()
    }
  })

  it('refreshing has its own budget: 25 refreshes from one IP leave code sign-in open', async () => {
    const ip = '10.9.4.1'
    const email = address('family')
    const owner = await codeSignIn(t, email, ip)
    let token = owner.session.refresh_token
    for (let i = 0; i < 25; i++) {
      const res = await refresh(t, token, ip)
      expect(res.status).toBe(200)
      token = res.body.refresh_token
    }
    await codeSignIn(t, address('sibling'), ip)
  })
})
