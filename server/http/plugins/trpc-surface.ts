// /trpc: every procedure the router has (bar the REST-only ones), served by ../trpc-http.ts. Its own
// scope: the JSON-only check below and tRPC's body parser apply to /trpc alone.
import type { FastifyPluginAsync } from 'fastify'
import { UPLOAD_BODY_LIMIT } from '../../body-limits.ts'
import { bearerToken, createContextInner } from '../../context.ts'
import { errorBody } from '../../errors.ts'
import { publicError } from '../../public-error.ts'
import {
  formProcedures,
  heavyProcedures,
  largeBodyProcedures,
  restOnlyProcedures,
  uploadMaxBytes,
} from '../../rest/table.ts'
import { appRouter } from '../../routers/index.ts'
import { RateLimitedError } from '../../services/rate-limits.ts'
import type { Services } from '../../services/services.ts'
import type { PhotoGate } from '../heavy-gate.ts'
import { isNonJsonBody } from '../json-only.ts'
import { isFormUpload } from '../multipart-body.ts'
import { registerTrpcHttp } from '../trpc-http.ts'

export const trpcSurface: FastifyPluginAsync<{ services: Services; photoGate: PhotoGate }> = async (
  trpcScope,
  { services, photoGate },
) => {
  // Procedures take JSON only, but for the app's own uploads' multipart/form-data (multipart-body.ts):
  // tRPC's binary inputs are not used here, and its own form-data reader answered 500 for some bodies.
  const forms = new Set([...formProcedures().keys()].map((procedure) => `/trpc/${procedure}`))
  trpcScope.addHook('onRequest', async (req, reply) => {
    if (req.method === 'POST' && isNonJsonBody(req.headers['content-type']) && !isFormUpload(req, forms)) {
      return reply.code(415).send(errorBody('JSON_ONLY'))
    }
  })
  registerTrpcHttp(trpcScope, {
    prefix: '/trpc',
    // The procedures whose REST row declares a larger body limit get it on /trpc too.
    largeBodies: {
      procedures: new Set(largeBodyProcedures().keys()),
      limit: UPLOAD_BODY_LIMIT,
      limits: largeBodyProcedures(),
      uploadMaxBytes: uploadMaxBytes(),
    },
    heavy: { procedures: heavyProcedures(), gate: photoGate.gate, admit: photoGate.admit },
    restOnly: restOnlyProcedures(),
    // Every procedure of a batch counts against the address's budget (@fastify/rate-limit would count
    // the batch once), in the same figure as the per-request limit REST has.
    routeConfig: { rateLimit: false },
    budget: async (req, procedures) => {
      try {
        await services.limits.consume('requestsPerIp', req.ip, procedures)
        return null
      } catch (error) {
        if (error instanceof RateLimitedError) return error.retryAfterSeconds
        throw error
      }
    },
    router: appRouter,
    createContext: (req) =>
      createContextInner({
        services,
        token: bearerToken(req.headers.authorization),
        ip: req.ip,
        log: req.log,
      }),
    onError({ error, path: procedure, req }) {
      if (publicError(error).status >= 500)
        req.log.error({ err: error.cause ?? error, procedure }, 'procedure failed')
    },
  })
}
