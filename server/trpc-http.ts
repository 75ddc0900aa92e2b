// /trpc on Fastify: the glue between a Fastify request and tRPC's own HTTP handling (`resolveResponse`
// from @trpc/server/http, the API tRPC offers for writing adapters). It replaces the stock Fastify
// adapter's glue, which did two costly things on every call (measured in `npm run bench`):
// - it aborted each request's AbortSignal when the response closed, even after a complete answer, and
//   each abort built a DOMException with a stack trace: about a third of a small read's CPU;
// - it sent every answer, one JSON document too, as a web stream in chunked encoding.
// Here a request is aborted only when the client leaves before its answer is written, and a JSON answer
// is sent in one piece with its length. Streams (JSON lines batches, chat replies) are still streamed.
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server'
import { type HTTPErrorHandler, resolveResponse } from '@trpc/server/http'
import type { FastifyInstance, FastifyRequest } from 'fastify'

export interface TrpcHttpOptions<TRouter extends AnyTRPCRouter> {
  prefix: string
  router: TRouter
  createContext(req: FastifyRequest): Promise<inferRouterContext<TRouter>>
  onError: HTTPErrorHandler<TRouter, FastifyRequest>
}

export function registerTrpcHttp<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  opts: TrpcHttpOptions<TRouter>,
) {
  // tRPC reads the body itself; it gets the text.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  app.all(`${opts.prefix}/:path`, async (req, reply) => {
    const leaving = new AbortController()
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) leaving.abort()
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item)
      else if (value !== undefined) headers.append(name, value)
    }
    const request = new Request(new URL(req.url, 'http://localhost'), {
      method: req.method,
      headers,
      signal: leaving.signal,
      ...(typeof req.body === 'string' ? { body: req.body } : {}),
    })
    const response = await resolveResponse({
      router: opts.router,
      req: request,
      path: (req.params as { path: string }).path,
      error: null,
      createContext: () => opts.createContext(req),
      onError: (event) => opts.onError({ ...event, req }),
    })

    reply.code(response.status)
    for (const [name, value] of response.headers) reply.header(name, value)
    const streamed =
      response.headers.get('transfer-encoding') === 'chunked' ||
      response.headers.get('content-type')?.startsWith('text/event-stream')
    return reply.send(streamed ? response.body : await response.text())
  })
}
