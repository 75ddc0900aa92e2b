// The figures the documents state are the figures the server applies: docs/operations.md "Quotas and
// budgets" lists every entry of QUOTAS and DEFAULT_RATE_LIMITS with its figure, and nothing else; the
// sign-in rows of docs/api.md "Limits and quotas" state the same budgets.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LIVE_CODES_PER_ADDRESS } from '../../server/domain/accounts/one-time-codes.ts'
import { QUOTAS } from '../../server/domain/quotas.ts'
import { DEFAULT_RATE_LIMITS } from '../../server/services/rate-limits.ts'
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS } from '../../shared/constants.ts'

const read = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '../../docs', file), 'utf8')
const figure = (n: number) => n.toLocaleString('en-US')
const WINDOWS: Record<number, string> = { 60: 'a minute', 600: 'per 10 min', 3600: 'an hour', 86400: 'a day' }

/** The rows `| \`name\` | a | b | … |` of the section under `heading`, by name. */
function rows(text: string, heading: string): Map<string, string[]> {
  const start = text.indexOf(heading)
  expect(start, heading).toBeGreaterThan(-1)
  const section = text.slice(start + heading.length).split(/\n#{2,3} /)[0]!
  const found = new Map<string, string[]>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const name = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1]
    if (name) found.set(name, cells.slice(2, -1))
  }
  return found
}

describe('docs/operations.md lists every quota and budget with the figure the code applies', () => {
  const doc = read('operations.md')

  it('every quota of QUOTAS, free and subscriber', () => {
    const listed = rows(doc, '### What one owner may store')
    const expected = Object.entries(QUOTAS).map(([name, value]) => {
      const [free, subscriber] = typeof value === 'number' ? [value, value] : [value.free, value.subscriber]
      return [name, [figure(free), figure(subscriber)]] as const
    })
    expect([...listed.keys()].sort()).toEqual(expected.map(([name]) => name).sort())
    for (const [name, figures] of expected) expect(listed.get(name)?.slice(0, 2), name).toEqual(figures)
  })

  it('every budget of DEFAULT_RATE_LIMITS, its points and window', () => {
    const listed = rows(doc, '### Budgets')
    expect([...listed.keys()].sort()).toEqual(Object.keys(DEFAULT_RATE_LIMITS).sort())
    for (const [name, rule] of Object.entries(DEFAULT_RATE_LIMITS)) {
      expect(listed.get(name)?.slice(0, 2), name).toEqual([
        figure(rule.points),
        WINDOWS[rule.durationSeconds],
      ])
    }
  })
})

describe('docs/api.md states the sign-in budgets the server applies', () => {
  const doc = read('api.md')
  const r = DEFAULT_RATE_LIMITS

  it('codes mailed, kept and checked, and password sign-ins', () => {
    expect(doc).toContain(
      `| ${r.otpSendPerIp.points} / ${r.otpSendPerEmailIp.points} / ${r.otpSendPerEmail.points} an hour; one per e-mail and IP every ${OTP_RESEND_SECONDS} s |`,
    )
    expect(doc).toContain(`from every IP | ${r.otpSendPerUnprovenEmail.points} an hour |`)
    expect(doc).toContain(
      `| the last ${LIVE_CODES_PER_ADDRESS} asked from each IP, each once, 10 minutes; ${OTP_MAX_ATTEMPTS} wrong tries from the IP that asked and ${OTP_MAX_ATTEMPTS} from all others |`,
    )
    expect(doc).toContain(
      `| ${r.otpVerifyPerIp.points} / ${r.otpVerifyPerEmailIp.points} / ${r.otpVerifyPerEmail.points} per 10 min |`,
    )
    expect(doc).toContain(
      `| ${r.passwordPerIp.points} / ${r.passwordPerEmailIp.points} / ${r.passwordPerEmail.points} per 10 min |`,
    )
    // The figure the probe read as "6 codes per address an hour" is per address and IP.
    expect(doc).not.toMatch(/mailed per address \/ per e-mail \| 20 \/ 6 an hour/)
  })
})
