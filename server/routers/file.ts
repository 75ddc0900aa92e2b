// Stored photos and documents as bytes, through the short-lived signed addresses the other procedures
// hand out (server/services/signed-urls.ts; docs/api.md "Photos and documents"). No session: the
// signature is the permission, so an <img> or a link opens it.
import { ATTACHMENT_TYPES, PHOTO_TYPES, SIGNED_URL_TTL_SECONDS } from '../../shared/constants.ts'
import { DOCUMENT_TYPES } from '../../shared/schemas/documents.ts'
import { signedFileInput, storedFileOutput } from '../../shared/schemas/files.ts'
import { signedFile } from '../domain/files/signed-files.ts'
import { rest, storedFileAnswer } from '../rest/meta.ts'
import { publicProcedure, router } from '../trpc.ts'

const TYPES = [...new Set<string>([...PHOTO_TYPES, ...ATTACHMENT_TYPES, ...DOCUMENT_TYPES])]

export const fileRouter = router({
  /** Served at its REST row only: a tRPC answer would be the bytes inside JSON again. */
  signed: publicProcedure
    .meta({
      restOnly: true,
      heavy: true,
      ...rest('GET', '/api/files/:kind/:id', {
        summary: 'A stored photo or document, by the signed address a procedure handed out (no session)',
        // The owner's browser may keep the bytes as long as the address opens them; no shared cache.
        binary: storedFileAnswer(TYPES, { 'cache-control': `private, max-age=${SIGNED_URL_TTL_SECONDS}` }),
        headers: { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' },
      }),
    })
    .input(signedFileInput)
    .output(storedFileOutput)
    .query(({ ctx, input }) => signedFile(ctx.services.db, ctx.services.tokens.files, input)),
})
