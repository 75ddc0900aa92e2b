// Progress: the weight log, the /progress report, the vet's PDF
// and its share links. The rules are in server/domain/care (what each owner's call does: owner-progress.ts;
// below it weights.ts, progress-report.ts, report-pdf.ts, report-share.ts).
import { z } from 'zod'
import { careCatInput, weightEntrySchema, weightInput, weightsPageInput } from '../../shared/schemas/care.ts'
import { recordId, successOutput } from '../../shared/schemas/primitives.ts'
import {
  liveShareLinkSchema,
  progressOverviewSchema,
  reportInput,
  shareInput,
  shareLinkSchema,
  shareTokenInput,
} from '../../shared/schemas/progress.ts'
import { publicUrl } from '../config.ts'
import {
  logOwnerWeight,
  ownerReportPdf,
  ownerShareLinks,
  ownerWeights,
  progressOverview,
  shareOwnerReport,
} from '../domain/care/owner-progress.ts'
import { progressReport } from '../domain/care/progress-report.ts'
import { renderReportPdf } from '../domain/care/report-pdf.ts'
import { deleteWeight } from '../domain/care/weights.ts'
import { openShareLink, revokeShareLink, revokeShareLinks } from '../domain/links/share-links.ts'
import { fileAnswer, rateLimit, rest } from '../rest/meta.ts'
import { perIp } from '../services/rate-limits.ts'
import { sharedReportErrorPage } from '../shared-report-page.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

const pdfBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array)
const PDF = fileAnswer('application/pdf')

export const progressRouter = router({
  /**
   * A page of the cat's weight log, oldest first (`?cat_id=` names another of the owner's cats;
   * `?after=<id>&limit=` reads on: 500 entries a page unless fewer are asked for, at most 1,000).
   */
  weights: authedProcedure
    .meta(
      rest('GET', '/api/care/weights', {
        summary: "A page of the current (or named) cat's weight log, oldest first (?after=<id>&limit=)",
      }),
    )
    .input(weightsPageInput)
    .output(z.array(weightEntrySchema))
    .query(({ ctx, input }) => ownerWeights(ctx.services.db, ctx.user.id, input)),

  logWeight: authedProcedure
    .meta(rest('POST', '/api/care/weights', { summary: 'Log a weight (Lbs or Kg; not in the future)' }))
    .input(weightInput)
    .output(weightEntrySchema)
    .mutation(({ ctx, input }) => logOwnerWeight(ctx.services.db, ctx.user.id, input)),

  deleteWeight: authedProcedure
    .meta(rest('DELETE', '/api/care/weights/:id', { summary: 'Delete one entry of the weight log' }))
    .input(z.object({ id: recordId }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteWeight(ctx.services.db, ctx.user.id, input.id)
      return { success: true as const }
    }),

  /** What /progress reads in one call: the weight log and the last four weeks' check-ins. */
  overview: authedProcedure
    .input(careCatInput)
    .output(progressOverviewSchema)
    .query(({ ctx, input }) => progressOverview(ctx.services.db, ctx.user.id, input.cat_id)),

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
    .query(({ ctx, input }) => ownerReportPdf(ctx.services.db, ctx.user.id, input.cat_id)),

  /** A link that opens the report with no session, 7 days unless told (1 to 30). */
  shareReport: authedProcedure
    .meta(rest('POST', '/api/care/report/share', { summary: 'A vet report link that needs no session' }))
    .input(shareInput)
    .output(shareLinkSchema)
    .mutation(({ ctx, input }) =>
      shareOwnerReport(ctx.services.db, ctx.user.id, input, publicUrl(ctx.services.config)),
    ),

  /** The cat's links that still open the report, newest first: dates only, the tokens are not kept. */
  shareLinks: authedProcedure
    .meta(
      rest('GET', '/api/care/report/shares', { summary: "The current (or named) cat's live report links" }),
    )
    .input(careCatInput)
    .output(z.array(liveShareLinkSchema))
    .query(({ ctx, input }) => ownerShareLinks(ctx.services.db, ctx.user.id, input.cat_id)),

  /** One link stops working; the others stay. */
  revokeShare: authedProcedure
    .meta(rest('DELETE', '/api/care/report/shares/:id', { summary: 'Revoke one report link' }))
    .input(z.object({ id: recordId }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeShareLink(ctx.services.db, ctx.user.id, input.id)
      return { success: true as const }
    }),

  /** Every link of the owner's cats (members' too) and every link the caller made answers 404 from now on. */
  revokeShares: authedProcedure
    .meta(
      rest('DELETE', '/api/care/report/share', { summary: "Revoke every one of the owner's report links" }),
    )
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await revokeShareLinks(ctx.services.db, ctx.user.id)
      return { success: true as const }
    }),

  /**
   * The report a link opens: no session, nothing else of the account, never indexed or cached. Its REST
   * row is its one surface (restOnly): a tRPC answer would carry none of the row's headers.
   */
  sharedReport: publicProcedure
    .meta({
      restOnly: true,
      ...rest('GET', '/api/care/report/shared', {
        summary: 'The vet report a share link opens (application/pdf; no session)',
        binary: PDF,
        headers: {
          'cache-control': 'no-store',
          'x-robots-tag': 'noindex, nofollow',
          'referrer-policy': 'no-referrer',
          'content-disposition': 'inline; filename="kitty-care-vet-report.pdf"',
        },
        htmlError: sharedReportErrorPage,
      }),
    })
    .meta(rateLimit(perIp('sharedReportPerIp')))
    .input(shareTokenInput)
    .output(pdfBytes)
    .query(async ({ ctx, input }) => {
      const target = await openShareLink(ctx.services, input.token)
      return renderReportPdf(await progressReport(ctx.services.db, target.userId, target.catId))
    }),
})
