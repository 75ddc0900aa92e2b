import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { postRest, postTrpc, type TestApp } from '../helpers/app.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { mailedCode, signInWithMailedCode } from '../helpers/mailed-codes.ts'
import { expectTrpcError } from '../helpers/trpc-errors.ts'

// Proving the e-mail address (closing account pre-registration): sign-up hands out an account and a
// session for an address nobody has proved. A used sign-in code proves it (User.emailVerifiedAt); only
// then does a password sign in or may one be set, and the first proof clears a password set before it.

const t = suiteGenerousApp()
const address = freshAddress

async function post(url: string, payload: object) {
  const { status, body } = await postRest(t, url, payload)
  return { status, body }
}

const signup = (payload: object) => post('/api/supabase/signup-passwordless', payload)
const signin = (email: string, password: string) => post('/api/supabase/signin', { email, password })

const signInWithCode = (email: string) => signInWithMailedCode(t, email)

const account = (email: string) => t.db.user.findUniqueOrThrow({ where: { email } })

type Caller = Awaited<ReturnType<TestApp['caller']>>

/** Step-up: a fresh code mailed to the account's address, as its owner reads it. */
async function passwordCode(caller: Caller, email: string) {
  await t.db.otpCode.deleteMany({ where: { email: `password ${email}` } })
  await caller.auth.sendPasswordCode()
  return mailedCode(t.logs, email)
}

describe('pre-registering someone else’s address', () => {
  it('gains no password: refused before the owner verifies, gone after', async () => {
    const victim = address('victim')
    const attackerPassword = 'attacker-knows-this'
    const pre = await signup({ email: victim, full_name: 'Mallory', password: attackerPassword })
    expect(pre.status).toBe(200)
    expect((await account(victim)).emailVerifiedAt).toBeNull()

    // Before the owner proves the address, the password mints no session, with a message saying why.
    expect(await signin(victim, attackerPassword)).toEqual({
      status: 400,
      body: { error: ERRORS.passwordNeedsVerifiedEmail, code: 'PASSWORD_NEEDS_VERIFIED_EMAIL' },
    })
    // A wrong password on such an account answers like any other wrong password.
    expect(await signin(victim, 'not-the-password')).toEqual({
      status: 400,
      body: { error: ERRORS.invalidCredentials, code: 'INVALID_CREDENTIALS' },
    })

    const owner = await signInWithCode(victim)
    const verified = await account(victim)
    expect(owner.user.id).toBe(verified.id)
    expect(verified.emailVerifiedAt).toBeInstanceOf(Date)
    expect(verified.passwordHash).toBeNull()
    expect(await signin(victim, attackerPassword)).toEqual({
      status: 400,
      body: { error: ERRORS.invalidCredentials, code: 'INVALID_CREDENTIALS' },
    })

    // The owner's own password, set from their verified session, is the one that works now.
    const caller = await t.caller(owner.session.access_token)
    expect((await caller.auth.me()).has_password).toBe(false)
    expect(
      await caller.auth.setPassword({
        code: await passwordCode(caller, victim),
        password: 'owner-own-password',
      }),
    ).toEqual({ success: true })
    expect((await signin(victim, 'owner-own-password')).status).toBe(200)
    expect((await signin(victim, attackerPassword)).status).toBe(400)
  })

  it('keeps the pre-registration session from planting a password after the owner verifies', async () => {
    const victim = address('victim')
    const pre = await signup({ email: victim, full_name: 'Mallory' })
    const attacker = await t.caller(pre.body.token)
    await signInWithCode(victim)

    // The session from before the proof still works until it expires (accepted), but cannot set a
    // password that would outlive it: that takes a code from the owner's mailbox.
    await attacker.auth.sendPasswordCode()
    await expectTrpcError(
      attacker.auth.setPassword({ code: '000000', password: 'attacker-permanent' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    expect((await account(victim)).passwordHash).toBeNull()
    expect((await signin(victim, 'attacker-permanent')).status).toBe(400)
  })
})

describe('setting a password needs a code from the address', () => {
  // A session alone never sets a password; the mailed code is the proof.
  it('refuses setPassword without the mailed code, on a caller and over HTTP (400)', async () => {
    const email = address()
    const res = await signup({ email, full_name: 'Ada Lovelace' })
    const caller = await t.caller(res.body.token)
    await expectTrpcError(
      caller.auth.setPassword({ code: '123456', password: 'first-password' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    const http = await postTrpc(t, 'auth.setPassword', { password: 'first-password' }, res.body.token)
    expect(http.statusCode).toBe(400)
    expect((await account(email)).passwordHash).toBeNull()
    // The code from the address proves it: the password is set and the address verified.
    expect(
      await caller.auth.setPassword({ code: await passwordCode(caller, email), password: 'first-password' }),
    ).toEqual({ success: true })
    expect((await account(email)).emailVerifiedAt).toBeInstanceOf(Date)
    expect((await signin(email, 'first-password')).status).toBe(200)
  })

  it('refuses setPassword without the mailed code on an account that got a password at sign-up', async () => {
    const email = address()
    const res = await signup({ email, full_name: 'Ada Lovelace', password: 'signup-password' })
    const caller = await t.caller(res.body.token)
    const before = (await account(email)).passwordHash
    await expectTrpcError(
      caller.auth.setPassword({ code: '123456', password: 'another-password' }),
      'BAD_REQUEST',
      ERRORS.invalidCode,
    )
    expect((await account(email)).passwordHash).toBe(before)
  })

  it('tells a session token whether the address was verified when it was issued', async () => {
    const email = address()
    const res = await signup({ email, full_name: 'Ada Lovelace' })
    expect(decodeJwt(res.body.token)).toMatchObject({ email, email_verified: false })
    const owner = await signInWithCode(email)
    expect(decodeJwt(owner.session.access_token)).toMatchObject({ email, email_verified: true })
  })
})

describe('verifying with a code', () => {
  it('creates a new account already verified', async () => {
    const email = address()
    const before = Date.now()
    await signInWithCode(email)
    const user = await account(email)
    expect(user.emailVerifiedAt).toBeInstanceOf(Date)
    expect(user.emailVerifiedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(user.emailVerifiedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('verifies an existing unverified account, clears its names (listed for the owner to keep), and clears only on the first proof', async () => {
    const email = address()
    const { id } = await t.signIn(email, { firstName: 'Grace', fullName: 'Grace Hopper' })
    expect((await account(email)).emailVerifiedAt).toBeNull()

    // Whoever set these names never proved the address: the proof clears them and lists them in the
    // notice the owner keeps (they come back) or deletes (proof-leftovers.test.ts).
    const first = await signInWithCode(email)
    expect(first.user.id).toBe(id)
    const verified = await account(email)
    expect(verified).toMatchObject({ firstName: '', fullName: '' })
    expect(verified.heldBeforeProof).toMatchObject({ name: 'Grace Hopper' })
    await (await t.caller(first.session.access_token)).account.reviewHeldBeforeProof({ action: 'keep' })
    expect(await account(email)).toMatchObject({ firstName: 'Grace', fullName: 'Grace Hopper' })
    expect(verified.emailVerifiedAt).toBeInstanceOf(Date)

    // A password set after the proof is the owner's: later code sign-ins leave it and the date alone.
    const caller = await t.caller(first.session.access_token)
    await caller.auth.setPassword({ code: await passwordCode(caller, email), password: 'grace-password' })
    await signInWithCode(email)
    const later = await account(email)
    expect(later).toMatchObject({ firstName: 'Grace', fullName: 'Grace Hopper' })
    expect(later.emailVerifiedAt).toEqual(verified.emailVerifiedAt)
    expect(later.passwordHash).not.toBeNull()
    expect((await signin(email, 'grace-password')).status).toBe(200)
  })

  it('gives a password sign-in a verified session, which may change the password', async () => {
    const email = address()
    const owner = await signInWithCode(email)
    const ownerCaller = await t.caller(owner.session.access_token)
    await ownerCaller.auth.setPassword({
      code: await passwordCode(ownerCaller, email),
      password: 'first-password',
    })
    const session = await signin(email, 'first-password')
    expect(decodeJwt(session.body.token)).toMatchObject({ email_verified: true })
    const caller = await t.caller(session.body.token)
    expect(
      await caller.auth.setPassword({ code: await passwordCode(caller, email), password: 'second-password' }),
    ).toEqual({ success: true })
    expect((await signin(email, 'second-password')).status).toBe(200)
  })
})

describe('the payment flow (docs/product.md §4): sign-up without a password, then on with its token', () => {
  it('answers a usable session and checks out with it', async () => {
    const email = address('payer')
    const session = `visitor-pay-${Date.now()}`
    const res = await signup({ email, full_name: 'Ada Lovelace', session_id: session })
    expect(res).toEqual({
      status: 200,
      body: { token: expect.any(String), expiresIn: 3600, photo: null, refresh_token: expect.any(String) },
    })

    const caller = await t.caller(res.body.token)
    expect(await caller.auth.me()).toMatchObject({ email, full_name: 'Ada Lovelace', has_password: false })
    const result = await caller.billing.checkout({
      fullName: 'Ada Lovelace',
      country: 'GB',
      state: 'LND',
      postalCode: 'SW1A 1AA',
      paymentMethod: 'pm_card_visa',
      billingPeriod: 'Monthly',
      checkoutKey: `pay-${Date.now()}`,
    })
    expect(result.subscriptionId).toMatch(/^sub_demo_/)
    expect(await caller.billing.status()).toMatchObject({ subscribed: true })

    // Later the owner signs in with a code: the same account, now verified, subscription intact.
    const owner = await signInWithCode(email)
    const user = await account(email)
    expect(owner.user.id).toBe(user.id)
    expect(user.emailVerifiedAt).toBeInstanceOf(Date)
    expect(await (await t.caller(owner.session.access_token)).billing.status()).toMatchObject({
      subscribed: true,
      subscriptionId: result.subscriptionId,
    })
  })
})
