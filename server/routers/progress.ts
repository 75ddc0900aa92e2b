// Progress (issue 22, CONTRACT "Beyond SPEC §7"): the weight log, the /progress report, the vet's PDF
// and its share links. The rules are in server/domain/care (weights.ts, progress-report.ts,
// report-pdf.ts, report-share.ts).
import { z } from 'zod'
import { careCatInput, weightEntrySchema, weightInput } from '../../shared/schemas/care.ts'
import { recordId } from '../../shared/schemas/primitives.ts'
import { careCat } from '../domain/care/care-cat.ts'
import { deleteWeight, listWeights, recordWeight } from '../domain/care/weights.ts'
import { rest } from '../rest/meta.ts'
import { authedProcedure, router } from '../trpc.ts'

const successSchema = z.object({ success: z.literal(true) })

export const progressRouter = router({
  /** The cat's weight log, oldest first (`?cat_id=` names another of the owner's cats). */
  weights: authedProcedure
    .meta(
      rest('GET', '/api/care/weights', {
        summary: "The current (or named) cat's weight log, oldest first",
        input: (req) => ({ ...req.query }),
      }),
    )
    .input(careCatInput)
    .output(z.array(weightEntrySchema))
    .query(async ({ ctx, input }) => {
      const cat = await careCat(ctx.services.db, ctx.user.id, input.cat_id)
      return listWeights(ctx.services.db, cat.id)
    }),

  logWeight: authedProcedure
    .meta(rest('POST', '/api/care/weights', { summary: 'Log a weight (Lbs or Kg; not in the future)' }))
    .input(weightInput)
    .output(weightEntrySchema)
    .mutation(async ({ ctx, input }) => {
      const cat = await careCat(ctx.services.db, ctx.user.id, input.cat_id)
      return recordWeight(ctx.services.db, cat.id, {
        weight: input.weight,
        unit: input.unit,
        measuredAt: input.measured_at ? new Date(input.measured_at) : undefined,
        source: input.source ?? 'progress',
      })
    }),

  deleteWeight: authedProcedure
    .meta(rest('DELETE', '/api/care/weights/:id', { summary: 'Delete one entry of the weight log' }))
    .input(z.object({ id: recordId }))
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteWeight(ctx.services.db, ctx.user.id, input.id)
      return { success: true as const }
    }),
})
