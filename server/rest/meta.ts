import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'

/** What the REST adapter hands a row's input mapper: the parts of the HTTP request a procedure may read. */
export interface RestRequest {
  body: unknown
  params: Record<string, string>
  query: Record<string, string>
  headers: FastifyRequest['headers']
}

/** A procedure's REST row (SPEC §7's call table), declared in its `.meta()` beside its zod input and output. */
export interface RestRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Fastify path syntax: /api/supabase/cats/:id (`:id` fills the input field of the same name). */
  path: string
  /** One line for the OpenAPI document. */
  summary?: string
  /** Larger than the server's default body limit (photo uploads). */
  bodyLimit?: number
  /**
   * The most photo bytes the upload reader turns a byte array or base64 text into (server/upload-body.ts);
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
  body: (output: unknown) => { type: string; body: Buffer | Readable }
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
   * Holds a photo's megabytes per call: runs behind the heavy gate (server/heavy-gate.ts) on both
   * surfaces. Procedures whose REST row takes a larger body than the default are heavy anyway.
   */
  heavy?: boolean
  /**
   * Served at its REST row only; /trpc answers 404 for it (a public file whose row sends headers a tRPC
   * answer would not: the shared report's X-Robots-Tag).
   */
  restOnly?: boolean
  rest?: RestRow
}

/** `.meta(rest('GET', '/api/supabase/cats', {summary: …}))` */
export function rest(method: RestRow['method'], path: string, extra: Omit<RestRow, 'method' | 'path'> = {}) {
  return { rest: { method, path, ...extra } } satisfies ProcedureMeta
}
