import crypto from 'node:crypto'
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
} from '../../../shared/constants.ts'
import type { Db } from '../../db.ts'
import type { CodePurpose, Mailer } from '../../services/mail.ts'

// One-time sign-in codes (issue 3): 6 digits from the OS's CSPRNG, stored only as a keyed hash, single
// use, valid OTP_TTL_SECONDS, only an address's newest code counts, at most OTP_MAX_ATTEMPTS tries per
// code, compared in constant time, and a new code for an address at most every OTP_RESEND_SECONDS.

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'exhausted'

// The code hashes are keyed with the token service's `codePepper`, derived from the signing secret: six
// digits are a million candidates, and a plain hash would fall to a leaked table in a moment.

export type CodeIssue = { ok: true; code: string; id: number } | { ok: false; retryAfterSeconds: number }

export function generateCode(): string {
  return String(crypto.randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}

/** Bound to the address, so a hash copied to another address's row matches nothing. */
export function hashCode(pepper: Buffer, email: string, code: string): string {
  return crypto.createHmac('sha256', pepper).update(`${email}\n${code}`).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/**
 * A new code for `email`, unless its newest code is younger than the resend interval. Serialised per
 * address with a transaction-scoped advisory lock, so two requests at once cannot both pass the check.
 * Older codes of the address are deleted: only the newest one could ever be used anyway.
 */
export async function issueCode(db: Db, pepper: Buffer, email: string, now = new Date()): Promise<CodeIssue> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`otp:${email}`}))`
    const newest = await tx.otpCode.findFirst({
      where: { email },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { createdAt: true },
    })
    const ageMs = newest ? now.getTime() - newest.createdAt.getTime() : Number.POSITIVE_INFINITY
    if (ageMs < OTP_RESEND_SECONDS * 1000) {
      return {
        ok: false as const,
        retryAfterSeconds: Math.max(1, Math.ceil(OTP_RESEND_SECONDS - ageMs / 1000)),
      }
    }
    const code = generateCode()
    const row = await tx.otpCode.create({
      data: {
        email,
        codeHash: hashCode(pepper, email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      },
      select: { id: true },
    })
    await tx.otpCode.deleteMany({ where: { email, id: { not: row.id } } })
    return { ok: true as const, code, id: row.id }
  })
}

/** Forgets a code that never reached its owner (the mail failed), so they may ask again at once. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.otpCode.deleteMany({ where: { id } })
}

/**
 * Checks `code` against the newest code of `email`. Every check of a live code spends one of its tries
 * first (atomically, so parallel guesses cannot exceed the budget); the right code marks it used.
 */
export async function checkCode(
  db: Db,
  pepper: Buffer,
  email: string,
  code: string,
  now = new Date(),
): Promise<CodeCheck> {
  const newest = await db.otpCode.findFirst({
    where: { email },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  if (!newest || newest.consumedAt) return 'invalid'
  if (newest.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (newest.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted'

  const spent = await db.otpCode.updateMany({
    where: { id: newest.id, consumedAt: null, attempts: { lt: OTP_MAX_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  })
  if (spent.count === 0) return 'exhausted'

  if (!sameHash(hashCode(pepper, email, code), newest.codeHash)) {
    return newest.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid'
  }
  const used = await db.otpCode.updateMany({
    where: { id: newest.id, consumedAt: null },
    data: { consumedAt: now },
  })
  return used.count === 1 ? 'ok' : 'invalid'
}

/** A failed check as the catalogue's error code. */
export const CODE_FAILURES = {
  invalid: 'INVALID_CODE',
  expired: 'CODE_EXPIRED',
  exhausted: 'CODE_TOO_MANY_ATTEMPTS',
} as const satisfies Record<Exclude<CodeCheck, 'ok'>, string>

/**
 * Issues a code under `key` and mails it to `to`; the wait when the key's last code is younger than the
 * resend interval. A code whose mail failed is withdrawn (so the owner may ask again at once) and the
 * mail's error is thrown, as `mailFailure` words it.
 */
export async function mailNewCode(
  deps: { db: Db; pepper: Buffer; mailer: Pick<Mailer, 'sendLoginCode'> },
  key: string,
  to: string,
  mailFailure: (error: unknown) => unknown = (error) => error,
  purpose: CodePurpose = 'sign-in',
): Promise<true | { retryAfterSeconds: number }> {
  const issued = await issueCode(deps.db, deps.pepper, key)
  if (!issued.ok) return { retryAfterSeconds: issued.retryAfterSeconds }
  try {
    await deps.mailer.sendLoginCode(to, issued.code, purpose)
  } catch (error) {
    await withdrawCode(deps.db, issued.id)
    throw mailFailure(error)
  }
  return true
}
