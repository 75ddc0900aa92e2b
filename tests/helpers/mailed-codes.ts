// The one-time codes a test's server "mailed": without SMTP the mailer writes each mail as a JSON log line
// (server/services/mail.ts), and the tests read the code from there, as the address's owner would.
import { expect } from 'vitest'
import { postRest, type TestApp } from './app.ts'

/** The codes mailed to `email`, oldest first. */
export function mailedCodes(logs: readonly string[], email: string): string[] {
  return (
    logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { mail?: string; to?: string; code?: string })
      // Sign-in, password-change and export-or-delete codes (each mail named for its use), the address's.
      .filter(
        (entry) =>
          (entry.mail === 'login-code' || entry.mail === 'password-code' || entry.mail === 'account-code') &&
          entry.to === email,
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

/** What verify-otp answers a code sign-in. */
export interface CodeSession {
  session: { access_token: string; refresh_token: string; expires_at: number }
  user: { id: number }
}

/**
 * Mails a code to `email` (the log mailer) and signs in with it over REST, as the address's owner does,
 * naming the visitor's `sessionId` if given. The address may ask for its next code at once.
 */
export async function signInWithMailedCode(
  t: Pick<TestApp, 'app' | 'db' | 'logs'>,
  email: string,
  sessionId?: string,
): Promise<CodeSession> {
  await t.db.otpCode.deleteMany({ where: { email } })
  expect((await postRest(t, '/api/supabase/signin-otp', { email })).status).toBe(200)
  const res = await postRest(t, '/api/supabase/verify-otp', {
    email,
    token: mailedCode(t.logs, email),
    type: 'email',
    ...(sessionId ? { session_id: sessionId } : {}),
  })
  expect(res.status).toBe(200)
  await t.db.otpCode.deleteMany({ where: { email } })
  return res.body as CodeSession
}

/**
 * The headers of an export or a deletion: the owner's token and a fresh step-up code, asked
 * for over REST and read from the mail as the owner would.
 */
export async function freshCodeHeaders(
  t: Pick<TestApp, 'app' | 'db' | 'logs'>,
  owner: { id: number; token: string },
): Promise<Record<string, string>> {
  const authorization = `Bearer ${owner.token}`
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/account/verification-code',
    headers: { authorization },
  })
  expect(sent.statusCode).toBe(200)
  const { email } = await t.db.user.findUniqueOrThrow({ where: { id: owner.id }, select: { email: true } })
  return { authorization, 'x-verification-code': mailedCode(t.logs, email) }
}
