// Operators' views (CONTRACT: OPERATOR_EMAILS). To anyone else they do not exist: 404, never 403.
import { safetyScoreboardInput, safetyScoreboardSchema } from '../../shared/schemas/follow-ups.ts'
import { scoreboardRange } from '../domain/ops/range.ts'
import { safetyScoreboard } from '../domain/ops/safety-scoreboard.ts'
import { appError } from '../errors.ts'
import { rest } from '../rest/meta.ts'
import { publicProcedure, router } from '../trpc.ts'

export const opsRouter = router({
  // Public on purpose: a visitor without a session gets the same 404 as a signed-in owner, not a 401
  // that would say the row exists.
  safety: publicProcedure
    .meta(rest('GET', '/api/ops/safety', { summary: 'The safety scoreboard (operators only)' }))
    .input(safetyScoreboardInput)
    .output(safetyScoreboardSchema)
    .query(({ ctx, input }) => {
      const email = ctx.user?.email.toLowerCase()
      if (!email || !ctx.services.config.OPERATOR_EMAILS.includes(email)) {
        throw appError('NOT_FOUND')
      }
      return safetyScoreboard(ctx.services.db, scoreboardRange(input))
    }),
})
