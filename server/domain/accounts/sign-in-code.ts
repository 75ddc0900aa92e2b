// Sign-in with a one-time code. Every address gets the
// same answer and a code: the account is made on the first verify, so the answer says nothing about who
// has one. A used code proves the address: the account becomes verified; on its first
// verification a password set before is cleared in the same update, every session opened without a
// proof ends, and the links and push subscriptions made before are revoked, so pre-registering someone
// else's address keeps no access; what else the account held (its name too) the owner is shown and
// keeps or deletes (held-before-proof.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { Mailer } from '../../services/mail.ts'
import type { TokenService } from '../../services/tokens.ts'
import { ACCOUNT_FIELDS, type AccountRow } from './account-row.ts'
import {
  CODE_SEND_BUDGETS,
  type CodeBudgetDeps,
  refundedIfTooSoon,
  STRANGER_CHECK_BUDGET,
  spend,
  UNPROVEN_ADDRESS_BUDGET,
} from './code-budgets.ts'
import { settleHeldBeforeProof } from './held-before-proof.ts'
import { asksFrom, CODE_FAILURES, checkCode, mailNewCode } from './one-time-codes.ts'
import { endUnprovenSessions } from './sessions.ts'

export interface CodeDeps {
  db: Db
  /** The key of the codes' hashes (the token service's `codePepper`). */
  pepper: Buffer
  mailer: Pick<Mailer, 'sendLoginCode'>
  log: Pick<FastifyBaseLogger, 'info'>
  tokens: Pick<TokenService, 'forgetSessions'>
}

/**
 * Mails a sign-in code asked from `from` to `email`; a code from the same source younger than the resend
 * interval is RESEND_TOO_SOON.
 */
async function mailSignInCode(deps: CodeDeps, email: string, from: string): Promise<void> {
  await mailNewCode(
    deps,
    email,
    email,
    (error) => appError('UNEXPECTED', { message: 'login code mail failed', cause: error }),
    'sign-in',
    from,
  )
}

/**
 * A sign-in code asked for `email`, whose CODE_SEND_BUDGETS the caller spent: an address nobody has
 * proved spends its tighter budget too, and a code asked again too soon gives the address's points back.
 */
export async function requestSignInCode(deps: CodeDeps & CodeBudgetDeps, email: string): Promise<void> {
  const unproven = !(await isProvenAddress(deps.db, email))
  if (unproven) await spend(deps, UNPROVEN_ADDRESS_BUDGET)
  const spent = unproven ? [...CODE_SEND_BUDGETS, UNPROVEN_ADDRESS_BUDGET] : CODE_SEND_BUDGETS
  await refundedIfTooSoon(deps, spent, () => mailSignInCode(deps, email, deps.subject.ip))
}

/** Someone proved `email` with a code before (its account is verified). */
async function isProvenAddress(db: Db, email: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { email }, select: { emailVerifiedAt: true } })
  return Boolean(user?.emailVerifiedAt)
}

/** The session a code is verified from, when the request carried a valid bearer token. */
export interface ProvingSession {
  userId: number
  sessionId?: string | undefined
  emailVerified?: boolean | undefined
}

/**
 * The code is verified from the account's own sign-up session, still open: the one session an unproven
 * account can have (a password signs no unproven address in, and any code sign-in is a proof), so
 * everything the account holds was made through it, in this browser, by whoever now also holds the
 * mailed code: the owner (docs/decisions.md "Accounts": the address proved in the onboarding).
 */
async function fromSignUpSession(db: Db, userId: number, proving: ProvingSession | undefined) {
  if (!proving?.sessionId || proving.userId !== userId || proving.emailVerified) return false
  const open = await db.session.count({
    where: { id: proving.sessionId, userId, revokedAt: null, emailVerified: false },
  })
  return open === 1
}

/**
 * The account `code` (sent from the caller's IP) proves, made on the address's first verify. A check
 * from a source that asked for none of the address's live codes spends the address's ceiling too.
 * `proving` is the session the request came from, if any: a first proof from the account's own sign-up
 * session keeps what it made.
 */
export async function verifySignInCode(
  deps: CodeDeps & CodeBudgetDeps,
  email: string,
  code: string,
  proving?: ProvingSession,
): Promise<AccountRow> {
  const { db } = deps
  const from = deps.subject.ip
  if (!(await asksFrom(db, email, from))) await spend(deps, STRANGER_CHECK_BUDGET)
  const result = await checkCode(db, deps.pepper, email, code, from)
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
    if (first.count) {
      // From the account's own sign-up session, everything is the prover's, the name included. From
      // elsewhere the name is cleared (whoever signed up first chose it, and it would greet the owner); it
      // is listed, with what else the account held, in the notice the owner keeps or deletes
      // (held-before-proof.ts), and comes back if they keep it.
      const own = await fromSignUpSession(db, user.id, proving)
      if (!own) {
        await settleHeldBeforeProof(db, user, now)
        deps.log.info({ userId: user.id }, 'e-mail verified; earlier password and name cleared')
        await endUnprovenSessions(db, deps.tokens, user.id, now)
        return { ...user, firstName: '', fullName: '' }
      }
      deps.log.info({ userId: user.id, fromSignUpSession: true }, 'e-mail verified; earlier password cleared')
    }
  }
  await endUnprovenSessions(db, deps.tokens, user.id, now)
  return user
}
