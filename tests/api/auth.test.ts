import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContextInner } from '../../server/context.ts'
import { createCaller } from '../../server/routers/index.ts'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { ERRORS } from '../../shared/errors.ts'
import { resendWaitMessage } from '../../shared/rules/resend-wait.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, type TestApp } from '../helpers/app.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { mailedCode, mailedCodes } from '../helpers/mailed-codes.ts'
import { expectTrpcError } from '../helpers/trpc-errors.ts'

// Accounts on a real database, through tRPC callers and the REST rows. Codes are read from
// the embedded mailer's log line, the way an operator without SMTP reads them.

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'

// Rate limits are tested on their own app below; here they must not get in the way of the rules.
const t = suiteGenerousApp()
const address = freshAddress

const post = (app: TestApp, url: string, payload: unknown, remoteAddress?: string) =>
  postRest(app, url, payload, { remoteAddress })

const lastCode = (app: TestApp, email: string) => mailedCode(app.logs, email)

const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0')

async function sendCode(app: TestApp, email: string, remoteAddress?: string) {
  return post(app, '/api/supabase/signin-otp', { email }, remoteAddress)
}

async function verify(
  app: TestApp,
  email: string,
  token: string,
  extra: object = {},
  remoteAddress?: string,
) {
  return post(app, '/api/supabase/verify-otp', { email, token, type: 'email', ...extra }, remoteAddress)
}

/** Moves the newest code of `email` back in time, instead of waiting out the resend interval. */
async function ageNewestCode(app: TestApp, email: string, seconds: number) {
  const newest = await app.db.otpCode.findFirstOrThrow({ where: { email }, orderBy: { id: 'desc' } })
  await app.db.otpCode.update({
    where: { id: newest.id },
    data: { createdAt: new Date(newest.createdAt.getTime() - seconds * 1000) },
  })
}

/** What the REST sign-in rows answer with a new session: a one-hour token, no photo yet, a refresh token. */
const SESSION_BODY = {
  token: expect.any(String),
  expiresIn: 3600,
  photo: null,
  refresh_token: expect.any(String),
}

/** The statuses of `times` requests sent one after another (request `i` counts from 0). */
async function statusesOf(times: number, request: (i: number) => Promise<{ status: number }>) {
  const statuses: number[] = []
  for (let i = 0; i < times; i++) statuses.push((await request(i)).status)
  return statuses
}

describe('one-time code: sending', () => {
  it('mails a 6-digit code and stores only a hash of it', async () => {
    const email = address()
    const res = await sendCode(t, email)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    const code = lastCode(t, email)
    expect(code).toMatch(/^\d{6}$/)
    const rows = await t.db.otpCode.findMany({ where: { email } })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.codeHash).not.toContain(code)
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.attempts).toBe(0)
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(10 * 60 * 1000)
  })

  it('answers known and unknown addresses identically, on REST and on tRPC', async () => {
    const known = address('known')
    await t.signIn(known)
    const unknown = address('unknown')
    expect(await t.db.user.count({ where: { email: unknown } })).toBe(0)

    const a = await sendCode(t, known)
    const b = await sendCode(t, unknown)
    expect(a.status).toBe(b.status)
    expect(a.body).toEqual(b.body)

    const trpc = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.signinOtp', payload: { email } })
      return { status: res.statusCode, body: res.json() }
    }
    const known2 = address('known')
    await t.signIn(known2)
    const c = await trpc(known2)
    const d = await trpc(address('unknown'))
    expect(c).toEqual(d)
    expect(c.status).toBe(200)

    // A too-soon second request is refused alike for both, too.
    const again = [await sendCode(t, known), await sendCode(t, unknown)]
    expect(again[0]).toMatchObject({ status: 429, body: { error: resendWaitMessage(30) } })
    expect(again[1]!.status).toBe(again[0]!.status)
    expect(again[1]!.body).toEqual(again[0]!.body)
    // Signing up for a code creates no account: that waits for the first successful verify.
    expect(await t.db.user.count({ where: { email: unknown } })).toBe(0)
  })

  it('gives an address a new code at most every 30 seconds (from the database)', async () => {
    const email = address()
    expect((await sendCode(t, email)).status).toBe(200)
    const tooSoon = await sendCode(t, email)
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body).toEqual({
      error: resendWaitMessage(30),
      code: 'RESEND_TOO_SOON',
      retry_after_seconds: 30,
    })
    // The real wait, in whole seconds (not the limiter's fixed minute).
    expect(tooSoon.headers['retry-after']).toBe('30')
    expect(mailedCodes(t.logs, email)).toHaveLength(1)

    await ageNewestCode(t, email, 29)
    expect((await sendCode(t, email)).status).toBe(429)

    await ageNewestCode(t, email, 2)
    expect((await sendCode(t, email)).status).toBe(200)
    expect(mailedCodes(t.logs, email)).toHaveLength(2)
    // The last few codes are kept (sign-in-codes-kept.test.ts).
    expect(await t.db.otpCode.count({ where: { email } })).toBe(2)
  })

  it('lets only one of two simultaneous requests through', async () => {
    const email = address()
    const results = await Promise.all([sendCode(t, email), sendCode(t, email), sendCode(t, email)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429])
    expect(mailedCodes(t.logs, email)).toHaveLength(1)
  })

  it('treats an address the same however it is typed', async () => {
    const email = address()
    expect((await sendCode(t, `  ${email.toUpperCase()} `)).status).toBe(200)
    const code = lastCode(t, email)
    const res = await verify(t, email.toUpperCase(), code)
    expect(res.status).toBe(200)
    expect(res.body.user.email).toBe(email)
  })
})

describe('one-time code: verifying', () => {
  it('creates the account on the first successful verify and answers a session', async () => {
    const email = address()
    await sendCode(t, email)
    const before = Math.floor(Date.now() / 1000)
    const res = await verify(t, email, lastCode(t, email))
    expect(res.status).toBe(200)
    const user = await t.db.user.findUniqueOrThrow({ where: { email } })
    expect(res.body).toEqual({
      session: {
        access_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: expect.any(Number),
        // The refresh token beside the access token, as Supabase answers.
        refresh_token: expect.any(String),
      },
      user: { id: user.id, email, user_metadata: { first_name: '', full_name: '', avatar_url: null } },
    })
    expect(res.body.session.expires_at).toBeGreaterThanOrEqual(before + 3600)
    expect(res.body.session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600)

    const token = res.body.session.access_token as string
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256' })
    expect(decodeJwt(token)).toMatchObject({
      sub: String(user.id),
      email,
      exp: res.body.session.expires_at,
      user_metadata: { first_name: '', full_name: '' },
    })
    const me = await (await t.caller(token)).auth.me()
    expect(me).toMatchObject({ id: user.id, email, has_password: false })
  })

  it('signs an existing account in with its names in the token', async () => {
    const email = address()
    const { id } = await t.signIn(email, { firstName: 'Ada', fullName: 'Ada Lovelace' })
    // Names of an address already proved (an unproved account's names go at the first proof).
    await t.db.user.update({ where: { id }, data: { emailVerifiedAt: new Date() } })
    await sendCode(t, email)
    const res = await verify(t, email, lastCode(t, email))
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      id,
      user_metadata: { first_name: 'Ada', full_name: 'Ada Lovelace' },
    })
    expect(decodeJwt(res.body.session.access_token)).toMatchObject({
      user_metadata: { first_name: 'Ada', full_name: 'Ada Lovelace' },
    })
    expect(await t.db.user.count({ where: { email } })).toBe(1)
  })

  it('accepts each code once', async () => {
    const email = address()
    await sendCode(t, email)
    const code = lastCode(t, email)
    expect((await verify(t, email, code)).status).toBe(200)
    const again = await verify(t, email, code)
    expect(again).toMatchObject({ status: 400, body: { error: ERRORS.invalidCode } })
  })

  it('lets exactly one of two simultaneous verifies with the right code in', async () => {
    const email = address()
    await sendCode(t, email)
    const code = lastCode(t, email)
    const results = await Promise.all([verify(t, email, code), verify(t, email, code)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
  })

  it('refuses a code older than 10 minutes', async () => {
    const email = address()
    await sendCode(t, email)
    const code = lastCode(t, email)
    await t.db.otpCode.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect(await verify(t, email, code)).toMatchObject({ status: 400, body: { error: ERRORS.codeExpired } })
    expect(await t.db.user.count({ where: { email } })).toBe(0)
  })

  it('a newer code does not void the one before (the last few count)', async () => {
    const email = address()
    await sendCode(t, email)
    const first = lastCode(t, email)
    let second = first
    // Codes are random: a new one that happens to repeat the old one could not tell them apart.
    while (second === first) {
      await ageNewestCode(t, email, 31)
      await sendCode(t, email)
      second = lastCode(t, email)
    }
    expect((await verify(t, email, first)).status).toBe(200)
    // One sign-in spends every code of the address.
    expect(await verify(t, email, second)).toMatchObject({ status: 400, body: { error: ERRORS.invalidCode } })
  })

  it('voids a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = address()
    await sendCode(t, email)
    const code = lastCode(t, email)
    for (let i = 1; i <= 4; i++) {
      expect(await verify(t, email, wrong(code, i))).toMatchObject({
        status: 400,
        body: { error: ERRORS.invalidCode },
      })
    }
    expect(await verify(t, email, wrong(code, 5))).toMatchObject({
      status: 400,
      body: { error: ERRORS.codeTooManyAttempts },
    })
    expect(await verify(t, email, code)).toMatchObject({
      status: 400,
      body: { error: ERRORS.codeTooManyAttempts },
    })
    expect(await t.db.user.count({ where: { email } })).toBe(0)

    // A new code (after the resend interval) starts a fresh budget.
    await ageNewestCode(t, email, 31)
    await sendCode(t, email)
    expect((await verify(t, email, lastCode(t, email))).status).toBe(200)
  })

  it('still accepts the right code on the fifth try', async () => {
    const email = address()
    await sendCode(t, email)
    const code = lastCode(t, email)
    for (let i = 1; i <= 4; i++) expect((await verify(t, email, wrong(code, i))).status).toBe(400)
    expect((await verify(t, email, code)).status).toBe(200)
  })

  it('refuses a code for an address that never asked for one', async () => {
    expect(await verify(t, address(), '123456')).toMatchObject({
      status: 400,
      body: { error: ERRORS.invalidCode },
    })
  })

  it('refuses a code that is not 6 digits with 400, before it counts as a try', async () => {
    const email = address()
    await sendCode(t, email)
    for (const token of ['12345', '1234567', 'abcdef', '', '12 456']) {
      expect(await verify(t, email, token)).toMatchObject({
        status: 400,
        body: { error: `token: ${ERRORS.codeFormat}` },
      })
    }
    const row = await t.db.otpCode.findFirstOrThrow({ where: { email } })
    expect(row.attempts).toBe(0)
  })
})

describe('visitor hand-over', () => {
  it('gives the visitor session’s unowned cats and interviews to the account on verify', async () => {
    const session = `visitor-${Date.now()}`
    const other = await t.signIn(address('other'))
    const cat = await t.db.cat.create({ data: { sessionId: session, name: 'Miso' } })
    // A session an account already holds records under is spent (tests/api/account-sessions),
    // so another account's cat sits under a session of its own here.
    const owned = await t.db.cat.create({
      data: { sessionId: `${session}-owned`, name: 'Taken', userId: other.id },
    })
    const elsewhere = await t.db.cat.create({ data: { sessionId: 'another-session', name: 'Elsewhere' } })
    const interview = await t.db.interview.create({ data: { sessionId: session } })

    const email = address()
    await sendCode(t, email)
    const res = await verify(t, email, lastCode(t, email), { session_id: session })
    expect(res.status).toBe(200)
    const userId = res.body.user.id
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })).userId).toBe(userId)
    expect((await t.db.interview.findUniqueOrThrow({ where: { id: interview.id } })).userId).toBe(userId)
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: owned.id } })).userId).toBe(other.id)
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: elsewhere.id } })).userId).toBeNull()
  })

  it('hands them over on sign-up too', async () => {
    const session = `visitor-signup-${Date.now()}`
    const cat = await t.db.cat.create({ data: { sessionId: session, name: 'Pixel' } })
    const res = await post(t, '/api/supabase/signup-passwordless', {
      email: address(),
      full_name: 'Grace Hopper',
      session_id: session,
    })
    expect(res.status).toBe(200)
    const userId = Number(decodeJwt(res.body.token).sub)
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })).userId).toBe(userId)
  })
})

describe('sign-up', () => {
  it('creates an account from a full name and answers {token, expiresIn, photo}', async () => {
    const email = address()
    const res = await post(t, '/api/supabase/signup-passwordless', {
      email,
      full_name: '  Ada   Augusta Lovelace ',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(SESSION_BODY)
    const user = await t.db.user.findUniqueOrThrow({ where: { email } })
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Augusta Lovelace',
      fullName: 'Ada Augusta Lovelace',
    })
    expect(user.passwordHash).toBeNull()
    expect(decodeJwt(res.body.token)).toMatchObject({
      sub: String(user.id),
      email,
      user_metadata: { first_name: 'Ada', full_name: 'Ada Augusta Lovelace' },
    })
  })

  it('creates an account from first and last name', async () => {
    const email = address()
    const res = await post(t, '/api/supabase/signup-passwordless', {
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
    })
    expect(res.status).toBe(200)
    expect(await t.db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
    })
  })

  it('hands out no session for an address that already has an account', async () => {
    const email = address()
    await t.signIn(email)
    const res = await post(t, '/api/supabase/signup-passwordless', {
      email: email.toUpperCase(),
      full_name: 'Eve',
    })
    expect(res).toMatchObject({ status: 409, body: { error: ERRORS.accountExists } })
    expect(res.body.token).toBeUndefined()
  })

  it('needs a name and a valid e-mail', async () => {
    expect(await post(t, '/api/supabase/signup-passwordless', { email: address() })).toMatchObject({
      status: 400,
      body: { error: `full_name: ${ERRORS.nameRequired}` },
    })
    expect(
      await post(t, '/api/supabase/signup-passwordless', { email: 'not-an-email', full_name: 'A' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'email: Please enter a valid email address' },
    })
  })
})

describe('passwords', () => {
  it('refuses passwords under 8 or over 128 characters with a clear message', async () => {
    expect(
      await post(t, '/api/supabase/signup-passwordless', {
        email: address(),
        full_name: 'A',
        password: 'short77',
      }),
    ).toMatchObject({ status: 400, body: { error: `password: ${ERRORS.passwordTooShort}` } })
    expect(
      await post(t, '/api/supabase/signup-passwordless', {
        email: address(),
        full_name: 'A',
        password: 'x'.repeat(129),
      }),
    ).toMatchObject({ status: 400, body: { error: `password: ${ERRORS.passwordTooLong}` } })
  })

  it('stores a salted scrypt hash, never the password, and signs in with it', async () => {
    const email = address()
    const password = 'purr-purr-8'
    expect(
      (await post(t, '/api/supabase/signup-passwordless', { email, full_name: 'Cat Owner', password }))
        .status,
    ).toBe(200)
    const other = address()
    await post(t, '/api/supabase/signup-passwordless', { email: other, full_name: 'Cat Owner', password })
    const [a, b] = await Promise.all(
      [email, other].map((e) =>
        t.db.user.findUniqueOrThrow({ where: { email: e } }).then((u) => u.passwordHash!),
      ),
    )
    expect(a).toMatch(/^scrypt\$/)
    expect(a).not.toContain(password)
    expect(a).not.toBe(b)
    expect(t.logs.join('')).not.toContain(password)

    // A password signs in only on a verified address (tests/api/auth-verification.test.ts has the rule).
    await t.db.user.update({ where: { email }, data: { emailVerifiedAt: new Date() } })
    const res = await post(t, '/api/supabase/signin', { email, password })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(SESSION_BODY)
    expect(decodeJwt(res.body.token)).toMatchObject({
      email,
      user_metadata: { first_name: 'Cat', full_name: 'Cat Owner' },
    })
  })

  it('answers a wrong password, an unknown address and a passwordless account the same way', async () => {
    const withPassword = address()
    await post(t, '/api/supabase/signup-passwordless', {
      email: withPassword,
      full_name: 'A',
      password: 'right-password',
    })
    const passwordless = address()
    await t.signIn(passwordless)
    const answers = [
      await post(t, '/api/supabase/signin', { email: withPassword, password: 'wrong-password' }),
      await post(t, '/api/supabase/signin', { email: address('nobody'), password: 'wrong-password' }),
      await post(t, '/api/supabase/signin', { email: passwordless, password: 'wrong-password' }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ error: ERRORS.invalidCredentials, code: 'INVALID_CREDENTIALS' })
    }
  })

  it('sets a first password with a mailed code, replaces it with another, and changes it with the current one', async () => {
    // A password is set or replaced with a fresh code from the account's e-mail
    // (step-up), so a code sign-in may always replace it (no more 409 for a second password).
    const email = address()
    await sendCode(t, email)
    const session = await verify(t, email, lastCode(t, email))
    const caller = await t.caller(session.body.session.access_token)
    const stepUp = async () => {
      const before = mailedCodes(t.logs, email).length
      expect(await caller.auth.sendPasswordCode()).toEqual({ success: true })
      expect(mailedCodes(t.logs, email).length).toBe(before + 1)
      return lastCode(t, email)
    }

    const code = await stepUp()
    // Through a caller the zod message comes as is; over HTTP the formatter makes it one line (above).
    await expect(caller.auth.setPassword({ code, password: 'short' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(ERRORS.passwordTooShort),
    })
    await expectTrpcError(
      caller.auth.setPassword({ code: wrong(code), password: 'first-password' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    expect(await caller.auth.setPassword({ code, password: 'first-password' })).toEqual({ success: true })
    expect((await caller.auth.me()).has_password).toBe(true)
    // A used code is spent.
    await expectTrpcError(
      caller.auth.setPassword({ code, password: 'second-password' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )

    const resendWait = await t.db.otpCode.updateMany({ data: { createdAt: new Date(Date.now() - 60_000) } })
    expect(resendWait.count).toBeGreaterThan(0)
    expect(await caller.auth.setPassword({ code: await stepUp(), password: 'second-password' })).toEqual({
      success: true,
    })
    expect((await post(t, '/api/supabase/signin', { email, password: 'first-password' })).status).toBe(400)
    expect((await post(t, '/api/supabase/signin', { email, password: 'second-password' })).status).toBe(200)
  })
})

describe('session tokens', () => {
  const key = new TextEncoder().encode(SECRET)

  async function badTokens(): Promise<Record<string, string>> {
    const { id, token } = await t.signIn(address('tokens'))
    const now = Math.floor(Date.now() / 1000)
    const claims = { email: 'x@example.com', user_metadata: { first_name: 'X' } }
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    altered.sub = String(id + 1000)
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    return {
      expired: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(key),
      forged: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-to-sign')),
      altered: `${header}.${b64(altered)}.${signature}`,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: String(id), exp: now + 3600 })}.`,
      garbage: 'not-a-token',
    }
  }

  it('rejects a missing token with 401 User Not Authenticated', async () => {
    await expectTrpcError((await t.caller()).auth.me(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
    const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me' })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe(ERRORS.notAuthenticated)
  })

  it('rejects expired, forged, altered, alg-none and garbage tokens on tRPC and over HTTP', async () => {
    for (const [kind, token] of Object.entries(await badTokens())) {
      await expectTrpcError((await t.caller(token)).auth.me(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
      const res = await t.app.inject({
        method: 'GET',
        url: '/trpc/auth.me',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode, kind).toBe(401)
      expect(res.json().error.message, kind).toBe(ERRORS.notAuthenticated)
      expect(res.json().error.data.code, kind).toBe('UNAUTHORIZED')
    }
  })

  it('rejects a valid token whose account no longer exists', async () => {
    const { id, token } = await t.signIn(address('gone'))
    await t.db.user.delete({ where: { id } })
    await expectTrpcError((await t.caller(token)).auth.me(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
  })

  it('accepts its own token on tRPC over HTTP', async () => {
    const email = address()
    const { token } = await t.signIn(email, { firstName: 'Ada', fullName: 'Ada Lovelace' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().result.data).toMatchObject({ email, first_name: 'Ada', full_name: 'Ada Lovelace' })
  })
})

describe('input errors', () => {
  it('answers an invalid e-mail on REST with 400 and {error, code}', async () => {
    for (const [payload, message] of [
      [{ email: 'nope' }, 'email: Please enter a valid email address'],
      [{ email: 'cat@home' }, 'email: Please enter a valid email address'],
      [{ email: '   ' }, 'email: Email is required'],
      [{}, 'email: Email is required'],
    ] as const) {
      const res = await post(t, '/api/supabase/signin-otp', payload)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: message, code: 'INVALID_INPUT' })
    }
  })

  it('answers an invalid e-mail on tRPC with 400 and tRPC’s error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signinOtp',
      payload: { email: 'nope' },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.error.message).toBe('email: Please enter a valid email address')
    expect(body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, path: 'auth.signinOtp' })
    expect(body.error.data.zodError.fieldErrors.email).toEqual(['Please enter a valid email address'])
    expect(JSON.stringify(body)).not.toMatch(/\.ts:\d+/)
  })

  it('answers a non-object body with 400, never 500', async () => {
    for (const url of [
      '/api/supabase/signin',
      '/api/supabase/verify-otp',
      '/api/supabase/signup-passwordless',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: '[1,2]',
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode, url).toBe(400)
      expect(typeof res.json().error, url).toBe('string')
    }
  })
})

describe('mail delivery failure', () => {
  it('withdraws a code whose mail could not be sent, so the owner can ask again at once', async () => {
    // An SMTP server that is not there: the real nodemailer transport fails to connect.
    const failing = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } })
    try {
      const email = address()
      const res = await sendCode(failing, email)
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ error: ERRORS.unexpected, code: 'UNEXPECTED' })
      expect(await failing.db.otpCode.count({ where: { email } })).toBe(0)
      expect((await sendCode(failing, email)).status).toBe(500)
    } finally {
      await failing.close()
    }
  })
})

describe('rate limits (the shipped budgets)', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await createTestApp()
  })
  afterAll(async () => {
    await strict?.close()
  })

  it('lets nobody in within 20 guesses of one code, and answers 429 before the 20th', async () => {
    const email = address('target')
    const ip = '10.0.0.1'
    await sendCode(strict, email, ip)
    const code = lastCode(strict, email)
    const statuses: number[] = []
    const refusals: unknown[] = []
    for (let i = 1; i <= 20; i++) {
      // From the 6th guess on the attacker even sends the right code.
      const res = await verify(strict, email, i >= 6 ? code : wrong(code, i), {}, ip)
      expect(res.status).not.toBe(200)
      statuses.push(res.status)
      refusals.push(res.body)
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true)
    expect(refusals.slice(10)).toEqual(
      Array(10).fill({
        error: ERRORS.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
        retry_after_seconds: expect.any(Number),
      }),
    )
    expect(await strict.db.user.count({ where: { email } })).toBe(0)
  })

  it('limits verify attempts per IP across addresses', async () => {
    const ip = '10.0.0.2'
    const statuses = await statusesOf(21, () => verify(strict, address('spray'), '000000', {}, ip))
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('limits codes sent to one address from one IP per hour, and leaves the owner’s IP its own', async () => {
    const email = address('flood')
    // A proved address: an unproven one has a tighter budget still (sign-in-codes-kept.test.ts).
    await strict.db.user.create({ data: { email, emailVerifiedAt: new Date() } })
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      statuses.push((await sendCode(strict, email, '10.0.1.1')).status)
      if (await strict.db.otpCode.count({ where: { email } })) await ageNewestCode(strict, email, 31)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429])
    expect(mailedCodes(strict.logs, email)).toHaveLength(6)
    // The flood from 10.0.1.1 spent that IP's budget for the address, not the owner's.
    expect((await sendCode(strict, email, '10.0.1.2')).status).toBe(200)
  })

  it('limits codes sent from one IP', async () => {
    const ip = '10.0.0.3'
    const statuses = await statusesOf(21, () => sendCode(strict, address('ip'), ip))
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('limits password sign-in per address and IP, with 429 and {error} on REST and tRPC', async () => {
    const email = address('pw')
    const statuses = await statusesOf(11, (i) =>
      post(strict, '/api/supabase/signin', { email, password: `guess-${i}-pw` }, '10.0.2.1'),
    )
    expect(statuses).toEqual([...Array(10).fill(400), 429])
    const rest = await post(strict, '/api/supabase/signin', { email, password: 'another' }, '10.0.2.1')
    expect(rest).toMatchObject({ status: 429, body: { error: ERRORS.tooManyRequests } })
    const trpc = await strict.app.inject({
      method: 'POST',
      url: '/trpc/auth.signin',
      payload: { email, password: 'another' },
      remoteAddress: '10.0.2.1',
    })
    expect(trpc.statusCode).toBe(429)
    expect(trpc.json().error.message).toBe(ERRORS.tooManyRequests)
  })

  it('limits password sign-in per IP', async () => {
    const small = await createTestApp({
      overrides: { limits: createRateLimits({ passwordPerIp: { points: 3, durationSeconds: 600 } }) },
    })
    try {
      const caller = createCaller(await createContextInner({ services: small.services, ip: '10.0.3.1' }))
      for (let i = 0; i < 3; i++) {
        await expectTrpcError(
          caller.auth.signin({ email: address('pwip'), password: 'whatever-1' }),
          'BAD_REQUEST',
          ERRORS.invalidCredentials,
        )
      }
      await expectTrpcError(
        caller.auth.signin({ email: address('pwip'), password: 'whatever-1' }),
        'TOO_MANY_REQUESTS',
        ERRORS.tooManyRequests,
      )
    } finally {
      await small.close()
    }
  })
})
