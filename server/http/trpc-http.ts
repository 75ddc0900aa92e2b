// /trpc on Fastify: the glue between a Fastify request and tRPC's own HTTP handling (`resolveResponse`
// from @trpc/server/http, the API tRPC offers for writing adapters). It replaces the stock Fastify
// adapter's glue, which did three costly things on every call (measured in `npm run bench`):
// - it aborted each request's AbortSignal when the response closed, even after a complete answer, and
//   each abort built a DOMException with a stack trace;
// - it built a full Fetch `Request` (URL parsing, header validation, a signal of its own that follows
//   ours) for a handler that reads six of its members;
// - it sent every answer, one JSON document too, as a web stream in chunked encoding.
// Together these were over half the CPU of a small read. Here a request is aborted only when the client
// leaves before its answer is written, tRPC reads the members it uses from a plain object, and a JSON
// answer is sent in one piece with its length. Streams (JSON-lines batches, chat replies) still stream.
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server'
import { type HTTPErrorHandler, resolveResponse } from '@trpc/server/http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { appError, errorBody } from '../errors.ts'
import { publicError } from '../public-error.ts'
import { type Admission, type Gate, gateHook, mayHaveLargeBody, slowUploadGuard } from './heavy-gate.ts'
import { multipartFormParser } from './multipart-body.ts'
import { uploadJsonParser } from './upload-body.ts'

export interface TrpcHttpOptions<TRouter extends AnyTRPCRouter> {
  prefix: string
  router: TRouter
  createContext(req: FastifyRequest): Promise<inferRouterContext<TRouter>>
  onError: HTTPErrorHandler<TRouter, FastifyRequest>
  /** Procedures /trpc does not serve (404): their REST row is their one surface. */
  restOnly?: ReadonlySet<string>
  /** Procedures whose calls may be larger than the server's body limit (photo uploads), on routes of their own. */
  largeBodies?: {
    procedures: ReadonlySet<string>
    limit: number
    /** A procedure's own body limit, where it differs from `limit`. */
    limits?: ReadonlyMap<string, number>
    /** A procedure's cap on photo bytes for the upload reader (server/http/upload-body.ts). */
    uploadMaxBytes?: ReadonlyMap<string, number>
  }
  /**
   * The per-address budget, spent once per procedure of the call (a batch of five spends five) before
   * anything else: null when it allows them, else the seconds to wait.
   */
  budget?(req: FastifyRequest, procedures: number): Promise<number | null>
  /** Route config for every /trpc route (the app turns its per-request limiter off: `budget` counts). */
  routeConfig?: Record<string, unknown>
  /** Procedures that hold megabytes per call: a call takes one slot of `gate` per such procedure. */
  heavy?: { procedures: ReadonlySet<string>; gate: Gate; admit(req: FastifyRequest): Promise<Admission> }
}

/**
 * What resolveResponse (@trpc/server 11, pinned) reads of a request: url, method, headers, signal and,
 * for a POST, json(), or formData() for a form upload's body (parsed already: multipart-body.ts). Other
 * non-JSON bodies are refused before they get here.
 */
function trpcRequest(req: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.append(name, value)
  }
  // JSON text, or the body the upload reader has already parsed (server/http/upload-body.ts).
  const body = req.body
  const text = typeof body === 'string' ? body : body === undefined ? '' : null
  const notJson = () => Promise.reject(appError('JSON_ONLY'))
  const request: Pick<
    Request,
    'url' | 'method' | 'headers' | 'signal' | 'body' | 'json' | 'text' | 'formData'
  > = {
    url: `http://localhost${req.url}`,
    method: req.method,
    headers,
    signal,
    body: null,
    json: async () => (text === null ? body : JSON.parse(text)),
    text: async () => (text === null ? JSON.stringify(body) : text),
    formData: async () => (body instanceof FormData ? body : notJson()),
  }
  return request as Request
}

export function registerTrpcHttp<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  opts: TrpcHttpOptions<TRouter>,
) {
  // tRPC reads the body itself; it gets the text.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  const serve =
    (pathOf: (req: FastifyRequest) => string) => async (req: FastifyRequest, reply: FastifyReply) => {
      if (
        opts.restOnly &&
        pathOf(req)
          .split(',')
          .some((procedure) => opts.restOnly?.has(procedure))
      ) {
        return reply.code(404).send(errorBody('NOT_FOUND'))
      }
      const leaving = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) leaving.abort()
      })
      const response = await resolveResponse({
        router: opts.router,
        req: trpcRequest(req, leaving.signal),
        // resolveResponse decodes the path itself, and Fastify has decoded it once already: encoding it
        // again keeps '%' in a path from reaching tRPC as a broken escape (a 500 before this).
        path: encodeURIComponent(pathOf(req)),
        error: null,
        createContext: () => opts.createContext(req),
        onError: (event) => opts.onError({ ...event, req }),
        // A 429 or 503 says how long to wait, as REST does: the longest wait of the call's errors.
        responseMeta: ({ errors }) => {
          const waits = errors.map((error) => publicError(error).retryAfterSeconds ?? 0)
          const wait = Math.max(0, ...waits)
          return wait > 0 ? { headers: { 'retry-after': String(wait) } } : {}
        },
      })

      reply.code(response.status)
      for (const [name, value] of response.headers) reply.header(name, value)
      const streamed =
        response.headers.get('transfer-encoding') === 'chunked' ||
        response.headers.get('content-type')?.startsWith('text/event-stream')
      return reply.send(streamed ? response.body : await response.text())
    }

  const pathOf = (req: FastifyRequest) =>
    (req.params as { path?: string }).path ?? req.routeOptions.url!.slice(opts.prefix.length + 1)
  const heavy = opts.heavy
  // A slot per heavy procedure in the call; an upload without a large body (no photo in it) needs none.
  const weight = (req: FastifyRequest) => {
    if (!heavy) return 0
    const large = mayHaveLargeBody(req)
    return pathOf(req)
      .split(',')
      .filter((procedure) => heavy.procedures.has(procedure))
      .filter((procedure) => large || !opts.largeBodies?.procedures.has(procedure)).length
  }
  const budget = opts.budget
  const spend = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!budget) return
    const wait = await budget(req, pathOf(req).split(',').length)
    if (wait !== null) {
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .send(errorBody('TOO_MANY_REQUESTS', undefined, wait))
    }
  }
  const onRequest = heavy ? [spend, gateHook(heavy.gate, weight, heavy.admit)] : [spend]
  const gated = { onRequest, config: opts.routeConfig ?? {} }

  app.all(`${opts.prefix}/:path`, gated, serve(pathOf))
  for (const procedure of heavy?.procedures ?? []) {
    if (!opts.largeBodies?.procedures.has(procedure))
      app.all(`${opts.prefix}/${procedure}`, gated, serve(pathOf))
  }
  // Fastify counts a body's bytes against its route's limit, chunked bodies too, so a larger limit is
  // given by a route: /trpc/cat.create matches before /trpc/:path. Their bodies are read by the upload
  // reader, which never builds the photo as a JS array.
  const large = opts.largeBodies
  if (large) {
    app.register(async (uploads) => {
      uploads.removeContentTypeParser('application/json')
      uploads.addContentTypeParser('application/json', uploadJsonParser(large.limit))
      uploads.addContentTypeParser(...multipartFormParser)
      uploads.addHook('preParsing', slowUploadGuard())
      for (const procedure of large.procedures) {
        uploads.all(
          `${opts.prefix}/${procedure}`,
          {
            ...gated,
            bodyLimit: large.limits?.get(procedure) ?? large.limit,
            config: { ...gated.config, uploadMaxBytes: large.uploadMaxBytes?.get(procedure) },
          },
          serve(pathOf),
        )
      }
    })
  }
}
