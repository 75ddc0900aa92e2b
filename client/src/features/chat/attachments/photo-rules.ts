// What the chat's photo picker accepts before anything is sent (the server checks again, by the bytes):
// JPEG, PNG or WebP, at most 10 MB, at most 4 per message.
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
} from '../../../../../shared/constants.ts'
import { ERRORS } from '../../../../../shared/errors.ts'

export const PHOTO_ACCEPT = ATTACHMENT_TYPES.join(',')
export const TOO_MANY_PHOTOS = `You can send up to ${ATTACHMENTS_PER_MESSAGE} photos with one message.`

/** Why this file cannot be sent as a photo, or null. A file of unknown type is left to the server. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (file.type && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return ERRORS.attachmentType
  if (file.size > ATTACHMENT_MAX_BYTES) return ERRORS.attachmentTooLarge
  return null
}

/** The files of a paste or a drop that are pictures (other files and text are left alone). */
export function imageFiles(items: { files?: FileList | null } | null | undefined): File[] {
  return Array.from(items?.files ?? []).filter((file) => file.type.startsWith('image/') || file.type === '')
}
