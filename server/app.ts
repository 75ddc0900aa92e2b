import crypto from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from 'fastify'
import { ERRORS } from '../shared/errors.ts'
import { DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMIT, UPLOAD_PROCEDURES } from './body-limits.ts'
import { fastifyTrustProxy } from './config.ts'
import { bearerToken, createContextInner, type Services } from './context.ts'
import { publicError } from './errors.ts'
import { isNonJsonBody } from './json-only.ts'
import { containsNul, jsonTextContainsNul, urlContainsNul } from './nul-guard.ts'
import { CLIENT_DIST_DIR } from './paths.ts'
import { registerRestRoutes } from './rest/adapter.ts'
import { restRoutes } from './rest/routes.ts'
import { appRouter } from './routers/index.ts'
import { registerSecurityHeaders } from './security-headers.ts'
import { serveClient } from './static-client.ts'
import { registerTrpcHttp } from './trpc-http.ts'

export interface AppOptions {
  services: Services
  /** Folder of the built client; defaults to dist/client. */
  clientDir?: string
}

/** The whole HTTP surface as a Fastify instance that tests can inject() into without a port. */
export async function buildApp({ services, clientDir }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: fastifyTrustProxy(services.config.TRUST_PROXY),
    return503OnClosing: true,
    // A URL with a broken %-escape: 400 in the contract's error shape, not Fastify's own.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ error: error.message })
    },
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  })

  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: req.ip,
      },
      'request',
    )
  })

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })

  registerSecurityHeaders(app)

  await app.register(rateLimit, {
    max: services.config.GLOBAL_RATE_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      error: ERRORS.tooManyRequests,
    }),
  })

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode ?? 500
    if (status === 413) return reply.code(413).send({ error: ERRORS.tooLarge })
    if (error.validation || status === 400) {
      return reply
        .code(400)
        .send({ error: error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Invalid JSON body' : error.message })
    }
    if (status === 429) return reply.code(429).send({ error: ERRORS.tooManyRequests })
    if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message })
    req.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ error: ERRORS.unexpected })
  })

  app.addHook('preValidation', async (req, reply) => {
    const body = typeof req.body === 'string' ? jsonTextContainsNul(req.body) : containsNul(req.body)
    if (urlContainsNul(req.url) || body || containsNul(req.params)) {
      return reply.code(400).send({ error: ERRORS.nulCharacter })
    }
  })

  app.get('/healthz', async (_req, reply) => {
    try {
      await services.db.$queryRaw`SELECT 1`
      return { status: 'ok' }
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })

  await app.register(async (trpcScope) => {
    // Procedures take JSON only: tRPC's own form-data and binary inputs are not used here, and its
    // form-data reader answered 500 for some bodies.
    trpcScope.addHook('onRequest', async (req, reply) => {
      if (req.method === 'POST' && isNonJsonBody(req.headers['content-type'])) {
        return reply.code(415).send({ error: ERRORS.jsonOnly })
      }
    })
    registerTrpcHttp(trpcScope, {
      prefix: '/trpc',
      largeBodies: { procedures: UPLOAD_PROCEDURES, limit: UPLOAD_BODY_LIMIT },
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
  })

  registerRestRoutes(app, services, restRoutes)
  await serveClient(app, services.config, clientDir ?? CLIENT_DIST_DIR)
  return app
}
