// Photos in the chat: the procedures; the rules are in
// server/domain/chat/attachments.ts, the image work in server/services/images.ts.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../../shared/constants.ts'
import {
  attachmentFormInput,
  attachmentIdInput,
  attachmentImageOutput,
  attachmentOutput,
  attachmentUploadInput,
  CHAT_PHOTO_FILE,
} from '../../shared/schemas/attachment.ts'
import { storedFileOutput } from '../../shared/schemas/files.ts'
import { fileBytes } from '../../shared/schemas/form-upload.ts'
import { ATTACHMENT_BODY_LIMIT } from '../body-limits.ts'
import { attachmentImage, ownedAttachment, uploadAttachment } from '../domain/chat/attachments.ts'
import { formUpload, rest, storedFileAnswer } from '../rest/meta.ts'
import { authedProcedure, router } from '../trpc.ts'

export const attachmentRouter = router({
  /** A photo for the specialist: stored upright, without metadata, at most 1568 px on its long side. */
  upload: authedProcedure
    .meta(
      rest('POST', '/api/chat/attachments', {
        summary: 'Upload a photo for the chat (JPEG, PNG or WebP, at most 10 MB)',
        bodyLimit: ATTACHMENT_BODY_LIMIT,
        uploadMaxBytes: ATTACHMENT_MAX_BYTES,
      }),
    )
    .input(attachmentUploadInput)
    .output(attachmentOutput)
    .mutation(({ ctx, input }) => uploadAttachment(ctx.services.db, ctx.user.id, input)),

  /** The app's own upload of a chat photo: a FormData with the `photo` file (no REST row). */
  uploadForm: authedProcedure
    .meta(formUpload(CHAT_PHOTO_FILE))
    .input(attachmentFormInput)
    .output(attachmentOutput)
    .mutation(async ({ ctx, input: { photo } }) =>
      uploadAttachment(ctx.services.db, ctx.user.id, {
        data: await fileBytes(photo),
        mimetype: photo.type,
        originalname: photo.name,
      }),
    ),

  /** The owner's photo: its details and a short-lived signed address, which the <img> opens. */
  get: authedProcedure
    .meta(
      rest('GET', '/api/chat/attachments/:id/url', {
        summary: "One of the owner's chat photos: its details and signed address (GET it within minutes)",
      }),
    )
    .input(attachmentIdInput)
    .output(attachmentImageOutput)
    .query(({ ctx, input }) =>
      attachmentImage(ctx.services.db, ctx.services.tokens.files, ctx.user.id, input.id),
    ),

  /** The image bytes for REST clients with the token; the app itself opens the signed address. */
  file: authedProcedure
    .meta({
      restOnly: true,
      heavy: true,
      ...rest('GET', '/api/chat/attachments/:id', {
        summary: "One of the owner's chat photos (the image bytes)",
        // The stored bytes of one id never change: the owner's browser may keep them a day.
        binary: storedFileAnswer(ATTACHMENT_TYPES, { 'cache-control': 'private, max-age=86400' }),
      }),
    })
    .input(attachmentIdInput)
    .output(storedFileOutput)
    .query(({ ctx, input }) => ownedAttachment(ctx.services.db, ctx.user.id, input.id)),
})
