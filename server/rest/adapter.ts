import { TRPCError } from '@trpc/server'
import type { FastifyInstance } from 'fastify'
import { bearerToken, createContextInner } from '../context.ts'
import { appError, errorBody } from '../errors.ts'
import { isNonJsonBody } from '../http/json-only.ts'
import { publicError } from '../public-error.ts'
import { type AppCaller, createCaller } from '../routers/index.ts'
import type { Services } from '../services/services.ts'
import { acceptsHtml } from '../shared-report-page.ts'
import { restRows, type ServedRow } from './table.ts'

function objectOrEmpty(value: unknown): Record<string, string> {
  return value && typeof value === 'object' ? (value as Record<string, string>) : {}
}

const NOT_AN_OBJECT = 'Invalid input: the body must be a JSON object'

const isJsonObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The caller's function for a procedure path ('cat.get'). */
function procedureOf(caller: AppCaller, path: string): (input: unknown) => Promise<unknown> {
  let node: unknown = caller
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key]
  return node as (input: unknown) => Promise<unknown>
}

/**
 * Serves every REST row the router declares by calling its procedure with the same context tRPC
 * builds, and answers errors in the contract's shape (errorBody) with the catalogue's status.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  services: Services,
  rows: readonly ServedRow[] = restRows(),
) {
  const register = (scope: FastifyInstance, row: ServedRow) =>
    scope.route({
      method: row.method,
      url: row.path,
      bodyLimit: row.bodyLimit,
      config: { uploadMaxBytes: row.uploadMaxBytes },
      handler: async (req, reply) => {
        // JSON in (docs/api.md "Inputs every row shares"): a text body would otherwise reach the procedure as
        // a string and be read as an empty object, creating records from nothing.
        if (!row.rawBody && isNonJsonBody(req.headers['content-type'])) {
          return reply.code(415).send(errorBody('JSON_ONLY'))
        }
        if (row.headers) reply.headers(row.headers)
        try {
          const ctx = await createContextInner({
            services,
            token: bearerToken(req.headers.authorization),
            ip: req.ip,
            log: req.log,
          })
          // docs/api.md "Inputs every row shares": a JSON body that is not an object (an array, text,
          // null, a number) is 400 on every row, checked here once for all rows; before this, such a
          // body read as "no fields" and created records from nothing. A missing token still says 401
          // first, as the procedure itself would.
          if (!row.rawBody && req.body !== undefined && !isJsonObject(req.body)) {
            if (row.auth && !ctx.user) throw appError('NOT_AUTHENTICATED')
            throw appError('INVALID_INPUT', { message: NOT_AN_OBJECT })
          }
          const input = row.toInput({
            body: req.body,
            params: objectOrEmpty(req.params),
            query: objectOrEmpty(req.query),
            headers: req.headers,
          })
          const result = await procedureOf(createCaller(ctx), row.procedure)(input)
          if (row.binary) {
            const { type, body, etag, notModified, headers } = row.binary.body(result)
            if (row.binary.headers) reply.headers(row.binary.headers)
            if (headers) reply.headers(headers)
            if (etag) reply.header('etag', etag)
            if (notModified) return reply.code(304).send()
            return reply.type(type).send(body)
          }
          return reply.send(result ?? { success: true })
        } catch (error) {
          const { status, message, code, retryAfterSeconds } = publicError(error)
          if (status >= 500) {
            const cause = error instanceof TRPCError ? (error.cause ?? error) : error
            req.log[status === 503 ? 'warn' : 'error']({ err: cause }, 'procedure failed')
          }
          if (retryAfterSeconds) reply.header('retry-after', retryAfterSeconds)
          if (row.htmlError && acceptsHtml(req.headers.accept)) {
            // A page, not a file: the row's download name is for its PDF only.
            reply.removeHeader('content-disposition')
            return reply.code(status).type('text/html; charset=utf-8').send(row.htmlError(status))
          }
          return reply.code(status).send(errorBody(code, message, retryAfterSeconds))
        }
      },
    })

  for (const row of rows.filter((r) => !r.rawBody)) register(app, row)
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    for (const row of rows.filter((r) => r.rawBody)) register(raw, row)
  })
}
