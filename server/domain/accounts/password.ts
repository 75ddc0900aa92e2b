// Passwords need a fresh proof of the address: a one-time code mailed to the account's own
// e-mail, never a session token alone, so a stolen token cannot plant a password that outlives it.

import type { CodePurpose } from '../../services/mail.ts'
import type { BudgetSubject } from '../../services/rate-limits.ts'
import type { Services } from '../../services/services.ts'
import { CODE_SEND_BUDGETS, refundedIfTooSoon } from './code-budgets.ts'
import { type CodeCheck, checkCode, mailNewCode } from './one-time-codes.ts'
import { hashPassword } from './password-hash.ts'

/**
 * Step-up codes live beside sign-in codes (keyed by the bare address) under their own key: one never
 * spends or replaces the other. The space puts the key where no address reaches, whatever characters the
 * e-mail rule lets through: docs/product.md §5's pattern never allows whitespace.
 */
export const stepUpKey = (email: string) => `password ${email}`

/**
 * Mails a step-up code to the account's address, worded for what it allows; the caller spent
 * CODE_SEND_BUDGETS for it. RESEND_TOO_SOON when the last one is younger than the resend interval, as
 * for a sign-in code, and then the address's points are given back.
 */
export function mailPasswordCode(
  services: Services,
  subject: BudgetSubject & { email: string },
  purpose: Extract<CodePurpose, 'password-change' | 'account-data'> = 'password-change',
) {
  const { db, mailer, tokens, limits } = services
  const { email } = subject
  return refundedIfTooSoon({ limits, subject }, CODE_SEND_BUDGETS, () =>
    mailNewCode({ db, mailer, pepper: tokens.codePepper }, stepUpKey(email), email, undefined, purpose),
  )
}

/**
 * Sets the password when `code` is the account's newest step-up code. The code proves the address, so
 * an address never verified before becomes verified by it.
 */
export async function replacePassword(
  services: Services,
  user: { id: number; email: string },
  code: string,
  password: string,
): Promise<CodeCheck> {
  const result = await checkCode(services.db, services.tokens.codePepper, stepUpKey(user.email), code)
  if (result !== 'ok') return result
  const passwordHash = await hashPassword(password)
  const now = new Date()
  await services.db.user.update({ where: { id: user.id }, data: { passwordHash } })
  await services.db.user.updateMany({
    where: { id: user.id, emailVerifiedAt: null },
    data: { emailVerifiedAt: now },
  })
  return 'ok'
}
