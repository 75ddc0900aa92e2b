// Sign-up, sign-in (password or one-time code), sessions, the password and the account's data: the
// procedures. The rules are in server/domain/accounts, one file a job (sign-up.ts, sign-in.ts,
// sign-in-code.ts, sessions.ts, password.ts, claim-visitor-records.ts).
import {
  meOutput,
  refreshInput,
  refreshOutput,
  setPasswordInput,
  signinInput,
  signinOtpInput,
  signupInput,
  tokenSessionOutput,
  verifyOtpInput,
  verifyOtpOutput,
} from '../../shared/schemas/auth.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import type { Context } from '../context.ts'
import { accountProfile } from '../domain/accounts/account-row.ts'
import { claimAtSignIn } from '../domain/accounts/claim-visitor-records.ts'
import {
  CODE_CHECK_BUDGETS,
  CODE_SEND_BUDGETS,
  STRANGER_CHECK_BUDGET,
} from '../domain/accounts/code-budgets.ts'
import { CODE_FAILURES } from '../domain/accounts/one-time-codes.ts'
import { mailPasswordCode, replacePassword } from '../domain/accounts/password.ts'
import { bearerSession, tokenSession, verifiedSession } from '../domain/accounts/session-answers.ts'
import { endAllSessions, endOtherSessions, endSession, refreshSession } from '../domain/accounts/sessions.ts'
import { passwordSignIn } from '../domain/accounts/sign-in.ts'
import { type CodeDeps, requestSignInCode, verifySignInCode } from '../domain/accounts/sign-in-code.ts'
import { signUp } from '../domain/accounts/sign-up.ts'
import { appError } from '../errors.ts'
import { rateLimit, rest } from '../rest/meta.ts'
import { type Budget, perIp } from '../services/rate-limits.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

const codeDeps = (ctx: Context): CodeDeps => ({
  db: ctx.services.db,
  pepper: ctx.services.tokens.codePepper,
  mailer: ctx.services.mailer,
  log: ctx.log,
  tokens: ctx.services.tokens,
})

/**
 * A password sign-in spends the caller's IP budget, then the tight one of this address from this IP, then
 * the account's generous ceiling over every IP (docs/api.md "Limits and quotas").
 */
const PASSWORD_BUDGETS: readonly Budget[] = [
  perIp('passwordPerIp'),
  { name: 'passwordPerEmailIp', by: 'emailIp' },
  { name: 'passwordPerEmail', by: 'email' },
]

/** The visitor's anonymous records become the account's; a failure here must not cost the sign-in. */
const claim = (ctx: Context, userId: number, sessionId: string | undefined) =>
  claimAtSignIn(ctx.services.db, ctx.log, userId, sessionId)

export const authRouter = router({
  /**
   * POST /api/supabase/signup-passwordless: a new account and its session. An existing address gets none.
   * Nobody has proved the address yet: a password given here signs nobody in (signin) and is cleared by
   * the first code sign-in (verifyOtp), so pre-registering someone else's address gains no lasting access.
   */
  signup: publicProcedure
    .meta(
      rest('POST', '/api/supabase/signup-passwordless', {
        summary: 'Create an account without a password (docs/product.md §7 signup payload)',
      }),
    )
    .meta(rateLimit(perIp('signupPerIp')))
    .input(signupInput)
    .output(tokenSessionOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await signUp(ctx.services.db, input)
      await claim(ctx, user.id, input.session_id)
      return tokenSession(ctx.services.tokens, user, false)
    }),

  /**
   * POST /api/supabase/signin: e-mail and password. One answer for every failure, in the same time. The
   * right password of an address nobody has verified is refused with its own message, which tells only
   * whoever already knows the password.
   */
  signin: publicProcedure
    .meta(rest('POST', '/api/supabase/signin', { summary: 'Sign in with e-mail and password' }))
    .meta(rateLimit(...PASSWORD_BUDGETS))
    .input(signinInput)
    .output(tokenSessionOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await passwordSignIn(ctx.services.db, input.email, input.password)
      await claim(ctx, user.id, input.session_id)
      return tokenSession(ctx.services.tokens, user, true)
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
    .meta(rateLimit(...CODE_SEND_BUDGETS))
    .input(signinOtpInput)
    // The same answer whether or not the address has an account.
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await requestSignInCode(
        { ...codeDeps(ctx), limits: ctx.services.limits, subject: { ip: ctx.ip, email: input.email } },
        input.email,
      )
      return { success: true as const }
    }),

  /**
   * POST /api/supabase/verify-otp: the code for a session; the first success creates the account. A used
   * code proves the address: the account becomes verified, and on its first verification any password set
   * before (by whoever signed the address up) is cleared in the same update.
   */
  verifyOtp: publicProcedure
    .meta(rest('POST', '/api/supabase/verify-otp', { summary: 'Exchange a one-time code for a session' }))
    .meta(rateLimit(...CODE_CHECK_BUDGETS))
    .input(verifyOtpInput)
    .output(verifyOtpOutput)
    .mutation(async ({ ctx, input }) => {
      // The bearer, if any, says which browser proves the address (a first proof from the sign-up session
      // keeps what it made: sign-in-code.ts).
      const proving = ctx.user
        ? { userId: ctx.user.id, sessionId: ctx.user.sessionId, emailVerified: ctx.user.emailVerified }
        : undefined
      const user = await verifySignInCode(
        { ...codeDeps(ctx), limits: ctx.services.limits, subject: { ip: ctx.ip, email: input.email } },
        input.email,
        input.token,
        proving,
      )
      await claim(ctx, user.id, input.session_id)
      return verifiedSession(ctx.services.tokens, user)
    }),

  /** The signed-in account. */
  me: authedProcedure.output(meOutput).query(({ ctx }) => accountProfile(ctx.services.db, ctx.user.id)),

  /**
   * POST /api/supabase/token/refresh: a new access token and a new refresh token for a refresh token
   * (rotation). The token just replaced gets the current pair again for REFRESH_GRACE_SECONDS (two tabs,
   * a retry); its reuse after that revokes the whole session. Either way a refusal is 401. Its own
   * per-IP budget: refreshing never spends the sign-in budgets.
   */
  refresh: publicProcedure
    .meta(
      rest('POST', '/api/supabase/token/refresh', {
        summary: 'Renew the access token with the refresh token (rotated on every use)',
      }),
    )
    .meta(rateLimit(perIp('refreshPerIp')))
    .input(refreshInput)
    .output(refreshOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await refreshSession(ctx.services.db, ctx.services.tokens, input.refresh_token)
      if (!result.ok) throw appError('NOT_AUTHENTICATED')
      return bearerSession(result.issued)
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
  sendPasswordCode: authedProcedure
    .meta(rateLimit(...CODE_SEND_BUDGETS))
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await mailPasswordCode(ctx.services, { ip: ctx.ip, email: ctx.user.email })
      return { success: true as const }
    }),

  /**
   * Sets or replaces the password with a fresh code from the account's e-mail: the proof of the address,
   * which a stolen session token is not. A code sign-in therefore always lets the owner replace it.
   * With `end_other_sessions` every other session of the owner ends (the account page asks by default).
   */
  setPassword: authedProcedure
    // A step-up code is checked by the session's holder only: the address's ceiling applies to every check.
    .meta(rateLimit(...CODE_CHECK_BUDGETS, STRANGER_CHECK_BUDGET))
    .input(setPasswordInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await replacePassword(ctx.services, ctx.user, input.code, input.password)
      if (result !== 'ok') throw appError(CODE_FAILURES[result])
      if (input.end_other_sessions) {
        await endOtherSessions(ctx.services.db, ctx.services.tokens, ctx.user.id, ctx.user.sessionId!)
      }
      return { success: true as const }
    }),
})
