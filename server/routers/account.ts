// The signed-in owner's account as a whole: its state, "Download my data" and
// "Delete account". The last two need a fresh code mailed to the account's address (step-up).
import {
  ownerStateOutput,
  reviewHeldBeforeProofInput,
  verificationCodeInput,
} from '../../shared/schemas/account.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import {
  deleteAccount,
  exportAccount,
  mailVerificationCode,
  requireFreshCode,
} from '../domain/accounts/data.ts'
import { reviewHeldBeforeProof } from '../domain/accounts/held-before-proof.ts'
import { readOwnerState } from '../domain/accounts/owner-state.ts'
import { resendTooSoon } from '../domain/accounts/sign-in-code.ts'
import { jsonTextStream, type RestRequest, rest } from '../rest/meta.ts'
import { authedProcedure, limit, router } from '../trpc.ts'

/** REST sends the fresh code in a header, so it never sits in a URL (nor a proxy's access log). */
const codeFromHeader = (req: RestRequest) => ({ code: req.headers['x-verification-code'] })
const CODE_HEADER = [
  {
    name: 'X-Verification-Code',
    required: true,
    field: 'code',
    description: 'The 6-digit code mailed by POST /api/supabase/account/verification-code',
    example: '123456',
  },
] as const

export const accountRouter = router({
  /** The owner's cats, subscription, interview and conversation, read in one round of queries. */
  state: authedProcedure
    .output(ownerStateOutput)
    .query(({ ctx }) => readOwnerState(ctx.services.db, ctx.user.id)),

  /**
   * The owner's answer to the notice of what the account held before its address was first proved:
   * keep it, or delete it (those cats, conversations, interviews and the name) in one step.
   */
  reviewHeldBeforeProof: authedProcedure
    .meta(
      rest('POST', '/api/supabase/account/held-before-proof', {
        summary:
          "Keep or delete what the account held before its address was first proved ({action: 'keep' | 'delete'})",
      }),
    )
    .input(reviewHeldBeforeProofInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await reviewHeldBeforeProof(ctx.services.db, ctx.user.id, input.action)
      return { success: true as const }
    }),

  /** Step-up: mails a fresh one-time code to the account's own address, for export and deletion. */
  sendVerificationCode: authedProcedure
    .meta(
      rest('POST', '/api/supabase/account/verification-code', {
        summary: 'Mail a fresh code to the account address (needed to export or delete the account)',
      }),
    )
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await limit(ctx, 'otpSendPerIp', ctx.ip)
      await limit(ctx, 'otpSendPerEmail', ctx.user.email)
      const sent = await mailVerificationCode(ctx.services, ctx.user)
      if (sent !== true) throw resendTooSoon(sent.retryAfterSeconds)
      return { success: true as const }
    }),

  /**
   * "Download my data": one JSON document of everything the owner has here, and nothing else; each
   * photo is read apart at its `photo_url`. A mutation on tRPC: it spends the code. The answer is the
   * document's JSON text in pieces, written as the rows are read (REST streams it; tRPC's stream link
   * hands the pieces to the client as they come).
   */
  exportData: authedProcedure
    .meta(
      rest('GET', '/api/supabase/account/export', {
        summary:
          'Everything the account holds, as one JSON document (photos apart, at photo_url); header X-Verification-Code',
        input: codeFromHeader,
        requestHeaders: CODE_HEADER,
        binary: jsonTextStream(),
      }),
    )
    .input(verificationCodeInput)
    // No output schema: the document is every column of the owner's rows, and a zod object would
    // silently drop a column added later (README Decisions).
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'otpVerifyPerIp', ctx.ip)
      await limit(ctx, 'otpVerifyPerEmail', ctx.user.email)
      await requireFreshCode(ctx.services, ctx.user, input.code)
      return exportAccount(ctx.services, ctx.user.id)
    }),

  /** "Delete account": subscriptions cancelled at the provider, then every row and photo erased. */
  deleteAccount: authedProcedure
    .meta(
      rest('DELETE', '/api/supabase/account', {
        summary:
          'Cancel the subscription, erase every record of the owner and end all sessions; header X-Verification-Code',
        input: codeFromHeader,
        requestHeaders: CODE_HEADER,
      }),
    )
    .input(verificationCodeInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'otpVerifyPerIp', ctx.ip)
      await limit(ctx, 'otpVerifyPerEmail', ctx.user.email)
      await requireFreshCode(ctx.services, ctx.user, input.code)
      await deleteAccount(ctx.services, ctx.user, ctx.log)
      return { success: true as const }
    }),
})
