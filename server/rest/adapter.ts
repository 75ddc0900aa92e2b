import { TRPCError } from '@trpc/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ERRORS } from '../../shared/errors.ts'
import { bearerToken, createContextInner, type Services } from '../context.ts'
import { publicError } from '../errors.ts'
import { isNonJsonBody } from '../json-only.ts'
import { type AppCaller, createCaller } from '../routers/index.ts'

export interface RestRequest {
  body: unknown
  params: Record<string, string>
  query: Record<string, string>
  headers: FastifyRequest['headers']
}

/** One row of the REST surface: a documented method and path, and the procedure it calls. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Fastify path syntax: /api/supabase/cats/:id */
  path: string
  call(caller: AppCaller, req: RestRequest): Promise<unknown>
  /** Larger than the server's default body limit (photo uploads). */
  bodyLimit?: number
  /** Hand the procedure the unparsed body (webhook signatures are computed over the exact bytes). */
  rawBody?: boolean
}

function objectOrEmpty(value: unknown): Record<string, string> {
  return value && typeof value === 'object' ? (value as Record<string, string>) : {}
}

/**
 * Serves each row by calling its procedure with the same context tRPC builds, and answers errors in
 * the contract's shape `{error}` with the status of tRPC's own code → status map.
 */
export function registerRestRoutes(app: FastifyInstance, services: Services, routes: readonly RestRoute[]) {
  const register = (scope: FastifyInstance, route: RestRoute) =>
    scope.route({
      method: route.method,
      url: route.path,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (req, reply) => {
        // JSON in (CONTRACT.md): a text body would otherwise reach the procedure as a string and be
        // read as an empty object, creating records from nothing.
        if (!route.rawBody && isNonJsonBody(req.headers['content-type'])) {
          return reply.code(415).send({ error: ERRORS.jsonOnly })
        }
        const ctx = await createContextInner({
          services,
          token: bearerToken(req.headers.authorization),
          ip: req.ip,
          log: req.log,
        })
        try {
          const result = await route.call(createCaller(ctx), {
            body: req.body ?? {},
            params: objectOrEmpty(req.params),
            query: objectOrEmpty(req.query),
            headers: req.headers,
          })
          return reply.send(result ?? { success: true })
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error
          const { status, message } = publicError(error)
          if (status >= 500) req.log.error({ err: error.cause ?? error }, 'procedure failed')
          if (error.code === 'TOO_MANY_REQUESTS') reply.header('retry-after', 60)
          return reply.code(status).send({ error: message })
        }
      },
    })

  for (const route of routes.filter((r) => !r.rawBody)) register(app, route)
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    for (const route of routes.filter((r) => r.rawBody)) register(raw, route)
  })
}
