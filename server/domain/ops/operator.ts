// Who is an operator (docs/follow-ups.md "Operators"): an address on OPERATOR_EMAILS, proved. The
// session must carry the proof (made by a code, or by a password on an account already proved: its
// email_verified claim, kept by every refresh) and the account must be proved in the database, so a
// sign-up of the operator's address by someone else, before the operator proves it, opens nothing.
// To anyone else the views do not exist: 404, never 403.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { SessionUser } from '../../services/tokens.ts'

/** The operator's address, or the 404 everyone else gets. */
export async function requireOperator(
  db: Db,
  operatorEmails: readonly string[],
  user: SessionUser | null,
): Promise<string> {
  const email = user?.email.toLowerCase()
  if (!user || !email || !operatorEmails.includes(email) || user.emailVerified !== true) {
    throw appError('NOT_FOUND')
  }
  const account = await db.user.findUnique({ where: { id: user.id }, select: { emailVerifiedAt: true } })
  if (!account?.emailVerifiedAt) throw appError('NOT_FOUND')
  return email
}
