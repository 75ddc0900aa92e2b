// What asking for a code costs is a rule of the domain (server/domain/accounts/code-budgets.ts): a code
// asked again too soon mails nothing, so the domain gives back the address's points, the tighter
// budget of an address nobody has proved included, and never the IP's.
import { describe, expect, it } from 'vitest'
import { requestSignInCode } from '../../server/domain/accounts/sign-in-code.ts'
import type { RateLimitName } from '../../server/services/rate-limits.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'

const t = suiteGenerousApp()

/** A limits double that spends nothing and records what is given back. */
function recordingLimits() {
  const refunds: Array<[RateLimitName, string]> = []
  const spent: Array<[RateLimitName, string]> = []
  return {
    refunds,
    spent,
    limits: {
      consume: async (name: RateLimitName, key: string) => void spent.push([name, key]),
      refund: async (name: RateLimitName, key: string) => void refunds.push([name, key]),
    },
  }
}

describe('a sign-in code asked again too soon (domain)', () => {
  it("gives back the address's points, the unproven address's budget included", async () => {
    const email = freshAddress()
    const ip = '203.0.113.9'
    const { limits, refunds, spent } = recordingLimits()
    const deps = {
      db: t.db,
      pepper: t.services.tokens.codePepper,
      mailer: t.services.mailer,
      log: t.services.log,
      tokens: t.services.tokens,
      limits,
      subject: { ip, email },
    }
    await requestSignInCode(deps, email)
    expect(spent).toEqual([['otpSendPerUnprovenEmail', email]])
    expect(refunds).toEqual([])

    await expect(requestSignInCode(deps, email)).rejects.toMatchObject({ appCode: 'RESEND_TOO_SOON' })
    expect(refunds).toEqual([
      ['otpSendPerEmailIp', `${email} ${ip}`],
      ['otpSendPerEmail', email],
      ['otpSendPerUnprovenEmail', email],
    ])
  })
})
