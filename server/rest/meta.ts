import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { Budget } from '../services/rate-limits.ts'

/** What the REST adapter hands a row's input mapper: the parts of the HTTP request a procedure may read. */
export interface RestRequest {
  body: unknown
  params: Record<string, string>
  query: Record<string, string>
  headers: FastifyRequest['headers']
}

/**
 * A procedure's REST row (docs/product.md §7's call table), declared in its `.meta()`
 * beside its zod input and output.
 */
export interface RestRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Fastify path syntax: /api/supabase/cats/:id (`:id` fills the input field of the same name). */
  path: string
  /** One line for the OpenAPI document. */
  summary?: string
  /** Larger than the server's default body limit (photo uploads). */
  bodyLimit?: number
  /**
   * The most photo bytes the upload reader turns a byte array or base64 text into (server/http/upload-body.ts);
   * PHOTO_MAX_BYTES when unset. Past it: 413.
   */
  uploadMaxBytes?: number
  /**
   * The answer is not JSON: `body` turns the procedure's output into the bytes sent, with their type
   * (one of `types`, for the OpenAPI document).
   */
  binary?: BinaryAnswer
  /** The procedure gets the unparsed body (webhook signatures are computed over the exact bytes). */
  rawBody?: boolean
  /**
   * How the request becomes the procedure's input, when the default does not fit. The default: the
   * JSON body's fields, then the path parameters over them (a path's `:id` wins over a body `id`).
   */
  input?: (req: RestRequest) => unknown
  /** Headers on every answer of the row, errors included (a cache rule, a file's disposition). */
  headers?: Record<string, string>
  /**
   * Request headers the row reads (its `input` maps them), for the OpenAPI document. `field`: the input
   * field the header fills, left out of the body and query schemas.
   */
  requestHeaders?: readonly RequestHeader[]
  /** A raw body's type and meaning, for the OpenAPI document (rawBody rows). */
  rawBodyType?: { type: string; description: string; schema?: Record<string, unknown> }
  /**
   * A link people open in a browser (a shared report): an error answers this page (HTML) when the request
   * accepts text/html; API clients keep the JSON error.
   */
  htmlError?: (status: number) => string
}

export interface RequestHeader {
  name: string
  required: boolean
  description: string
  field?: string
  /** A value the document shows (and its walk sends). */
  example?: string
}

/** A non-JSON answer: the procedure's output as the bytes sent, with their type (one of `types`). */
export interface BinaryAnswer {
  types: readonly string[]
  /**
   * `etag`: sent as ETag; `notModified`: the caller's copy (If-None-Match) is current, answered 304 with
   * no body; `headers`: sent with this answer only.
   */
  body: (output: unknown) => {
    type: string
    body: Buffer | Readable
    etag?: string
    notModified?: boolean
    headers?: Record<string, string>
  }
  /** Headers of the successful answer only (a cache rule that must not keep an error). */
  headers?: Record<string, string>
}

/** A procedure that returns a file's bytes (a Uint8Array) of one content type. */
export function fileAnswer(contentType: string): BinaryAnswer {
  return {
    types: [contentType],
    body: (output) => {
      const bytes = output as Uint8Array
      return { type: contentType, body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
    },
  }
}

/**
 * What every stored file is served with: the bytes are an owner's upload, never a page of the app, so
 * nothing in them runs (a sandbox with no sources; nosniff comes with every answer, security-headers.ts).
 * A PDF (kept byte for byte: it may hold script, or HTML after its header) is a download, never shown
 * inline from the app's origin; an image stays inline, for <img>.
 */
export const STORED_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

function storedFileHeaders(mimetype: string): Record<string, string> {
  return {
    'content-security-policy': STORED_FILE_CSP,
    ...(mimetype.startsWith('image/')
      ? {}
      : { 'content-disposition': 'attachment; filename="document.pdf"' }),
  }
}

/** A stored image or document (`{mimetype, data}`): its bytes with their stored type. */
export function storedFileAnswer(types: readonly string[], headers?: Record<string, string>): BinaryAnswer {
  return {
    types,
    body: (output) => {
      const { mimetype, data } = output as { mimetype: string; data: Uint8Array }
      return {
        type: mimetype,
        body: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        headers: storedFileHeaders(mimetype),
      }
    },
    ...(headers ? { headers } : {}),
  }
}

/**
 * A procedure that returns its JSON document as pieces of text (an async generator): sent as they come,
 * with the socket's back-pressure, so the server never holds the whole document.
 */
export function jsonTextStream(): BinaryAnswer {
  return {
    types: ['application/json'],
    body: (output) => ({
      type: 'application/json; charset=utf-8',
      body: Readable.from(output as AsyncIterable<string>, { objectMode: false }),
    }),
  }
}

export interface ProcedureMeta {
  /** Needs `Authorization: Bearer <token>` (set by authedProcedure; read by the OpenAPI document). */
  auth?: boolean
  /**
   * Holds a photo's megabytes per call: runs behind the heavy gate (server/http/heavy-gate.ts) on both
   * surfaces. Procedures whose REST row takes a larger body than the default are heavy anyway.
   */
  heavy?: boolean
  /**
   * Served at its REST row only; /trpc answers 404 for it (a public file whose row sends headers a tRPC
   * answer would not: the shared report's X-Robots-Tag).
   */
  restOnly?: boolean
  rest?: RestRow
  /**
   * One of the app's own uploads (no REST row): the body is multipart/form-data, the file as bytes,
   * read whole up to `bodyLimit` (server/http/multipart-body.ts) on a /trpc route of its own. Declared by
   * formUpload below, heavy like its JSON twin.
   */
  form?: { bodyLimit: number }
  /**
   * The budgets each call spends, in order, before the procedure runs (server/trpc.ts), on /trpc and the
   * REST row alike. An `email` budget is keyed by the signed-in owner's address on procedures that need a
   * session, by the input's `email` on the others.
   */
  rateLimit?: readonly Budget[]
}

/** `.meta(rateLimit(perIp('signupPerIp')))` */
export function rateLimit(...budgets: Budget[]) {
  return { rateLimit: budgets } satisfies ProcedureMeta
}

/** `.meta(rest('GET', '/api/supabase/cats', {summary: …}))` */
export function rest(method: RestRow['method'], path: string, extra: Omit<RestRow, 'method' | 'path'> = {}) {
  return { rest: { method, path, ...extra } } satisfies ProcedureMeta
}

/** Room a form upload's body has beyond its file: the boundaries, the parts' headers, the text fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * `.meta(formUpload(CHAT_PHOTO_FILE))`: a tRPC-only procedure taking a FormData (the app's own upload),
 * behind the heavy gate, its body at most the file's cap plus the form's overhead (beyond it: 413
 * before the procedure; a file just over its cap is refused by its rule, shared/schemas/form-upload.ts).
 */
export function formUpload(file: { maxBytes: number }) {
  return { heavy: true, form: { bodyLimit: file.maxBytes + FORM_OVERHEAD_BYTES } } satisfies ProcedureMeta
}
