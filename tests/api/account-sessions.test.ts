// Sessions the owner controls. Every rule through REST (app.inject) and tRPC (createCaller):
// logout and "sign out everywhere" end sessions, refresh tokens rotate and a reused one revokes, a
// stolen token cannot set a password, deleted accounts and tokens without exp are 401, claimed records
// refuse the old session_id, creating a cat needs the token, and forged X-Forwarded-For keys nothing.
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, postTrpc, type TestApp } from '../helpers/app.ts'
import { exportedDocument } from '../helpers/export-text.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { mailedCode as mailedLogCode, signInWithMailedCode } from '../helpers/mailed-codes.ts'
import { grantSubscription } from '../helpers/subscribers.ts'
import { expectTrpcError, trpcFailure } from '../helpers/trpc-errors.ts'

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'
const t = suiteGenerousApp()
const address = freshAddress

async function post(url: string, payload: object = {}, token?: string) {
  const { status, body } = await postRest(t, url, payload, { token })
  return { status, body }
}

async function get(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  return { status: res.statusCode, body: res.json() }
}

const mailedCode = (email: string) => mailedLogCode(t.logs, email)

const signInWithCode = (email: string, sessionId?: string) => signInWithMailedCode(t, email, sessionId)

/** 401 on tRPC (a caller) and on REST alike. */
async function expectRefusedEverywhere(token: string) {
  const caller = await t.caller(token)
  await expectTrpcError(caller.auth.me(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
  await expectTrpcError(caller.cat.list(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
  await expectTrpcError(caller.billing.status(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
  expect(await get('/api/supabase/cats', token)).toEqual({
    status: 401,
    body: { error: ERRORS.notAuthenticated, code: 'NOT_AUTHENTICATED' },
  })
  const http = await t.app.inject({
    method: 'GET',
    url: '/trpc/auth.me',
    headers: { authorization: `Bearer ${token}` },
  })
  expect(http.statusCode).toBe(401)
}

describe('a stolen session token cannot set or change the password', () => {
  it('refuses setPassword with only the token, on tRPC and REST-over-HTTP', async () => {
    const email = address('victim')
    const owner = await signInWithCode(email)
    const thief = await t.caller(owner.session.access_token)
    await trpcFailure(thief.auth.setPassword({ password: 'thief-password' } as never))
    await expectTrpcError(
      thief.auth.setPassword({ code: '000000', password: 'thief-password' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    const http = await postTrpc(
      t,
      'auth.setPassword',
      { password: 'thief-password' },
      owner.session.access_token,
    )
    expect(http.statusCode).toBe(400)
    expect((await t.db.user.findUniqueOrThrow({ where: { email } })).passwordHash).toBeNull()
    expect((await post('/api/supabase/signin', { email, password: 'thief-password' })).status).toBe(400)
  })

  it('sets it with the code mailed to the address, which the owner can always replace later', async () => {
    const email = address()
    const owner = await signInWithCode(email)
    const caller = await t.caller(owner.session.access_token)
    expect(await caller.auth.sendPasswordCode()).toEqual({ success: true })
    await caller.auth.setPassword({ code: mailedCode(email), password: 'first-password' })
    expect((await post('/api/supabase/signin', { email, password: 'first-password' })).status).toBe(200)
    // "Forgot your password?": a code sign-in, then a new code, replaces it without the old one.
    const again = await signInWithCode(email)
    const later = await t.caller(again.session.access_token)
    await t.db.otpCode.deleteMany({ where: { email: `password ${email}` } })
    await later.auth.sendPasswordCode()
    await later.auth.setPassword({ code: mailedCode(email), password: 'second-password' })
    expect((await post('/api/supabase/signin', { email, password: 'first-password' })).status).toBe(400)
    expect((await post('/api/supabase/signin', { email, password: 'second-password' })).status).toBe(200)
  })
})

describe('logout', () => {
  it('revokes the session over REST: the token answers 401 on both surfaces', async () => {
    const owner = await signInWithCode(address())
    const token = owner.session.access_token
    expect((await get('/api/supabase/cats', token)).status).toBe(200)
    expect(await post('/api/supabase/logout', {}, token)).toEqual({ status: 200, body: { success: true } })
    await expectRefusedEverywhere(token)
    // Its refresh token is dead too.
    expect(
      (await post('/api/supabase/token/refresh', { refresh_token: owner.session.refresh_token })).status,
    ).toBe(401)
  })

  it('revokes the session through tRPC and leaves the owner’s other sessions alone', async () => {
    const email = address()
    const one = await signInWithCode(email)
    const two = await signInWithCode(email)
    expect(await (await t.caller(one.session.access_token)).auth.logout()).toEqual({ success: true })
    await expectRefusedEverywhere(one.session.access_token)
    expect((await get('/api/supabase/cats', two.session.access_token)).status).toBe(200)
  })

  it('needs a token (401 without one)', async () => {
    expect((await post('/api/supabase/logout')).status).toBe(401)
  })
})

describe('sign out everywhere', () => {
  it('ends every session of the owner, another browser’s included, and no one else’s', async () => {
    const email = address()
    const laptop = await signInWithCode(email)
    const phone = await signInWithCode(email)
    const stranger = await signInWithCode(address('stranger'))
    // The phone's session is remembered as valid on this instance before it ends.
    expect((await get('/api/supabase/cats', phone.session.access_token)).status).toBe(200)
    expect(await (await t.caller(laptop.session.access_token)).auth.logoutEverywhere()).toEqual({
      success: true,
    })
    await expectRefusedEverywhere(phone.session.access_token)
    await expectRefusedEverywhere(laptop.session.access_token)
    expect(
      (await post('/api/supabase/token/refresh', { refresh_token: phone.session.refresh_token })).status,
    ).toBe(401)
    expect((await get('/api/supabase/cats', stranger.session.access_token)).status).toBe(200)
  })
})

describe('refresh tokens', () => {
  it('renew the access token over REST, rotate on every use, and a reused one revokes the session', async () => {
    const owner = await signInWithCode(address())
    const first = await post('/api/supabase/token/refresh', { refresh_token: owner.session.refresh_token })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expect.any(Number),
      refresh_token: expect.any(String),
    })
    expect(first.body.refresh_token).not.toBe(owner.session.refresh_token)
    expect((await get('/api/supabase/cats', first.body.access_token)).status).toBe(200)

    // tRPC rotates again.
    const caller = await t.caller()
    const second = await caller.auth.refresh({ refresh_token: first.body.refresh_token })
    expect((await get('/api/supabase/cats', second.access_token)).status).toBe(200)

    // A stolen copy of a spent refresh token, used after the grace window: 401, and the whole
    // session ends for everyone.
    const sid = owner.session.refresh_token.split('.')[0]!
    await t.db.session.update({ where: { id: sid }, data: { refreshedAt: new Date(Date.now() - 31_000) } })
    expect(
      (await post('/api/supabase/token/refresh', { refresh_token: first.body.refresh_token })).status,
    ).toBe(401)
    await expectRefusedEverywhere(second.access_token)
    await expectRefusedEverywhere(owner.session.access_token)
    await expectTrpcError(
      caller.auth.refresh({ refresh_token: second.refresh_token }),
      'UNAUTHORIZED',
      ERRORS.notAuthenticated,
    )
  })

  it('idle out after 30 days without a refresh', async () => {
    const owner = await signInWithCode(address())
    const sid = owner.session.refresh_token.split('.')[0]!
    await t.db.session.update({
      where: { id: sid },
      data: { refreshedAt: new Date(Date.now() - 31 * 86_400_000) },
    })
    expect(
      (await post('/api/supabase/token/refresh', { refresh_token: owner.session.refresh_token })).status,
    ).toBe(401)
  })

  it('refuse garbage with 401 or 400, never 500', async () => {
    for (const refresh_token of ['x', 'no-dot', '.', 'abc.def']) {
      expect([400, 401]).toContain((await post('/api/supabase/token/refresh', { refresh_token })).status)
    }
    expect((await post('/api/supabase/token/refresh', {})).status).toBe(400)
  })
})

describe('tokens the server no longer stands behind', () => {
  it('refuses a deleted account’s token everywhere, and it creates no payment customer', async () => {
    const owner = await signInWithCode(address())
    await t.db.user.delete({ where: { id: owner.user.id } })
    await expectRefusedEverywhere(owner.session.access_token)
    const caller = await t.caller(owner.session.access_token)
    await expectTrpcError(caller.billing.createCustomer({} as never), 'UNAUTHORIZED', ERRORS.notAuthenticated)
  })

  it('refuses a correctly signed token without exp, and one without a session id', async () => {
    const { id } = await t.signIn(address())
    const key = new TextEncoder().encode(SECRET)
    const sid = (await t.db.session.findFirstOrThrow({ where: { userId: id } })).id
    const noExp = await new SignJWT({ email: 'a@example.com', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .sign(key)
    const noSid = await new SignJWT({ email: 'a@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setExpirationTime('1h')
      .sign(key)
    await expectRefusedEverywhere(noExp)
    await expectRefusedEverywhere(noSid)
  })
})

describe('claimed records belong to the account', () => {
  it('a claimed interview refuses the old session_id on resume and on PUT; the owner’s token still works', async () => {
    const visitor = `claimed-${Date.now()}`
    const anon = await t.caller()
    const { id } = await anon.interview.create({ session_id: visitor })
    const owner = await signInWithCode(address(), visitor)
    expect((await t.db.interview.findUniqueOrThrow({ where: { id } })).userId).toBe(owner.user.id)

    await expectTrpcError(anon.interview.resume({ id, session_id: visitor }), 'NOT_FOUND', ERRORS.notFound)
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/interview/${id}`,
      payload: { session_id: visitor, messages: [{ role: 'user', content: 'overwritten' }] },
    })
    expect(put.statusCode).toBe(404)
    expect(await t.db.interviewMessage.count({ where: { interviewId: id } })).toBe(0)

    const mine = await t.caller(owner.session.access_token)
    expect((await mine.interview.resume({ id, session_id: visitor })).id).toBe(id)
    expect((await mine.interview.get({ id })).id).toBe(id)
  })

  it('a cat planted under a spent session_id is not handed to the owner at the next sign-in', async () => {
    const visitor = `planted-${Date.now()}`
    const email = address()
    const anon = await t.caller()
    await anon.interview.create({ session_id: visitor })
    const owner = await signInWithCode(email, visitor)
    // Someone who read the session id plants a cat (straight into the table: the API wants a token now).
    const planted = await t.db.cat.create({ data: { sessionId: visitor, name: 'Trojan' } })
    const again = await signInWithCode(email, visitor)
    expect(again.user.id).toBe(owner.user.id)
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: planted.id } })).userId).toBeNull()
    expect(await (await t.caller(again.session.access_token)).cat.list()).toEqual([])
  })

  it('POST /api/supabase/cats and cat.create need the bearer token (docs/product.md §6)', async () => {
    const res = await post('/api/supabase/cats', { session_id: 'anon-cat', cat_name: 'Milo' })
    expect(res).toEqual({ status: 401, body: { error: ERRORS.notAuthenticated, code: 'NOT_AUTHENTICATED' } })
    await expectTrpcError(
      (await t.caller()).cat.create({ session_id: 'anon-cat', name: 'Milo' }),
      'UNAUTHORIZED',
      ERRORS.notAuthenticated,
    )
    expect(await t.db.cat.count({ where: { sessionId: 'anon-cat' } })).toBe(0)
    // The visitor's wizard asks for recommendations instead, which needs no token.
    expect((await post('/api/openai/recommendations', { cat_name: 'Milo', age: 3, weight: 9 })).status).toBe(
      200,
    )
  })
})

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it('keys per-IP limits on the address the proxy saw, whatever X-Forwarded-For the client wrote', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1', GLOBAL_RATE_PER_MINUTE: '3' } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await proxied.app.inject({
          method: 'GET',
          url: '/api/openapi.json',
          // The client forges the left part; the proxy appends the address it really saw.
          headers: { 'x-forwarded-for': `10.9.${i}.${i}, 198.51.100.7` },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      // Another real client still has its own budget.
      const other = await proxied.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'x-forwarded-for': '10.9.0.0, 198.51.100.8' },
      })
      expect(other.statusCode).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})

describe('download my data and delete account', () => {
  /** A fresh step-up code, as the owner reads it from the mail (an earlier one's resend wait moved past). */
  async function freshCode(caller: Awaited<ReturnType<TestApp['caller']>>, email: string) {
    await t.db.otpCode.updateMany({
      where: { email: { endsWith: email } },
      data: { createdAt: new Date(Date.now() - 60_000) },
    })
    expect(await caller.account.sendVerificationCode()).toEqual({ success: true })
    return mailedCode(email)
  }

  async function ownerWithEverything(tag: string) {
    const email = address(tag)
    const visitor = `${tag}-${Date.now()}`
    const anon = await t.caller()
    const interview = await anon.interview.create({ session_id: visitor })
    const owner = await signInWithCode(email, visitor)
    const caller = await t.caller(owner.session.access_token)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const cat = await caller.cat.create({
      name: `${tag}-cat`,
      photo: { buffer: png.toString('base64'), mimetype: 'image/png' },
    })
    const conversation = await caller.conversation.create({ session_id: visitor })
    await t.db.conversationMessage.create({
      data: { conversationId: conversation.id, role: 'user', content: `${tag} asks about food` },
    })
    await grantSubscription(t.db, owner.user.id, {
      email,
      endDate: new Date(Date.now() + 3 * 86_400_000),
      provider: 'demo',
      providerSubscriptionId: `sub_demo_${tag}_${Date.now()}`,
    })
    return { email, owner, caller, catId: cat.id, conversationId: conversation.id, interviewId: interview.id }
  }

  /** `method url` over REST as the owner, with a fresh step-up code in x-verification-code. */
  async function withFreshCode(
    owner: Awaited<ReturnType<typeof ownerWithEverything>>,
    method: 'GET' | 'DELETE',
    url: string,
  ) {
    const code = await freshCode(owner.caller, owner.email)
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${owner.owner.session.access_token}`, 'x-verification-code': code },
    })
  }

  it('exports everything of the owner and nothing of anyone else, on tRPC and REST', async () => {
    const ada = await ownerWithEverything('ada')
    const bob = await ownerWithEverything('bob')
    const data = await exportedDocument<
      Record<string, unknown> & {
        account: { email: string; passwordHash?: unknown }
        cats: { id: number; name: string; photo_url: string | null }[]
        conversations: { id: number; messages: { content: string }[] }[]
        interviews: { id: number }[]
        subscriptions: { userId: number }[]
      }
    >(await ada.caller.account.exportData({ code: await freshCode(ada.caller, ada.email) }))
    expect(data.account.email).toBe(ada.email)
    expect(data.account).not.toHaveProperty('passwordHash')
    expect(data.cats.map((c) => c.id)).toEqual([ada.catId])
    // The photo apart, at its own address, which gives it whole.
    expect(data.cats[0]!.photo_url).toBe(`/api/supabase/cats/${ada.catId}/photo`)
    const photo = await get(data.cats[0]!.photo_url!, ada.owner.session.access_token)
    expect(photo.body.url).toMatch(new RegExp(`^/api/files/cat/${ada.catId}\\?`))
    expect(Object.values(data.cats[0]!)).not.toContain(photo.body.url)
    expect(data.conversations.map((c) => c.id)).toEqual([ada.conversationId])
    expect(data.conversations[0]!.messages.map((m) => m.content)).toEqual(['ada asks about food'])
    expect(data.interviews.map((i) => i.id)).toEqual([ada.interviewId])
    expect(data.subscriptions).toHaveLength(1)
    expect(data.subscriptions[0]!.userId).toBe(ada.owner.user.id)
    const text = JSON.stringify(data)
    expect(text).not.toContain(bob.email)
    expect(text).not.toContain('bob-cat')
    expect(text).not.toContain('bob asks')

    const rest = await withFreshCode(ada, 'GET', '/api/supabase/account/export')
    expect(rest.statusCode).toBe(200)
    expect(rest.json().cats.map((c: { id: number }) => c.id)).toEqual([ada.catId])
    expect((await t.app.inject({ method: 'GET', url: '/api/supabase/account/export' })).statusCode).toBe(401)
  })

  it('deletes the account over REST: subscription cancelled first, no row of the owner left, tokens 401', async () => {
    const ada = await ownerWithEverything('gone')
    const keep = await ownerWithEverything('kept')
    const other = await signInWithCode(ada.email)
    const id = ada.owner.user.id
    const res = await withFreshCode(ada, 'DELETE', '/api/supabase/account')
    expect(res.statusCode).toBe(200)
    // Every table that holds an owner's rows, asked directly.
    const left = await t.db.$queryRaw<{ n: number }[]>`
      SELECT (SELECT count(*) FROM users WHERE id = ${id})
        + (SELECT count(*) FROM cats WHERE user_id = ${id})
        + (SELECT count(*) FROM conversations WHERE user_id = ${id})
        + (SELECT count(*) FROM conversation_messages WHERE conversation_id = ${ada.conversationId})
        + (SELECT count(*) FROM interviews WHERE user_id = ${id} OR id = ${ada.interviewId})
        + (SELECT count(*) FROM interview_messages WHERE interview_id = ${ada.interviewId})
        + (SELECT count(*) FROM subscriptions WHERE user_id = ${id} OR email = ${ada.email})
        + (SELECT count(*) FROM payments WHERE user_id = ${id})
        + (SELECT count(*) FROM sessions WHERE user_id = ${id})
        + (SELECT count(*) FROM otp_codes WHERE email LIKE ${`%${ada.email}`}) AS n`
    expect(Number(left[0]!.n)).toBe(0)
    expect(await t.db.cat.count({ where: { name: 'gone-cat' } })).toBe(0)
    await expectRefusedEverywhere(ada.owner.session.access_token)
    await expectRefusedEverywhere(other.session.access_token)
    // The other owner is untouched.
    expect(await keep.caller.cat.list()).toHaveLength(1)
    expect(await t.db.subscription.count({ where: { userId: keep.owner.user.id } })).toBe(1)
  })

  it('deletes through tRPC too, and stops when the provider cannot cancel the subscription', async () => {
    const ada = await ownerWithEverything('unpaid')
    await t.db.subscription.updateMany({
      where: { userId: ada.owner.user.id },
      data: { provider: 'elsewhere' },
    })
    await trpcFailure(ada.caller.account.deleteAccount({ code: await freshCode(ada.caller, ada.email) }))
    expect(await t.db.user.count({ where: { id: ada.owner.user.id } })).toBe(1)
    await t.db.subscription.updateMany({ where: { userId: ada.owner.user.id }, data: { provider: 'demo' } })
    const code = await freshCode(ada.caller, ada.email)
    expect(await ada.caller.account.deleteAccount({ code })).toEqual({ success: true })
    expect(await t.db.user.count({ where: { id: ada.owner.user.id } })).toBe(0)
  })

  it('export and deletion need a fresh mailed code: a session token alone takes and erases nothing', async () => {
    const ada = await ownerWithEverything('stepup')
    const token = ada.owner.session.access_token
    const auth = { authorization: `Bearer ${token}` }
    // No code, a made-up code: refused with the code's own error, never a 401 (the owner stays signed in).
    const bare = await t.app.inject({ method: 'GET', url: '/api/supabase/account/export', headers: auth })
    expect(bare.statusCode).toBe(400)
    expect(bare.json()).toEqual({ error: `code: ${ERRORS.codeFormat}`, code: 'INVALID_INPUT' })
    const guessed = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: { ...auth, 'x-verification-code': '000000' },
    })
    expect(guessed.statusCode).toBe(400)
    expect(guessed.json().code).toBe('INVALID_CODE')
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/supabase/account', headers: auth })
    expect(gone.statusCode).toBe(400)
    await expectTrpcError(
      ada.caller.account.deleteAccount({ code: '000000' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    expect(await t.db.user.count({ where: { id: ada.owner.user.id } })).toBe(1)
    // The sign-in code of the address is not a step-up code.
    await expectTrpcError(
      ada.caller.account.exportData({ code: mailedCode(ada.email) }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    // A code is spent by one use.
    const code = await freshCode(ada.caller, ada.email)
    expect(
      (await exportedDocument<{ cats: unknown[] }>(await ada.caller.account.exportData({ code }))).cats,
    ).toHaveLength(1)
    await expectTrpcError(ada.caller.account.exportData({ code }), 'BAD_REQUEST', ERRORS.invalidCode)
    expect((await get('/api/supabase/cats', token)).status).toBe(200)
  })
})
