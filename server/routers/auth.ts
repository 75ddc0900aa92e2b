import { joinFullName, splitFullName } from '../../shared/rules/names.ts'
import {
  meOutput,
  refreshInput,
  refreshOutput,
  setPasswordInput,
  signinInput,
  signinOtpInput,
  signinOtpOutput,
  signupInput,
  successOutput,
  tokenSessionOutput,
  verifyOtpInput,
  verifyOtpOutput,
} from '../../shared/schemas/auth.ts'
import type { Context } from '../context.ts'
import { deleteAccount, exportAccount } from '../domain/accounts/data.ts'
import { mailPasswordCode, replacePassword } from '../domain/accounts/password.ts'
import { endAllSessions, endSession, refreshSession } from '../domain/accounts/sessions.ts'
import { appError } from '../errors.ts'
import { Prisma } from '../generated/prisma/client.ts'
import { rest } from '../rest/meta.ts'
import { claimVisitorRecords } from '../services/claim-visitor-records.ts'
import { checkCode, issueCode, withdrawCode } from '../services/otp.ts'
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../services/passwords.ts'
import { authedProcedure, limit, publicProcedure, router } from '../trpc.ts'

interface AccountRow {
  id: number
  email: string
  firstName: string
  fullName: string
  avatarUrl: string | null
}

const ACCOUNT_FIELDS = { id: true, email: true, firstName: true, fullName: true, avatarUrl: true } as const

async function tokenSession(ctx: Context, user: AccountRow, emailVerified: boolean) {
  const issued = await ctx.services.tokens.issue({ ...user, emailVerified })
  return {
    token: issued.token,
    expiresIn: issued.expiresIn,
    photo: user.avatarUrl,
    refresh_token: issued.refreshToken!,
  }
}

/** The visitor's anonymous records become the account's; a failure here must not cost the sign-in. */
async function claim(ctx: Context, userId: number, sessionId: string | undefined) {
  if (!sessionId) return
  try {
    const claimed = await claimVisitorRecords(ctx.services.db, userId, sessionId)
    if (claimed.cats || claimed.interviews) ctx.log.info({ userId, ...claimed }, 'visitor records claimed')
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'claiming visitor records failed')
  }
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'

const CODE_FAILURES = {
  invalid: 'INVALID_CODE',
  expired: 'CODE_EXPIRED',
  exhausted: 'CODE_TOO_MANY_ATTEMPTS',
} as const

export const authRouter = router({
  /**
   * POST /api/supabase/signup-passwordless: a new account and its session. An existing address gets none.
   * Nobody has proved the address yet: a password given here signs nobody in (signin) and is cleared by
   * the first code sign-in (verifyOtp), so pre-registering someone else's address gains no lasting access.
   */
  signup: publicProcedure
    .meta(
      rest('POST', '/api/supabase/signup-passwordless', {
        summary: 'Create an account without a password (SPEC §7 signup payload)',
      }),
    )
    .input(signupInput)
    .output(tokenSessionOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'signupPerIp', ctx.ip)
      const names = input.full_name
        ? { ...splitFullName(input.full_name), fullName: joinFullName(input.full_name, '') }
        : {
            firstName: joinFullName(input.first_name ?? '', ''),
            lastName: joinFullName(input.last_name ?? '', ''),
            fullName: joinFullName(input.first_name ?? '', input.last_name ?? ''),
          }
      const db = ctx.services.db
      if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
        throw appError('ACCOUNT_EXISTS')
      }
      const passwordHash = input.password ? await hashPassword(input.password) : null
      let user: AccountRow
      try {
        user = await db.user.create({
          data: { email: input.email, ...names, passwordHash },
          select: ACCOUNT_FIELDS,
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw appError('ACCOUNT_EXISTS')
        throw error
      }
      await claim(ctx, user.id, input.session_id)
      return tokenSession(ctx, user, false)
    }),

  /**
   * POST /api/supabase/signin: e-mail and password. One answer for every failure, in the same time. The
   * right password of an address nobody has verified is refused with its own message, which tells only
   * whoever already knows the password.
   */
  signin: publicProcedure
    .meta(rest('POST', '/api/supabase/signin', { summary: 'Sign in with e-mail and password' }))
    .input(signinInput)
    .output(tokenSessionOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'passwordPerIp', ctx.ip)
      await limit(ctx, 'passwordPerEmail', input.email)
      const user = await ctx.services.db.user.findUnique({
        where: { email: input.email },
        select: { ...ACCOUNT_FIELDS, passwordHash: true, emailVerifiedAt: true },
      })
      const ok = user?.passwordHash
        ? await verifyPassword(input.password, user.passwordHash)
        : await verifyAgainstNothing(input.password)
      if (!user || !ok) throw appError('INVALID_CREDENTIALS')
      if (!user.emailVerifiedAt) {
        throw appError('PASSWORD_NEEDS_VERIFIED_EMAIL')
      }
      await claim(ctx, user.id, input.session_id)
      return tokenSession(ctx, user, true)
    }),

  /**
   * POST /api/supabase/signin-otp: mails a one-time code. Every address gets the same answer and a
   * code (the account is made on the first verify), so the answer says nothing about who has one.
   */
  signinOtp: publicProcedure
    .meta(
      rest('POST', '/api/supabase/signin-otp', {
        summary: 'Send a one-time sign-in code to an e-mail address',
      }),
    )
    .input(signinOtpInput)
    .output(signinOtpOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'otpSendPerIp', ctx.ip)
      await limit(ctx, 'otpSendPerEmail', input.email)
      const issued = await issueCode(ctx.services.db, ctx.services.tokens.codePepper, input.email)
      if (!issued.ok) throw appError('RESEND_TOO_SOON')
      try {
        await ctx.services.mailer.sendLoginCode(input.email, issued.code)
      } catch (error) {
        await withdrawCode(ctx.services.db, issued.id)
        throw appError('UNEXPECTED', { message: 'login code mail failed', cause: error })
      }
      return { success: true as const }
    }),

  /**
   * POST /api/supabase/verify-otp: the code for a session; the first success creates the account. A used
   * code proves the address: the account becomes verified, and on its first verification any password set
   * before (by whoever signed the address up) is cleared in the same update.
   */
  verifyOtp: publicProcedure
    .meta(rest('POST', '/api/supabase/verify-otp', { summary: 'Exchange a one-time code for a session' }))
    .input(verifyOtpInput)
    .output(verifyOtpOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'otpVerifyPerIp', ctx.ip)
      await limit(ctx, 'otpVerifyPerEmail', input.email)
      const db = ctx.services.db
      const result = await checkCode(db, ctx.services.tokens.codePepper, input.email, input.token)
      if (result !== 'ok') throw appError(CODE_FAILURES[result])
      const now = new Date()
      // Upsert first, then verify: a sign-up racing this verify either made the row before the upsert
      // (then it is verified and cleared below) or finds it and gets 409.
      const { emailVerifiedAt, ...user } = await db.user.upsert({
        where: { email: input.email },
        update: {},
        create: { email: input.email, emailVerifiedAt: now },
        select: { ...ACCOUNT_FIELDS, emailVerifiedAt: true },
      })
      if (!emailVerifiedAt) {
        const first = await db.user.updateMany({
          where: { id: user.id, emailVerifiedAt: null },
          data: { emailVerifiedAt: now, passwordHash: null },
        })
        if (first.count) ctx.log.info({ userId: user.id }, 'e-mail verified; any earlier password cleared')
      }
      await claim(ctx, user.id, input.session_id)
      const issued = await ctx.services.tokens.issue({ ...user, emailVerified: true })
      return {
        session: {
          access_token: issued.token,
          token_type: 'bearer' as const,
          expires_in: issued.expiresIn,
          expires_at: issued.expiresAt,
          refresh_token: issued.refreshToken!,
        },
        user: {
          id: user.id,
          email: user.email,
          user_metadata: { first_name: user.firstName, full_name: user.fullName, avatar_url: user.avatarUrl },
        },
      }
    }),

  /** The signed-in account. */
  me: authedProcedure.output(meOutput).query(async ({ ctx }) => {
    const user = await ctx.services.db.user.findUnique({ where: { id: ctx.user.id } })
    // A valid token for an account that no longer exists is no session at all.
    if (!user) throw appError('NOT_AUTHENTICATED')
    return {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: user.fullName,
      avatar_url: user.avatarUrl,
      has_password: user.passwordHash !== null,
      created_at: user.createdAt.toISOString(),
    }
  }),

  /**
   * POST /api/supabase/token/refresh: a new access token and a new refresh token for a refresh token
   * (rotation). A spent refresh token revokes its whole session; either way the answer is 401.
   */
  refresh: publicProcedure
    .meta(
      rest('POST', '/api/supabase/token/refresh', {
        summary: 'Renew the access token with the refresh token (rotated on every use)',
      }),
    )
    .input(refreshInput)
    .output(refreshOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'otpVerifyPerIp', ctx.ip)
      const result = await refreshSession(ctx.services.db, ctx.services.tokens, input.refresh_token)
      if (!result.ok) throw appError('NOT_AUTHENTICATED')
      const { issued } = result
      return {
        access_token: issued.token,
        token_type: 'bearer' as const,
        expires_in: issued.expiresIn,
        expires_at: issued.expiresAt,
        refresh_token: issued.refreshToken,
      }
    }),

  /** POST /api/supabase/logout: ends this session; its tokens answer 401 from now on. */
  logout: authedProcedure
    .meta(
      rest('POST', '/api/supabase/logout', {
        summary: 'End this session: its tokens answer 401 from now on',
      }),
    )
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await endSession(ctx.services.db, ctx.services.tokens, ctx.user.sessionId!)
      return { success: true as const }
    }),

  /** "Sign out everywhere": every session of the owner ends, this one too. */
  logoutEverywhere: authedProcedure.output(successOutput).mutation(async ({ ctx }) => {
    await endAllSessions(ctx.services.db, ctx.services.tokens, ctx.user.id)
    return { success: true as const }
  }),

  /** Step-up: mails a fresh one-time code to the account's own address, for setPassword. */
  sendPasswordCode: authedProcedure.output(successOutput).mutation(async ({ ctx }) => {
    await limit(ctx, 'otpSendPerIp', ctx.ip)
    await limit(ctx, 'otpSendPerEmail', ctx.user.email)
    const sent = await mailPasswordCode(ctx.services, ctx.user.email)
    if (!sent) throw appError('RESEND_TOO_SOON')
    return { success: true as const }
  }),

  /**
   * Sets or replaces the password with a fresh code from the account's e-mail: the proof of the address,
   * which a stolen session token is not. A code sign-in therefore always lets the owner replace it.
   */
  setPassword: authedProcedure
    .input(setPasswordInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'otpVerifyPerIp', ctx.ip)
      await limit(ctx, 'otpVerifyPerEmail', ctx.user.email)
      const result = await replacePassword(ctx.services, ctx.user, input.code, input.password)
      if (result !== 'ok') throw appError(CODE_FAILURES[result])
      return { success: true as const }
    }),

  /** "Download my data": one JSON document of everything the owner has here, and nothing else. */
  exportData: authedProcedure
    .meta(
      rest('GET', '/api/supabase/account/export', {
        summary: 'Everything the account holds, as one JSON document',
      }),
    )
    .query(async ({ ctx }) => {
      const data = await exportAccount(ctx.services, ctx.user.id).catch(() => null)
      if (!data) throw appError('NOT_AUTHENTICATED')
      return data
    }),

  /** "Delete account": subscriptions cancelled at the provider, then every row and photo erased. */
  deleteAccount: authedProcedure
    .meta(
      rest('DELETE', '/api/supabase/account', {
        summary: 'Cancel the subscription, erase every record of the owner and end all sessions',
      }),
    )
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await deleteAccount(ctx.services, ctx.user, ctx.log)
      return { success: true as const }
    }),
})
