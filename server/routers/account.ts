// The signed-in owner's account as a whole: its state, "Download my data" and
// "Delete account". The last two need a fresh code mailed to the account's address (step-up).
import {
  ownerStateOutput,
  reviewHeldBeforeProofInput,
  verificationCodeInput,
} from '../../shared/schemas/account.ts'
import { reviewConsentInput, reviewConsentSchema } from '../../shared/schemas/follow-ups.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import { CODE_SEND_BUDGETS } from '../domain/accounts/code-budgets.ts'
import {
  deleteAccount,
  exportAccount,
  mailVerificationCode,
  requireFreshCode,
} from '../domain/accounts/data.ts'
import { reviewHeldBeforeProof } from '../domain/accounts/held-before-proof.ts'
import { readOwnerState } from '../domain/accounts/owner-state.ts'
import { reviewConsent, setReviewConsent } from '../domain/ops/review-consent.ts'
import { jsonTextStream, type RestRequest, rateLimit, rest } from '../rest/meta.ts'
import { type Budget, perIp } from '../services/rate-limits.ts'
import { authedProcedure, router } from '../trpc.ts'

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

/** An export or a deletion checks a step-up code: the caller's IP budget, then the address's. */
const DATA_CODE_CHECK_BUDGETS: readonly Budget[] = [
  perIp('otpVerifyPerIp'),
  { name: 'otpVerifyPerEmail', by: 'email' },
]

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

  /**
   * Whether the team may review the owner's conversations the safety scoreboard flags (off unless the
   * owner agrees; docs/follow-ups.md).
   */
  reviewConsent: authedProcedure
    .meta(
      rest('GET', '/api/supabase/account/review-consent', {
        summary: 'Whether the team may review conversations the safety scoreboard flags',
      }),
    )
    .output(reviewConsentSchema)
    .query(({ ctx }) => reviewConsent(ctx.services.db, ctx.user.id)),

  setReviewConsent: authedProcedure
    .meta(
      rest('PUT', '/api/supabase/account/review-consent', {
        summary: 'Agree (or no longer agree) that the team may review conversations the scoreboard flags',
      }),
    )
    .input(reviewConsentInput)
    .output(reviewConsentSchema)
    .mutation(({ ctx, input }) => setReviewConsent(ctx.services.db, ctx.user.id, input.review_consent)),

  /** Step-up: mails a fresh one-time code to the account's own address, for export and deletion. */
  sendVerificationCode: authedProcedure
    .meta(
      rest('POST', '/api/supabase/account/verification-code', {
        summary: 'Mail a fresh code to the account address (needed to export or delete the account)',
      }),
    )
    .meta(rateLimit(...CODE_SEND_BUDGETS))
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await mailVerificationCode(ctx.services, ctx.user, ctx.ip)
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
    .meta(rateLimit(...DATA_CODE_CHECK_BUDGETS))
    .input(verificationCodeInput)
    // No output schema: the document is every column of the owner's rows, and a zod object would
    // silently drop a column added later (README Decisions).
    .mutation(async ({ ctx, input }) => {
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
    .meta(rateLimit(...DATA_CODE_CHECK_BUDGETS))
    .input(verificationCodeInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await requireFreshCode(ctx.services, ctx.user, input.code)
      await deleteAccount(ctx.services, ctx.user, ctx.log)
      return { success: true as const }
    }),
})
