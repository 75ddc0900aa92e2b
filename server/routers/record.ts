// The cat's health record (docs/product.md §11): each procedure with its REST row; the rules
// are in server/domain/record. `cat_id` is optional (the current cat); another owner's id is a 404.
import { z } from 'zod'
import { ATTACHMENT_MAX_BYTES } from '../../shared/constants.ts'
import {
  calendarFeedSchema,
  calendarInput,
  calendarTokenInput,
  liveCalendarFeedSchema,
} from '../../shared/schemas/calendar.ts'
import { careCatInput } from '../../shared/schemas/care.ts'
import {
  DOCUMENT_FILE,
  DOCUMENT_TYPES,
  documentFileSchema,
  documentFormInput,
  documentSchema,
  documentUpdateInput,
  documentUploadInput,
} from '../../shared/schemas/documents.ts'
import { storedFileOutput } from '../../shared/schemas/files.ts'
import { fileBytes } from '../../shared/schemas/form-upload.ts'
import {
  doseInput,
  doseSchema,
  medicationInput,
  medicationSchema,
  medicationUpdateInput,
} from '../../shared/schemas/medications.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import {
  recordIdInput,
  vaccinationInput,
  vaccinationSchema,
  vaccinationUpdateInput,
} from '../../shared/schemas/vaccinations.ts'
import { vetsInput, vetsSchema, vetsUpdateInput } from '../../shared/schemas/vets.ts'
import { ATTACHMENT_BODY_LIMIT } from '../body-limits.ts'
import { publicUrl } from '../config.ts'
import {
  createCalendarFeed,
  type FeedRead,
  listCalendarFeeds,
  readCalendarFeed,
  revokeCalendarFeed,
  revokeCalendarFeeds,
} from '../domain/links/calendar-feeds.ts'
import {
  deleteDocument,
  documentAddress,
  documentFile,
  listDocuments,
  updateDocument,
  uploadDocument,
} from '../domain/record/documents.ts'
import {
  addMedication,
  deleteMedication,
  listMedications,
  logDose,
  updateMedication,
} from '../domain/record/medications.ts'
import {
  addVaccination,
  deleteVaccination,
  listVaccinations,
  updateVaccination,
} from '../domain/record/vaccinations.ts'
import { getVets, updateVets } from '../domain/record/vets.ts'
import { formUpload, rest, storedFileAnswer } from '../rest/meta.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

export const recordRouter = router({
  vaccinations: authedProcedure
    .meta(rest('GET', '/api/care/vaccinations', { summary: "The cat's vaccinations, soonest due first" }))
    .input(careCatInput)
    .output(z.array(vaccinationSchema))
    .query(({ ctx, input }) => listVaccinations(ctx.services.db, ctx.user.id, input.cat_id)),

  addVaccination: authedProcedure
    .meta(
      rest('POST', '/api/care/vaccinations', {
        summary: 'Record a vaccination; with no next_due_on, one is proposed for the core vaccines',
      }),
    )
    .input(vaccinationInput)
    .output(vaccinationSchema)
    .mutation(({ ctx, input }) => addVaccination(ctx.services.db, ctx.user.id, input)),

  updateVaccination: authedProcedure
    .meta(
      rest('PATCH', '/api/care/vaccinations/:id', {
        summary: 'Edit a vaccination (fields left out stay); a changed next_due_on re-plans its reminders',
      }),
    )
    .input(vaccinationUpdateInput)
    .output(vaccinationSchema)
    .mutation(({ ctx, input }) => updateVaccination(ctx.services.db, ctx.user.id, input)),

  deleteVaccination: authedProcedure
    .meta(rest('DELETE', '/api/care/vaccinations/:id', { summary: 'Delete a vaccination and its reminders' }))
    .input(recordIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteVaccination(ctx.services.db, ctx.user.id, input.id)),

  medications: authedProcedure
    .meta(
      rest('GET', '/api/care/medications', {
        summary: "The cat's medications, with doses logged and missed",
      }),
    )
    .input(careCatInput)
    .output(z.array(medicationSchema))
    .query(({ ctx, input }) => listMedications(ctx.services.db, ctx.user.id, input.cat_id)),

  addMedication: authedProcedure
    .meta(
      rest('POST', '/api/care/medications', {
        summary: "Add a medication; a reminder goes at each dose time in the plan's zone until end_on",
      }),
    )
    .input(medicationInput)
    .output(medicationSchema)
    .mutation(({ ctx, input }) => addMedication(ctx.services.db, ctx.user.id, input)),

  updateMedication: authedProcedure
    .meta(
      rest('PATCH', '/api/care/medications/:id', {
        summary:
          'Edit a medication (fields left out stay); changed times, start or end re-plan the next dose',
      }),
    )
    .input(medicationUpdateInput)
    .output(medicationSchema)
    .mutation(({ ctx, input }) => updateMedication(ctx.services.db, ctx.user.id, input)),

  logDose: authedProcedure
    .meta(
      rest('POST', '/api/care/medications/:id/doses', {
        summary: 'Log a dose given, by whoever is signed in',
      }),
    )
    .input(doseInput)
    .output(doseSchema)
    .mutation(({ ctx, input }) => logDose(ctx.services.db, ctx.user.id, input)),

  deleteMedication: authedProcedure
    .meta(rest('DELETE', '/api/care/medications/:id', { summary: 'Delete a medication: its reminders stop' }))
    .input(recordIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteMedication(ctx.services.db, ctx.user.id, input.id)),

  vets: authedProcedure
    .meta(rest('GET', '/api/care/vets', { summary: "The cat's usual and emergency vets" }))
    .input(vetsInput)
    .output(vetsSchema)
    .query(({ ctx, input }) => getVets(ctx.services.db, ctx.user.id, input.cat_id)),

  updateVets: authedProcedure
    .meta(rest('PUT', '/api/care/vets', { summary: 'Set or clear (null) the usual and the emergency vet' }))
    .input(vetsUpdateInput)
    .output(vetsSchema)
    .mutation(({ ctx, input }) => updateVets(ctx.services.db, ctx.user.id, input)),

  documents: authedProcedure
    .meta(rest('GET', '/api/care/documents', { summary: "The cat's documents, newest first" }))
    .input(careCatInput)
    .output(z.array(documentSchema))
    .query(({ ctx, input }) => listDocuments(ctx.services.db, ctx.user.id, input.cat_id)),

  /** A PDF, JPEG, PNG or WebP by its bytes; images stored as chat photos are (upright, no metadata). */
  uploadDocument: authedProcedure
    .meta(
      rest('POST', '/api/care/documents', {
        summary: 'Add a document (PDF, JPEG, PNG or WebP, at most 10 MB)',
        bodyLimit: ATTACHMENT_BODY_LIMIT,
        uploadMaxBytes: ATTACHMENT_MAX_BYTES,
      }),
    )
    .input(documentUploadInput)
    .output(documentSchema)
    .mutation(({ ctx, input }) => uploadDocument(ctx.services.db, ctx.user.id, input)),

  /** The app's own upload of a document: a FormData of its fields and the `file` (no REST row). */
  uploadDocumentForm: authedProcedure
    .meta(formUpload(DOCUMENT_FILE))
    .input(documentFormInput)
    .output(documentSchema)
    .mutation(async ({ ctx, input: { file, ...fields } }) =>
      uploadDocument(ctx.services.db, ctx.user.id, {
        ...fields,
        data: await fileBytes(file),
        mimetype: file.type,
      }),
    ),

  /** The document's details and a short-lived signed address that opens its bytes (no token needed). */
  document: authedProcedure
    .meta(
      rest('GET', '/api/care/documents/:id/url', {
        summary: "One of the cat's documents: its details and signed address (GET it within minutes)",
      }),
    )
    .input(recordIdInput)
    .output(documentFileSchema)
    .query(({ ctx, input }) =>
      documentAddress(ctx.services.db, ctx.services.tokens.files, ctx.user.id, input.id),
    ),

  /** The document's bytes for REST clients with the token. */
  documentFile: authedProcedure
    .meta({
      restOnly: true,
      heavy: true,
      ...rest('GET', '/api/care/documents/:id', {
        summary: "One of the cat's documents (its bytes)",
        // Answered to whoever holds the token now: no copy kept (a signed-out device keeps none).
        binary: storedFileAnswer(DOCUMENT_TYPES, { 'cache-control': 'private, no-store' }),
      }),
    })
    .input(recordIdInput)
    .output(storedFileOutput)
    .query(({ ctx, input }) => documentFile(ctx.services.db, ctx.user.id, input.id)),

  updateDocument: authedProcedure
    .meta(rest('PATCH', '/api/care/documents/:id', { summary: "Edit a document's title or kind" }))
    .input(documentUpdateInput)
    .output(documentSchema)
    .mutation(({ ctx, input }) => updateDocument(ctx.services.db, ctx.user.id, input)),

  deleteDocument: authedProcedure
    .meta(rest('DELETE', '/api/care/documents/:id', { summary: 'Delete a document' }))
    .input(recordIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteDocument(ctx.services.db, ctx.user.id, input.id)),

  createCalendar: authedProcedure
    .meta(
      rest('POST', '/api/care/calendar', {
        summary: "A secret iCalendar feed of the cat's check-ins, vaccinations due and doses (60 days)",
      }),
    )
    .input(calendarInput)
    .output(calendarFeedSchema)
    .mutation(({ ctx, input }) =>
      createCalendarFeed(ctx.services.db, ctx.user.id, input.cat_id, publicUrl(ctx.services.config)),
    ),

  /** The cat's live feeds, whoever made them (the owner sees the family's). */
  calendarFeeds: authedProcedure
    .meta(rest('GET', '/api/care/calendars', { summary: "The current (or named) cat's live calendar feeds" }))
    .input(calendarInput)
    .output(z.array(liveCalendarFeedSchema))
    .query(({ ctx, input }) => listCalendarFeeds(ctx.services.db, ctx.user.id, input.cat_id)),

  revokeCalendarFeed: authedProcedure
    .meta(rest('DELETE', '/api/care/calendars/:id', { summary: 'Revoke one calendar feed' }))
    .input(recordIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => revokeCalendarFeed(ctx.services.db, ctx.user.id, input.id)),

  revokeCalendar: authedProcedure
    .meta(
      rest('DELETE', '/api/care/calendar', {
        summary:
          "Revoke every calendar feed of the owner's cats (members' too) and every one the caller made",
      }),
    )
    .output(successOutput)
    .mutation(({ ctx }) => revokeCalendarFeeds(ctx.services.db, ctx.user.id)),

  /**
   * What a calendar app reads: no session (the token is the secret), never indexed, revalidated by its
   * ETag. Its REST row is its one surface (restOnly): on /trpc the token would sit in a query string and
   * the answer would carry none of the row's headers.
   */
  calendarFeed: publicProcedure
    .meta({
      restOnly: true,
      ...rest('GET', '/api/care/calendar/:token', {
        summary: 'The iCalendar feed a secret calendar URL opens (text/calendar; no session; ETag, 304)',
        binary: {
          types: ['text/calendar'],
          body: (output) => {
            const read = output as FeedRead
            return {
              type: 'text/calendar; charset=utf-8',
              body: read.body ?? Buffer.alloc(0),
              etag: read.etag,
              notModified: read.body === null,
            }
          },
        },
        input: (req) => ({ token: req.params.token, if_none_match: req.headers['if-none-match'] }),
        requestHeaders: [
          {
            name: 'If-None-Match',
            required: false,
            field: 'if_none_match',
            description: 'The ETag of the copy the calendar app holds: 304 when it is current',
          },
        ],
        headers: {
          'cache-control': 'private, no-cache',
          'x-robots-tag': 'noindex, nofollow',
          'referrer-policy': 'no-referrer',
        },
      }),
    })
    .input(calendarTokenInput)
    .output(z.custom<FeedRead>((value) => typeof value === 'object' && value !== null && 'etag' in value))
    .query(({ ctx, input }) =>
      readCalendarFeed(
        ctx.services,
        { token: input.token, ifNoneMatch: input.if_none_match },
        publicUrl(ctx.services.config),
      ),
    ),
})
