// Codes nobody else can spoil (docs/api.md "Limits and quotas", server/domain/accounts/one-time-codes.ts):
// the code in the owner's inbox keeps working until it is used or expires, whatever others send. Wrong
// guesses from other addresses spend the code's tries for strangers, never the tries of the address
// that asked for it, and never the owner's check budget; requests from elsewhere never void it. Both
// surfaces: REST (app.inject from an address) and tRPC (createCaller with the caller's address).
import { describe, expect, it } from 'vitest'
import { createContextInner } from '../../server/context.ts'
import { LIVE_CODES_PER_ADDRESS } from '../../server/domain/accounts/one-time-codes.ts'
import { createCaller } from '../../server/routers/index.ts'
import { DEFAULT_RATE_LIMITS } from '../../server/services/rate-limits.ts'
import { OTP_MAX_ATTEMPTS } from '../../shared/constants.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, suiteApp, type TestApp } from '../helpers/app.ts'
import { mailedCode } from '../helpers/mailed-codes.ts'

const t = suiteApp(() => createTestApp())
const OWNER_IP = '198.51.100.7'

const rest = {
  send: (email: string, ip: string) =>
    postRest(t, '/api/supabase/signin-otp', { email }, { remoteAddress: ip }),
  verify: (email: string, token: string, ip: string) =>
    postRest(t, '/api/supabase/verify-otp', { email, token, type: 'email' }, { remoteAddress: ip }),
}

const callerAt = async (ip: string) => createCaller(await createContextInner({ services: t.services, ip }))
const trpc = {
  send: async (email: string, ip: string) => (await callerAt(ip)).auth.signinOtp({ email }),
  verify: async (email: string, token: string, ip: string) =>
    (await callerAt(ip)).auth.verifyOtp({ email, token, type: 'email' }).then(
      () => 200,
      (error: { code?: string }) => error.code,
    ),
}

/** Moves every code of `email` back in time, instead of waiting out the resend interval. */
const age = (app: TestApp, email: string) =>
  app.db
    .$executeRaw`UPDATE otp_codes SET created_at = created_at - interval '31 seconds' WHERE email = ${email}`

/** A code that is not `code`. */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')

/** Wrong guesses from six other addresses, each up to its own budget: 60 in all, as the probe sent. */
async function strangersGuess(
  network: number,
  code: string,
  guess: (token: string, ip: string) => Promise<unknown>,
) {
  const perIp = DEFAULT_RATE_LIMITS.otpVerifyPerEmailIp.points
  for (let source = 0; source < 6; source++) {
    for (let i = 0; i < perIp; i++)
      await guess(wrong(code, source * perIp + i), `10.${network}.0.${source + 1}`)
  }
}

describe("the code in the owner's inbox", () => {
  it('survives 60 wrong guesses from six other addresses (REST)', async () => {
    const email = freshAddress('guessed')
    expect((await rest.send(email, OWNER_IP)).status).toBe(200)
    const code = mailedCode(t.logs, email)
    await strangersGuess(1, code, (token, ip) => rest.verify(email, token, ip))
    expect((await rest.verify(email, code, OWNER_IP)).status).toBe(200)
  })

  it('survives 60 wrong guesses from six other addresses (tRPC)', async () => {
    const email = freshAddress('guessed-trpc')
    await trpc.send(email, OWNER_IP)
    const code = mailedCode(t.logs, email)
    await strangersGuess(2, code, (token, ip) => trpc.verify(email, token, ip))
    expect(await trpc.verify(email, code, OWNER_IP)).toBe(200)
  })

  it('is not voided by code requests from elsewhere, on either surface', async () => {
    const email = freshAddress('flooded')
    // A proven address: its budget lets others ask for more codes than the owner's few kept ones.
    await t.db.user.create({ data: { email, emailVerifiedAt: new Date() } })
    expect((await rest.send(email, OWNER_IP)).status).toBe(200)
    const code = mailedCode(t.logs, email)
    for (let i = 0; i < LIVE_CODES_PER_ADDRESS + 2; i++) {
      await age(t, email)
      if (i % 2) expect((await rest.send(email, '203.0.113.80')).status).toBe(200)
      else await trpc.send(email, '203.0.113.81')
    }
    expect(await trpc.verify(email, code, OWNER_IP)).toBe(200)
  })

  it('still takes only a few tries from strangers, and a few from its own address', async () => {
    const email = freshAddress('bounded')
    expect((await rest.send(email, OWNER_IP)).status).toBe(200)
    const code = mailedCode(t.logs, email)
    const row = await t.db.otpCode.findFirstOrThrow({ where: { email } })
    await strangersGuess(3, code, (token, ip) => rest.verify(email, token, ip))
    const spent = await t.db.otpCode.findUniqueOrThrow({ where: { id: row.id } })
    // The strangers' tries are bounded per code; the owner's are untouched.
    expect(spent.foreignAttempts).toBe(OTP_MAX_ATTEMPTS)
    expect(spent.attempts).toBe(0)
    // After the strangers' tries, the right code from a stranger's address opens nothing (its tries for
    // strangers are spent, and so is the address's ceiling for sources that asked for no code).
    expect([400, 429]).toContain((await rest.verify(email, code, '203.0.113.99')).status)
    expect((await rest.verify(email, code, OWNER_IP)).status).toBe(200)
  })
})
