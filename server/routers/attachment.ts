// Photos in the chat: the procedures; the rules are in
// server/domain/chat/attachments.ts, the image work in server/services/images.ts.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../../shared/constants.ts'
import {
  attachmentIdInput,
  attachmentImageOutput,
  attachmentOutput,
  attachmentUploadInput,
} from '../../shared/schemas/attachment.ts'
import { ATTACHMENT_BODY_LIMIT } from '../body-limits.ts'
import { requireSubscription } from '../domain/chat/admission.ts'
import { attachmentImage, uploadAttachment } from '../domain/chat/attachments.ts'
import { rest } from '../rest/meta.ts'
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
    .mutation(async ({ ctx, input }) => {
      await requireSubscription(ctx.services.db, ctx.user.id)
      return uploadAttachment(ctx.services.db, ctx.user.id, input)
    }),

  /** The owner's photo: a data URL on tRPC (an <img> cannot send the token), the image bytes on REST. */
  get: authedProcedure
    // Up to a few hundred KB per call: reads wait their turn behind the heavy gate, as cat photos do.
    .meta({
      ...rest('GET', '/api/chat/attachments/:id', {
        summary: "One of the owner's chat photos (the image bytes)",
        binary: {
          types: ATTACHMENT_TYPES,
          body: dataUrlBody,
          // The stored bytes of one id never change: the owner's browser may keep them a day.
          headers: { 'cache-control': 'private, max-age=86400' },
        },
      }),
      heavy: true,
    })
    .input(attachmentIdInput)
    .output(attachmentImageOutput)
    .query(({ ctx, input }) => attachmentImage(ctx.services.db, ctx.user.id, input.id)),
})

/** REST sends the image itself: the data URL's bytes with its type. */
function dataUrlBody(output: unknown): { type: string; body: Buffer } {
  const { data_url: dataUrl, mimetype } = output as { data_url: string; mimetype: string }
  return { type: mimetype, body: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') }
}
