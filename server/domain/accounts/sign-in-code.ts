// Sign-in with a one-time code (issue 3; the code rules are in one-time-codes.ts). Every address gets the
// same answer and a code: the account is made on the first verify, so the answer says nothing about who
// has one. A used code proves the address: the account becomes verified, and on its first verification
// any password set before (by whoever signed the address up) is cleared in the same update.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { Mailer } from '../../services/mail.ts'
import { ACCOUNT_FIELDS, type AccountRow } from './account-row.ts'
import { CODE_FAILURES, checkCode, mailNewCode } from './one-time-codes.ts'

export interface CodeDeps {
  db: Db
  /** The key of the codes' hashes (the token service's `codePepper`). */
  pepper: Buffer
  mailer: Pick<Mailer, 'sendLoginCode'>
  log: Pick<FastifyBaseLogger, 'info'>
}

/** Mails a sign-in code to `email`; a code younger than the resend interval is a 429. */
export async function mailSignInCode(deps: CodeDeps, email: string): Promise<void> {
  const sent = await mailNewCode(deps, email, email, (error) =>
    appError('UNEXPECTED', { message: 'login code mail failed', cause: error }),
  )
  if (!sent) throw appError('RESEND_TOO_SOON')
}

/** The account `code` proves, made on the address's first verify. */
export async function verifySignInCode(deps: CodeDeps, email: string, code: string): Promise<AccountRow> {
  const { db } = deps
  const result = await checkCode(db, deps.pepper, email, code)
  if (result !== 'ok') throw appError(CODE_FAILURES[result])
  const now = new Date()
  // Upsert first, then verify: a sign-up racing this verify either made the row before the upsert
  // (then it is verified and cleared below) or finds it and gets 409.
  const { emailVerifiedAt, ...user } = await db.user.upsert({
    where: { email },
    update: {},
    create: { email, emailVerifiedAt: now },
    select: { ...ACCOUNT_FIELDS, emailVerifiedAt: true },
  })
  if (!emailVerifiedAt) {
    const first = await db.user.updateMany({
      where: { id: user.id, emailVerifiedAt: null },
      data: { emailVerifiedAt: now, passwordHash: null },
    })
    if (first.count) deps.log.info({ userId: user.id }, 'e-mail verified; any earlier password cleared')
  }
  return user
}
