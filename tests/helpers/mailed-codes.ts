// The one-time codes a test's server "mailed": without SMTP the mailer writes each mail as a JSON log line
// (server/services/mail.ts), and the tests read the code from there, as the address's owner would.
import { expect } from 'vitest'

/** The codes mailed to `email`, oldest first. */
export function mailedCodes(logs: readonly string[], email: string): string[] {
  return (
    logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { mail?: string; to?: string; code?: string })
      // Sign-in codes and password-change codes (issue 23 names them apart), both the address's.
      .filter(
        (entry) => (entry.mail === 'login-code' || entry.mail === 'password-code') && entry.to === email,
      )
      .map((entry) => entry.code!)
  )
}

/** The newest code mailed to `email`; the test fails when there is none. */
export function mailedCode(logs: readonly string[], email: string): string {
  const code = mailedCodes(logs, email).at(-1)
  expect(code).toMatch(/^\d{6}$/)
  return code!
}
