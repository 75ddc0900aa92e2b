// The health record's documents (CONTRACT "the health record"): snake_case like SPEC §7.
import { z } from 'zod'
import { careCatInput } from './care.ts'
import { photoBytesSchema } from './cat.ts'
import { recordName } from './record-names.ts'

export const DOCUMENT_KINDS = ['lab', 'vaccination', 'invoice', 'other'] as const
/** What the record keeps, known by the bytes (the declared mimetype is not trusted). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const

export const documentUploadInput = careCatInput.extend({
  title: recordName('title', 200),
  kind: z
    .enum(DOCUMENT_KINDS, { error: "kind must be 'lab', 'vaccination', 'invoice' or 'other'" })
    .optional(),
  /** A byte array, base64 text or a base64 data URL (the server's upload reader makes long ones bytes). */
  data: photoBytesSchema,
  mimetype: z.string().max(100).optional(),
})
export type DocumentUploadInput = z.infer<typeof documentUploadInput>

export const documentSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  mimetype: z.string(),
  bytes: z.number().int(),
  created_at: z.string(),
})
export type CatDocumentOut = z.infer<typeof documentSchema>

/** One document for its owner: a data URL on tRPC; REST sends the bytes with their type. */
export const documentFileSchema = documentSchema.extend({ data_url: z.string() })
