// Photos in the chat: the upload, what it answers, and the read.
import { z } from 'zod'
import { photoBytesSchema, photoMetaFields } from './cat.ts'
import { recordId } from './primitives.ts'

/**
 * POST /api/chat/attachments: the image as a byte array, base64 text or a base64 data URL (the server's
 * upload reader turns long ones into bytes as the body streams in). The declared mimetype is not trusted.
 */
export const attachmentUploadInput = z.object({ data: photoBytesSchema, ...photoMetaFields })
export type AttachmentUploadInput = z.input<typeof attachmentUploadInput>

/** The stored photo: upright, without metadata, at most 1568 px on its long side. */
export const attachmentOutput = z.object({
  id: z.number(),
  mimetype: z.string(),
  width: z.number(),
  height: z.number(),
  /** Size of the stored image in bytes. */
  bytes: z.number(),
})
export type Attachment = z.infer<typeof attachmentOutput>

export const attachmentIdInput = z.object({ id: recordId })

/** The photo for its owner's browser (an <img> cannot send the bearer token): a data URL. REST sends the bytes. */
export const attachmentImageOutput = attachmentOutput.extend({ data_url: z.string() })
export type AttachmentImage = z.infer<typeof attachmentImageOutput>
