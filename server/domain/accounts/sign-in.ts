// Sign-in with e-mail and password: one answer for every failure, in the same time. The right password
// of an address nobody has verified is refused with its own message, which tells only whoever already
// knows the password.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { ACCOUNT_FIELDS, type AccountRow } from './account-row.ts'
import { verifyAgainstNothing, verifyPassword } from './password-hash.ts'

export async function passwordSignIn(db: Db, email: string, password: string): Promise<AccountRow> {
  const user = await db.user.findUnique({
    where: { email },
    select: { ...ACCOUNT_FIELDS, passwordHash: true, emailVerifiedAt: true },
  })
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstNothing(password)
  if (!user || !ok) throw appError('INVALID_CREDENTIALS')
  if (!user.emailVerifiedAt) {
    throw appError('PASSWORD_NEEDS_VERIFIED_EMAIL')
  }
  const { passwordHash: _hash, emailVerifiedAt: _verified, ...account } = user
  return account
}
