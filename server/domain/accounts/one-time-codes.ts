import crypto from 'node:crypto'
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
} from '../../../shared/constants.ts'
import { resendWaitMessage } from '../../../shared/rules/resend-wait.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { CodePurpose, Mailer } from '../../services/mail.ts'
import { RateLimitedError } from '../../services/rate-limits.ts'

// One-time sign-in codes: 6 digits from the OS's CSPRNG, stored only as a keyed hash, single use, valid
// OTP_TTL_SECONDS, compared in constant time. Each code remembers the source (the IP) that asked for it,
// so nobody else can spoil the one in the owner's inbox (docs/api.md "Limits and quotas"):
// - the last LIVE_CODES_PER_ADDRESS codes asked from each source stay valid: requests from elsewhere
//   never void the owner's, and a new code from one source at most every OTP_RESEND_SECONDS;
// - a wrong guess spends one try of each live code, from the asker's source its own OTP_MAX_ATTEMPTS
//   tries, from any other source the strangers' OTP_MAX_ATTEMPTS: strangers' guesses never use up the
//   tries of whoever asked. Every code thus takes at most 2 × OTP_MAX_ATTEMPTS guesses in all, and the
//   codes an address is mailed are bounded by its budgets (code-budgets.ts).

/** The newest codes asked from one source for an address that stay valid together. */
export const LIVE_CODES_PER_ADDRESS = 3

/** Live codes of an address a check reads at most (the send budgets keep far fewer alive). */
const LIVE_CODES_READ = 100

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
 * A new code for `email` asked from `from` (the caller's IP; null where the source does not matter, a
 * step-up code behind a session), unless the newest code from that source is younger than the resend
 * interval. Serialised per address with a transaction-scoped advisory lock, so two requests at once
 * cannot both pass the check. Codes from the same source older than its last LIVE_CODES_PER_ADDRESS,
 * and expired ones, are deleted; codes asked from elsewhere are left alone.
 */
export async function issueCode(
  db: Db,
  pepper: Buffer,
  email: string,
  from: string | null = null,
  now = new Date(),
): Promise<CodeIssue> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`otp:${email}`}))`
    const newest = await tx.otpCode.findFirst({
      where: { email, requestedFrom: from },
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
        requestedFrom: from,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      },
      select: { id: true },
    })
    const kept = await tx.otpCode.findMany({
      where: { email, requestedFrom: from },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: LIVE_CODES_PER_ADDRESS,
      select: { id: true },
    })
    await tx.otpCode.deleteMany({
      where: {
        email,
        OR: [{ requestedFrom: from, id: { notIn: kept.map((k) => k.id) } }, { expiresAt: { lte: now } }],
      },
    })
    return { ok: true as const, code, id: row.id }
  })
}

/** Forgets a code that never reached its owner (the mail failed), so they may ask again at once. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.otpCode.deleteMany({ where: { id } })
}

/** Whether `from` asked for one of the address's live codes (its guesses then spend that code's own tries). */
export async function asksFrom(
  db: Db,
  email: string,
  from: string | null,
  now = new Date(),
): Promise<boolean> {
  const row = await db.otpCode.findFirst({
    where: { email, requestedFrom: from, consumedAt: null, expiresAt: { gt: now } },
    select: { id: true },
  })
  return row !== null
}

/**
 * Checks `code`, sent from `from`, against the live codes of `email` (unused, unexpired). Every check
 * spends one try of each live code still usable from there first, atomically (parallel guesses cannot
 * exceed the tries): the code's own tries when `from` asked for it, the strangers' tries otherwise. The
 * right code marks every live code of the address used, so each works once and none outlives the
 * sign-in it was for.
 */
export async function checkCode(
  db: Db,
  pepper: Buffer,
  email: string,
  code: string,
  from: string | null = null,
  now = new Date(),
): Promise<CodeCheck> {
  const recent = await db.otpCode.findMany({
    where: { email, consumedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: LIVE_CODES_READ,
    select: { id: true, expiresAt: true, attempts: true, foreignAttempts: true, requestedFrom: true },
  })
  const live = recent.filter((row) => row.expiresAt.getTime() > now.getTime())
  if (live.length === 0) return recent.length > 0 ? 'expired' : 'invalid'
  const own = (row: { requestedFrom: string | null }) => row.requestedFrom === from
  const usable = live.filter((row) => (own(row) ? row.attempts : row.foreignAttempts) < OTP_MAX_ATTEMPTS)
  if (usable.length === 0) return 'exhausted'

  // `IS NOT DISTINCT FROM`: a null source (a step-up code) is the same source as a null caller.
  const spent = await db.$queryRaw<{ id: number; code_hash: string; tries: number }[]>`
    UPDATE otp_codes SET
      attempts = attempts + CASE WHEN requested_from IS NOT DISTINCT FROM ${from} THEN 1 ELSE 0 END,
      foreign_attempts = foreign_attempts + CASE WHEN requested_from IS NOT DISTINCT FROM ${from} THEN 0 ELSE 1 END
    WHERE id = ANY(${usable.map((row) => row.id)}::int[]) AND consumed_at IS NULL
      AND CASE WHEN requested_from IS NOT DISTINCT FROM ${from} THEN attempts ELSE foreign_attempts END < ${OTP_MAX_ATTEMPTS}
    RETURNING id, code_hash,
      CASE WHEN requested_from IS NOT DISTINCT FROM ${from} THEN attempts ELSE foreign_attempts END AS tries`
  if (spent.length === 0) return 'exhausted'

  const hash = hashCode(pepper, email, code)
  // Every spent code is compared, so the time taken does not say which one matched.
  let match: number | null = null
  for (const row of spent) if (sameHash(hash, row.code_hash)) match = row.id
  if (match === null) return spent.every((row) => row.tries >= OTP_MAX_ATTEMPTS) ? 'exhausted' : 'invalid'
  const used = await db.otpCode.updateMany({
    where: { id: match, consumedAt: null },
    data: { consumedAt: now },
  })
  if (used.count !== 1) return 'invalid'
  await db.otpCode.updateMany({ where: { email, consumedAt: null }, data: { consumedAt: now } })
  return 'ok'
}

/** A failed check as the catalogue's error code. */
export const CODE_FAILURES = {
  invalid: 'INVALID_CODE',
  expired: 'CODE_EXPIRED',
  exhausted: 'CODE_TOO_MANY_ATTEMPTS',
} as const satisfies Record<Exclude<CodeCheck, 'ok'>, string>

/**
 * A code asked again within the resend interval: RESEND_TOO_SOON carrying the real wait as data (clients
 * decide by it), worded for people in the text, and on the cause for `Retry-After`.
 */
export function resendTooSoon(seconds: number) {
  return appError('RESEND_TOO_SOON', {
    message: resendWaitMessage(seconds),
    cause: new RateLimitedError(seconds),
    retryAfterSeconds: seconds,
  })
}

/**
 * Issues a code under `key` and mails it to `to`; RESEND_TOO_SOON (resendTooSoon) when the key's last
 * code is younger than the resend interval. A code whose mail failed is withdrawn (so the owner may ask again at once) and the
 * mail's error is thrown, as `mailFailure` words it.
 */
export async function mailNewCode(
  deps: { db: Db; pepper: Buffer; mailer: Pick<Mailer, 'sendLoginCode'> },
  key: string,
  to: string,
  mailFailure: (error: unknown) => unknown = (error) => error,
  purpose: CodePurpose = 'sign-in',
  from: string | null = null,
): Promise<void> {
  const issued = await issueCode(deps.db, deps.pepper, key, from)
  if (!issued.ok) throw resendTooSoon(issued.retryAfterSeconds)
  try {
    await deps.mailer.sendLoginCode(to, issued.code, purpose)
  } catch (error) {
    await withdrawCode(deps.db, issued.id)
    throw mailFailure(error)
  }
}
