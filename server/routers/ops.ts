// Operators' views (docs/product.md §11, OPERATOR_EMAILS). To anyone else they do not exist: 404, never 403.
import {
  reviewConversationInput,
  reviewConversationSchema,
  safetyScoreboardInput,
  safetyScoreboardSchema,
} from '../../shared/schemas/follow-ups.ts'
import type { Db } from '../db.ts'
import { requireOperator } from '../domain/ops/operator.ts'
import { scoreboardRange } from '../domain/ops/range.ts'
import { conversationForReview, reviewableConversation } from '../domain/ops/routine-then-vet.ts'
import { safetyScoreboard } from '../domain/ops/safety-scoreboard.ts'
import { appError } from '../errors.ts'
import { rest } from '../rest/meta.ts'
import type { SessionUser } from '../services/tokens.ts'
import { publicProcedure, router } from '../trpc.ts'

const operator = (ctx: {
  services: { db: Db; config: { OPERATOR_EMAILS: string[] } }
  user: SessionUser | null
}) => requireOperator(ctx.services.db, ctx.services.config.OPERATOR_EMAILS, ctx.user)

export const opsRouter = router({
  // Public on purpose: a visitor without a session gets the same 404 as a signed-in owner, not a 401
  // that would say the row exists.
  safety: publicProcedure
    .meta(rest('GET', '/api/ops/safety', { summary: 'The safety scoreboard (operators only)' }))
    .input(safetyScoreboardInput)
    .output(safetyScoreboardSchema)
    .query(async ({ ctx, input }) => {
      await operator(ctx)
      return safetyScoreboard(ctx.services.db, scoreboardRange(input))
    }),

  // Read-only, and only a conversation the scoreboard flags ("routine, then vet") whose owner agreed to
  // a review (docs/follow-ups.md); any other is the same 404 as a missing one. Each opening is logged.
  conversation: publicProcedure
    .meta(
      rest('GET', '/api/ops/conversations/:id', {
        summary: 'A flagged conversation whose owner agreed to a review, read-only (operators only)',
      }),
    )
    .input(reviewConversationInput)
    .output(reviewConversationSchema)
    .query(async ({ ctx, input }) => {
      const operatorEmail = await operator(ctx)
      const db = ctx.services.db
      if (!(await reviewableConversation(db, input.id))) throw appError('NOT_FOUND')
      const conversation = await conversationForReview(db, input.id)
      if (!conversation) throw appError('NOT_FOUND')
      ctx.log.info(
        { operator: operatorEmail, conversationId: input.id },
        'conversation opened for safety review',
      )
      return conversation
    }),
})
