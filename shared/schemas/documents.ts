// The health record's documents (docs/product.md §11): snake_case like docs/product.md §7.
import { z } from 'zod'
import { ATTACHMENT_MAX_BYTES } from '../constants.ts'
import { careCatInput } from './care.ts'
import { photoBytesSchema } from './cat.ts'
import { type FileRule, formFile, formInput } from './form-upload.ts'
import { recordId } from './primitives.ts'
import { recordName } from './record-names.ts'

export const DOCUMENT_KINDS = ['lab', 'vaccination', 'invoice', 'other'] as const
/** What the record keeps, known by the bytes (the declared mimetype is not trusted). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const

const documentKind = z.enum(DOCUMENT_KINDS, {
  error: "kind must be 'lab', 'vaccination', 'invoice' or 'other'",
})

export const documentUploadInput = careCatInput.extend({
  title: recordName('title', 200),
  kind: documentKind.optional(),
  /** A byte array, base64 text or a base64 data URL (the server's upload reader makes long ones bytes). */
  data: photoBytesSchema,
  mimetype: z.string().max(100).optional(),
})
export type DocumentUploadInput = z.infer<typeof documentUploadInput>

/** A document: PDF, JPEG, PNG or WebP by its bytes, at most 10 MB (server/domain/record/documents.ts). */
export const DOCUMENT_FILE: FileRule = {
  types: DOCUMENT_TYPES,
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLarge: { code: 'ATTACHMENT_TOO_LARGE', message: 'The document is larger than 10 MB' },
  wrongType: { code: 'ATTACHMENT_TYPE', message: 'A document must be a PDF, JPEG, PNG or WebP file' },
  missing: 'Please choose a file',
}

/**
 * The app's own upload (record.uploadDocumentForm): a FormData of `title`, `kind`, `cat_id` (optional, as
 * the JSON row) and the `file`. No REST row: POST /api/care/documents takes the file in JSON.
 */
export const documentFormInput = formInput(
  documentUploadInput.omit({ data: true, mimetype: true }).extend({ file: formFile(DOCUMENT_FILE) }),
)

/** An edit of the title or the kind (the file stays as stored); a field left out stays. */
export const documentUpdateInput = z.object({
  id: recordId,
  title: recordName('title', 200).optional(),
  kind: documentKind.optional(),
})
export type DocumentUpdateInput = z.infer<typeof documentUpdateInput>

export const documentSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  mimetype: z.string(),
  bytes: z.number().int(),
  created_at: z.string(),
})

/** One document for its owner: its details and a short-lived signed address that opens its bytes. */
export const documentFileSchema = documentSchema.extend({ url: z.string() })
