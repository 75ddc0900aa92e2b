// "Download my data" and "Delete account": the owner takes everything of theirs, or erases it.
import type { FastifyBaseLogger } from 'fastify'
import { appError } from '../../errors.ts'
import type { Services } from '../../services/services.ts'
import type { SessionUser } from '../../services/tokens.ts'
import { cancelOwnerSubscriptions } from '../billing/index.ts'
import { exportDocument } from './export-stream.ts'
import { CODE_FAILURES, checkCode } from './one-time-codes.ts'
import { mailPasswordCode, stepUpKey } from './password.ts'

/**
 * Mails a fresh step-up code to the account's own address (the one set-password takes too);
 * RESEND_TOO_SOON when the last one is younger than the resend interval.
 */
export function mailVerificationCode(services: Services, user: SessionUser, ip: string): Promise<void> {
  // Worded for what it allows: a code "to change the password" would puzzle whoever asked to export.
  return mailPasswordCode(services, { ip, email: user.email }, 'account-data')
}

/**
 * Export and deletion need a fresh proof of the address, as setting a password does: a session token
 * alone (stolen, or left open on a shared computer) must not take or erase everything.
 */
export async function requireFreshCode(services: Services, user: SessionUser, code: string): Promise<void> {
  const result = await checkCode(services.db, services.tokens.codePepper, stepUpKey(user.email), code)
  if (result !== 'ok') throw appError(CODE_FAILURES[result])
}

/** Where an exported cat's photo is read, one photo a request (behind the photo gate). */
export const photoPath = (catId: number) => `/api/supabase/cats/${catId}/photo`

/**
 * One JSON document of the owner's records: the account (never its password hash), cats (each photo
 * apart: its address, `photo_url`), conversations and interviews with their messages, subscriptions and
 * payments, chat photos' details, weights, share links, care plans and check-ins, the health record
 * (vaccinations, medications and doses, documents apart at `url`, vets), follow-ups, calendar feeds,
 * push devices, invitations and the review consent (EXPORTED_TABLES lists them). It is JSON text
 * written a page at a time (export-stream.ts), never a whole document in memory. Every query names the
 * owner, so nothing of anyone else can be in it.
 */
export async function exportAccount(services: Services, userId: number): Promise<AsyncGenerator<string>> {
  const user = await services.db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      fullName: true,
      avatarUrl: true,
      billingPeriod: true,
      emailVerifiedAt: true,
      reviewConsentAt: true,
      createdAt: true,
      passwordHash: true,
    },
  })
  // Deleted between the token check and here: a session problem, not a server fault.
  if (!user) throw appError('NOT_AUTHENTICATED')
  const { passwordHash, ...account } = user
  return exportDocument(services.db, userId, { ...account, hasPassword: passwordHash !== null }, photoPath)
}

/**
 * Erases the account: live subscriptions are cancelled at their provider first (a failure stops the
 * deletion, so nobody is charged for an account that is gone), then the user row, which takes every
 * other row of the owner with it (ON DELETE CASCADE: cats and photos, conversations, interviews,
 * subscriptions, payments, sessions). The sessions this instance remembered are forgotten at once.
 */
export async function deleteAccount(services: Services, user: SessionUser, log: FastifyBaseLogger) {
  const { db } = services
  const { payments, paypal, config } = services
  const cancelled = await cancelOwnerSubscriptions({ db, payments, paypal, config, log }, user.id)
  const sessions = await db.session.findMany({ where: { userId: user.id }, select: { id: true } })
  await db.$transaction([
    // Codes are kept by address, not by account.
    db.otpCode.deleteMany({ where: { email: { in: [user.email, stepUpKey(user.email)] } } }),
    db.user.deleteMany({ where: { id: user.id } }),
  ])
  services.tokens.forgetSessions(sessions.map((s) => s.id))
  log.info({ userId: user.id, cancelled }, 'account deleted')
}
