// A stored file's short-lived signed address (docs/api.md "Photos and documents"): the kind of file,
// its id, the expiry (Unix seconds) and the signature, as the server wrote them.
import { z } from 'zod'
import { recordId } from './primitives.ts'

/** A cat's profile photo (by the cat's id), a chat photo, a health-record document. */
export const SIGNED_FILE_KINDS = ['cat', 'chat', 'doc'] as const
export type SignedFileKind = (typeof SIGNED_FILE_KINDS)[number]

/** A stored file's bytes and type, as a procedure hands them to its REST row (never to /trpc). */
export const storedFileOutput = z.custom<{ mimetype: string; data: Uint8Array }>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { mimetype?: unknown }).mimetype === 'string' &&
    (value as { data?: unknown }).data instanceof Uint8Array,
)

export const signedFileInput = z.object({
  kind: z.enum(SIGNED_FILE_KINDS, { error: 'Not found' }),
  id: recordId,
  exp: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'Invalid expiry' })
    .transform(Number),
  sig: z.string().max(128),
})
