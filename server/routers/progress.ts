// Progress (issue 22, CONTRACT "Beyond SPEC §7"): the weight log, the /progress report, the vet's PDF
// and its share links. The rules are in server/domain/care (weights.ts, progress-report.ts,
// report-pdf.ts, report-share.ts).
import { z } from 'zod'
import { careCatInput, weightEntrySchema, weightInput } from '../../shared/schemas/care.ts'
import { recordId } from '../../shared/schemas/primitives.ts'
import {
  progressOverviewSchema,
  reportInput,
  shareInput,
  shareLinkSchema,
  shareTokenInput,
} from '../../shared/schemas/progress.ts'
import { publicUrl } from '../config.ts'
import { careCat } from '../domain/care/care-cat.ts'
import { PAGE_CHECK_IN_DAYS, progressReport } from '../domain/care/progress-report.ts'
import { checkInsForReport } from '../domain/care/report-check-ins.ts'
import { renderReportPdf } from '../domain/care/report-pdf.ts'
import {
  createShareLink,
  revokeShareLinks,
  SHARED_REPORT_PATH,
  sharedReportTarget,
} from '../domain/care/report-share.ts'
import { deleteWeight, listWeights, recordWeight } from '../domain/care/weights.ts'
import { fileAnswer, rest } from '../rest/meta.ts'
import { authedProcedure, limit, publicProcedure, router } from '../trpc.ts'

const successSchema = z.object({ success: z.literal(true) })
const pdfBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array)
const PDF = fileAnswer('application/pdf')
const DAY_MS = 86_400_000

export const progressRouter = router({
  /** The cat's weight log, oldest first (`?cat_id=` names another of the owner's cats). */
  weights: authedProcedure
    .meta(
      rest('GET', '/api/care/weights', {
        summary: "The current (or named) cat's weight log, oldest first",
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

  /** What /progress reads in one call: the weight log and the last four weeks' check-ins. */
  overview: authedProcedure
    .input(careCatInput)
    .output(progressOverviewSchema)
    .query(async ({ ctx, input }) => {
      const db = ctx.services.db
      const cat = await careCat(db, ctx.user.id, input.cat_id)
      const since = new Date(Date.now() - PAGE_CHECK_IN_DAYS * DAY_MS)
      const [weights, checkIns] = await Promise.all([
        listWeights(db, cat.id),
        checkInsForReport(db, cat.id, since),
      ])
      return { cat_id: cat.id, weights, check_ins: checkIns }
    }),

  /** The vet report of the current (or named) cat as a PDF. */
  report: authedProcedure
    .meta(
      rest('GET', '/api/care/report.pdf', {
        summary: 'The vet report of the current cat (application/pdf)',
        binary: PDF,
        headers: {
          'cache-control': 'no-store',
          'content-disposition': 'attachment; filename="kitty-care-vet-report.pdf"',
        },
      }),
    )
    .input(reportInput)
    .output(pdfBytes)
    .query(async ({ ctx, input }) => {
      const cat = await careCat(ctx.services.db, ctx.user.id, input.cat_id)
      return renderReportPdf(await progressReport(ctx.services.db, ctx.user.id, cat.id))
    }),

  /** A link that opens the report with no session, 7 days unless told (1 to 30). */
  shareReport: authedProcedure
    .meta(rest('POST', '/api/care/report/share', { summary: 'A vet report link that needs no session' }))
    .input(shareInput)
    .output(shareLinkSchema)
    .mutation(async ({ ctx, input }) => {
      const cat = await careCat(ctx.services.db, ctx.user.id, input.cat_id)
      const link = await createShareLink(ctx.services.db, ctx.user.id, cat.id, input.days)
      return {
        url: `${publicUrl(ctx.services.config)}${SHARED_REPORT_PATH}?token=${link.token}`,
        expires_at: link.expiresAt.toISOString(),
      }
    }),

  /** Every link of the owner answers 404 from now on. */
  revokeShares: authedProcedure
    .meta(
      rest('DELETE', '/api/care/report/share', { summary: "Revoke every one of the owner's report links" }),
    )
    .output(successSchema)
    .mutation(async ({ ctx }) => {
      await revokeShareLinks(ctx.services.db, ctx.user.id)
      return { success: true as const }
    }),

  /** The report a link opens: no session, nothing else of the account, never indexed or cached. */
  sharedReport: publicProcedure
    .meta(
      rest('GET', '/api/care/report/shared', {
        summary: 'The vet report a share link opens (application/pdf; no session)',
        binary: PDF,
        headers: {
          'cache-control': 'no-store',
          'x-robots-tag': 'noindex, nofollow',
          'referrer-policy': 'no-referrer',
          'content-disposition': 'inline; filename="kitty-care-vet-report.pdf"',
        },
      }),
    )
    .input(shareTokenInput)
    .output(pdfBytes)
    .query(async ({ ctx, input }) => {
      await limit(ctx, 'sharedReportPerIp', ctx.ip)
      const target = await sharedReportTarget(ctx.services.db, input.token)
      return renderReportPdf(await progressReport(ctx.services.db, target.userId, target.catId))
    }),
})
