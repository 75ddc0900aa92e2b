// Anyone could keep a victim from signing in: each code request for the address deleted the code before,
// so a request every 30 s voided whatever the victim had just received. Now the last few live codes of an
// address stay valid (each single-use), and requests for addresses that never proved anything spend a
// tighter budget.
import { describe, expect, it } from 'vitest'
import { LIVE_CODES_PER_ADDRESS } from '../../server/domain/accounts/one-time-codes.ts'
import { DEFAULT_RATE_LIMITS } from '../../server/services/rate-limits.ts'
import { ERRORS } from '../../shared/errors.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, suiteApp, type TestApp } from '../helpers/app.ts'
import { mailedCode } from '../helpers/mailed-codes.ts'

const t = suiteApp(() => createTestApp())

const sendCode = (email: string, ip: string) =>
  postRest(t, '/api/supabase/signin-otp', { email }, { remoteAddress: ip })
const verify = (email: string, token: string, ip: string) =>
  postRest(t, '/api/supabase/verify-otp', { email, token, type: 'email' }, { remoteAddress: ip })

/** Moves every code of `email` back in time, instead of waiting out the resend interval. */
const age = (app: TestApp, email: string) =>
  app.db
    .$executeRaw`UPDATE otp_codes SET created_at = created_at - interval '31 seconds' WHERE email = ${email}`

describe('sign-in codes', () => {
  it("an attacker's requests do not void the code the owner just received; each code works once", async () => {
    const email = freshAddress('victim')
    expect((await sendCode(email, '198.51.100.1')).status).toBe(200)
    const owners = mailedCode(t.logs, email)
    await age(t, email)
    expect((await sendCode(email, '203.0.113.9')).status).toBe(200)
    const attackers = mailedCode(t.logs, email)
    expect(attackers).not.toBe(owners)

    const signedIn = await verify(email, owners, '198.51.100.1')
    expect(signedIn.status).toBe(200)
    // Used: not a second time.
    expect(await verify(email, owners, '198.51.100.1')).toMatchObject({
      status: 400,
      body: { error: ERRORS.invalidCode },
    })
  })

  it(`keeps the last ${LIVE_CODES_PER_ADDRESS} codes asked from one source, no more`, async () => {
    const email = freshAddress('kept')
    await t.db.user.create({ data: { email, emailVerifiedAt: new Date() } })
    const codes: string[] = []
    for (let i = 0; i <= LIVE_CODES_PER_ADDRESS; i++) {
      await age(t, email)
      expect((await sendCode(email, '198.51.100.10')).status).toBe(200)
      codes.push(mailedCode(t.logs, email))
    }
    expect(await t.db.otpCode.count({ where: { email } })).toBe(LIVE_CODES_PER_ADDRESS)
    // The oldest is gone (unless a newer one happens to repeat it).
    if (!codes.slice(1).includes(codes[0]!))
      expect((await verify(email, codes[0]!, '198.51.100.30')).status).toBe(400)
    expect((await verify(email, codes[1]!, '198.51.100.30')).status).toBe(200)
  })
})

describe('addresses that never proved anything', () => {
  const budget = DEFAULT_RATE_LIMITS.otpSendPerUnprovenEmail.points

  it(`get at most ${budget} codes an hour; an address proved before gets more`, async () => {
    expect(budget).toBeLessThan(DEFAULT_RATE_LIMITS.otpSendPerEmailIp.points)
    const unproven = freshAddress('never')
    for (let i = 0; i < budget; i++) {
      await age(t, unproven)
      expect((await sendCode(unproven, `203.0.113.${20 + i}`)).status).toBe(200)
    }
    await age(t, unproven)
    const refused = await sendCode(unproven, '203.0.113.60')
    expect(refused.status).toBe(429)

    const proved = freshAddress('proved')
    await t.db.user.create({ data: { email: proved, emailVerifiedAt: new Date() } })
    for (let i = 0; i <= budget; i++) {
      await age(t, proved)
      expect((await sendCode(proved, `203.0.113.${70 + i}`)).status).toBe(200)
    }
  })
})
