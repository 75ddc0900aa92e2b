// Follow-ups after an urgent answer (docs/product.md §11, docs/follow-ups.md); the rules are in
// server/domain/follow-ups.
import { z } from 'zod'
import { careCatInput } from '../../shared/schemas/care.ts'
import {
  followUpAnswerInput,
  followUpAnswerOutput,
  followUpSchema,
  followUpSettingsInput,
  followUpSettingsSchema,
} from '../../shared/schemas/follow-ups.ts'
import { careCat } from '../domain/care/care-cat.ts'
import { answerFollowUp, listFollowUps } from '../domain/follow-ups/answer.ts'
import { followUpSettings, setFollowUps } from '../domain/follow-ups/settings.ts'
import { rest } from '../rest/meta.ts'
import { authedProcedure, router } from '../trpc.ts'

export const followUpRouter = router({
  list: authedProcedure
    .meta(rest('GET', '/api/care/follow-ups', { summary: "The follow-ups after the cat's urgent answers" }))
    .input(careCatInput)
    .output(z.array(followUpSchema))
    .query(async ({ ctx, input }) => {
      const cat = await careCat(ctx.services.db, ctx.user.id, input.cat_id, 'read')
      return listFollowUps(ctx.services.db, ctx.user.id, cat.id)
    }),

  answer: authedProcedure
    .meta(
      rest('POST', '/api/care/follow-ups/:id', {
        summary: 'Answer a follow-up: did the cat see a vet, what they found, or why not',
      }),
    )
    .input(followUpAnswerInput)
    .output(followUpAnswerOutput)
    .mutation(({ ctx, input }) => answerFollowUp(ctx.services.db, ctx.user.id, input)),

  settings: authedProcedure
    .meta(rest('GET', '/api/care/follow-ups/settings', { summary: 'Whether the cat gets follow-ups' }))
    .input(careCatInput)
    .output(followUpSettingsSchema)
    .query(({ ctx, input }) => followUpSettings(ctx.services.db, ctx.user.id, input.cat_id)),

  updateSettings: authedProcedure
    .meta(rest('PUT', '/api/care/follow-ups/settings', { summary: 'Turn follow-ups on or off for the cat' }))
    .input(followUpSettingsInput)
    .output(followUpSettingsSchema)
    .mutation(({ ctx, input }) => setFollowUps(ctx.services.db, ctx.user.id, input)),
})
