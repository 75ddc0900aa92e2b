// Photos in the chat: the upload, what it answers, and the read.
import { z } from 'zod'
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '../constants.ts'
import { ERRORS } from '../errors.ts'
import { CAT_MESSAGES, photoBytesSchema, photoMetaFields } from './cat.ts'
import { type FileRule, formFile, formInput } from './form-upload.ts'
import { recordId } from './primitives.ts'

/**
 * POST /api/chat/attachments: the image as a byte array, base64 text or a base64 data URL (the server's
 * upload reader turns long ones into bytes as the body streams in). The declared mimetype is not trusted.
 */
export const attachmentUploadInput = z.object({ data: photoBytesSchema, ...photoMetaFields })
export type AttachmentUploadInput = z.input<typeof attachmentUploadInput>

/** A chat photo: JPEG, PNG or WebP by its bytes, at most 10 MB (server/domain/chat/attachments.ts). */
export const CHAT_PHOTO_FILE: FileRule = {
  types: ATTACHMENT_TYPES,
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLarge: { code: 'ATTACHMENT_TOO_LARGE', message: ERRORS.attachmentTooLarge },
  wrongType: { code: 'ATTACHMENT_TYPE', message: ERRORS.attachmentType },
  missing: CAT_MESSAGES.photo,
}

/** The app's own upload (attachment.uploadForm): a FormData with the `photo` file. No REST row. */
export const attachmentFormInput = formInput(z.object({ photo: formFile(CHAT_PHOTO_FILE) }))

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

/**
 * The photo for its owner's browser: its details and a short-lived signed address the <img> opens (it
 * cannot send the bearer token; docs/api.md "Photos and documents"). The bytes never travel in JSON.
 */
export const attachmentImageOutput = attachmentOutput.extend({ url: z.string() })
export type AttachmentImage = z.infer<typeof attachmentImageOutput>
