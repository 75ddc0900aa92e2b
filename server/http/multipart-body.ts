// The app's own uploads as multipart/form-data (docs/api.md "Photos and documents"): a photo or a
// document travels as its bytes, not as base64 inside JSON (a third larger, and text the server must
// scan). Only the form procedures take it (ProcedureMeta.form), each on a /trpc route of its own whose
// body limit is its file's cap plus the form's overhead; every other /trpc call stays JSON only (415),
// and the REST rows keep their JSON bodies and the upload reader (upload-body.ts).
//
// The body is read whole by Fastify (its route's limit, 413 past it; the slow-sender guard still
// applies) and parsed into a FormData by the platform's own parser (undici's, as a Fetch Request's
// formData()), which tRPC's multipart handler gets from the request as `formData()`: a procedure's
// `z.instanceof(FormData)` input then reads its fields and files (shared/schemas/form-upload.ts).
import type { FastifyRequest } from 'fastify'
import { UploadBodyError } from './upload-body.ts'

const isMultipart = (contentType: string | undefined) =>
  contentType !== undefined && /^multipart\/form-data\b/i.test(contentType)

/**
 * True when the request is a form upload on a form procedure's own route (`routes`: '/trpc/cat.updateForm'
 * …): the one non-JSON body /trpc takes. Any other route, a batch's among them, refuses it (415).
 */
export function isFormUpload(req: FastifyRequest, routes: ReadonlySet<string>): boolean {
  return isMultipart(req.headers['content-type']) && routes.has(req.routeOptions.url ?? '')
}

const NUL = '\u0000'

/** A field's name, its text or a file's name holding NUL (PostgreSQL text cannot; nul-guard.ts). */
function holdsNul(form: FormData): boolean {
  for (const [name, value] of form) {
    if (name.includes(NUL) || (typeof value === 'string' ? value : value.name).includes(NUL)) return true
  }
  return false
}

/** The multipart body as a FormData; a body that is not one is a 400, never a 500. */
async function parseFormBody(body: Buffer, contentType: string): Promise<FormData> {
  let form: FormData
  try {
    // A view of exactly the body's bytes (a small Buffer may sit in Node's shared pool), not a copy.
    const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new UploadBodyError('INVALID_INPUT', 'Invalid multipart/form-data body')
  }
  if (holdsNul(form)) throw new UploadBodyError('NUL_CHARACTER')
  return form
}

/**
 * A Fastify content-type parser for multipart/form-data on the upload routes (the arguments of
 * addContentTypeParser): the route's whole body, at most its limit, as a FormData. Only a form procedure's
 * route gets this far (isFormUpload, checked before the body is read).
 */
export const multipartFormParser = [
  'multipart/form-data',
  { parseAs: 'buffer' },
  (req: FastifyRequest, body: Buffer) => parseFormBody(body, req.headers['content-type'] ?? ''),
] as const
