import crypto from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from 'fastify'
import { DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './body-limits.ts'
import { registerCareUnsubscribePage } from './care-unsubscribe-page.ts'
import { answerClientError } from './client-errors.ts'
import { fastifyTrustProxy, publicUrl } from './config.ts'
import { bearerToken, createContextInner, type Services } from './context.ts'
import { errorBody } from './errors.ts'
import { createGate, gateHook, mayHaveLargeBody, slowUploadGuard } from './heavy-gate.ts'
import { capConnectionsPerAddress, closeSpentConnections, HTTP_LIMITS } from './http-limits.ts'
import { isNonJsonBody } from './json-only.ts'
import { containsNul, jsonTextContainsNul, urlContainsNul } from './nul-guard.ts'
import { CLIENT_DIST_DIR } from './paths.ts'
import { photoAdmission } from './photo-admission.ts'
import { publicError } from './public-error.ts'
import { registerRestRoutes } from './rest/adapter.ts'
import { registerApiDocs } from './rest/docs.ts'
import {
  heavyProcedures,
  largeBodyProcedures,
  restOnlyProcedures,
  restRows,
  uploadMaxBytes,
} from './rest/table.ts'
import { appRouter } from './routers/index.ts'
import { registerSecurityHeaders } from './security-headers.ts'
import { RateLimitedError } from './services/rate-limits.ts'
import type { Redis } from './services/redis.ts'
import { serveClient } from './static-client.ts'
import { TRANSIENT_RETRY_AFTER_SECONDS } from './transient-faults.ts'
import { registerTrpcHttp } from './trpc-http.ts'
import { UploadBodyError, uploadJsonParser } from './upload-body.ts'

export interface AppOptions {
  services: Services
  /** Folder of the built client; defaults to dist/client. */
  clientDir?: string
  /** Redis shared by every instance (REDIS_URL): the server-wide per-IP limit counts there too. */
  redis?: Redis | null
}

/** The whole HTTP surface as a Fastify instance that tests can inject() into without a port. */
export async function buildApp({ services, clientDir, redis }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: fastifyTrustProxy(services.config.TRUST_PROXY),
    return503OnClosing: true,
    // Timeouts and caps: server/http-limits.ts says why each figure.
    requestTimeout: HTTP_LIMITS.requestTimeout,
    keepAliveTimeout: HTTP_LIMITS.keepAliveTimeout,
    maxRequestsPerSocket: HTTP_LIMITS.maxRequestsPerSocket,
    http: {
      headersTimeout: HTTP_LIMITS.headersTimeout,
      connectionsCheckingInterval: HTTP_LIMITS.connectionsCheckingInterval,
    },
    // Path parameters up to 2 KB reach their route, so an authed row says 401 first to a request
    // without a token and its own input check says 400 after (Fastify's default, 100 characters, was
    // a 400 before any auth).
    routerOptions: { maxParamLength: 2048 },
    // A URL with a broken %-escape: 400 in the contract's error shape, not Fastify's own.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply).code(400).send(errorBody('INVALID_INPUT', error.message))
    },
    clientErrorHandler: answerClientError,
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  })

  app.server.maxConnections = HTTP_LIMITS.maxConnections
  closeSpentConnections(app.server)
  // Behind a proxy every connection comes from the proxy: it caps each client instead.
  if (!services.config.TRUST_PROXY)
    capConnectionsPerAddress(app.server, services.config.MAX_CONNECTIONS_PER_ADDRESS)

  app.addHook('onResponse', async (req, reply) => {
    // The web app's files, when all is well, only at debug: they would be most of the lines, and bury
    // what a person looks for (errors, the API calls, the sign-in code line).
    const path = req.url.split('?')[0]!
    const routine =
      reply.statusCode < 400 &&
      (path === '/healthz' ||
        (req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/trpc/')))
    req.log[routine ? 'debug' : 'info'](
      {
        method: req.method,
        url: path,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: req.ip,
      },
      'request',
    )
  })

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
    // API answers carry personal data (cats, subscriptions, weights, the export): no cache keeps them,
    // unless a row says otherwise (a chat photo's bytes, private to the owner's browser).
    if ((req.url.startsWith('/api/') || req.url.startsWith('/trpc/')) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store')
  })

  registerSecurityHeaders(app, { https: publicUrl(services.config).startsWith('https://') })
  const photoGate = createGate()
  // Who may take a photo slot is decided before the body is read (the token check is cached per token).
  const admit = photoAdmission(services)

  await app.register(rateLimit, {
    max: services.config.GLOBAL_RATE_PER_MINUTE,
    timeWindow: 60_000,
    // With Redis, every instance counts into the same window; while Redis is unreachable, requests pass.
    ...(redis ? { redis, nameSpace: 'rl:global:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      ...errorBody('TOO_MANY_REQUESTS'),
    }),
  })

  app.setErrorHandler((error: FastifyError, req, reply) => {
    // The upload reader says by the catalogue's code what it refused.
    if (error instanceof UploadBodyError) {
      return reply.code(error.statusCode).send(errorBody(error.appCode, error.message))
    }
    const status = error.statusCode ?? 500
    if (status === 413) return reply.code(413).send(errorBody('TOO_LARGE'))
    if (error.validation || status === 400) {
      return reply
        .code(400)
        .send(
          errorBody(
            'INVALID_INPUT',
            error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Invalid JSON body' : error.message,
          ),
        )
    }
    if (status === 429) return reply.code(429).send(errorBody('TOO_MANY_REQUESTS'))
    // The database or Redis going away under a request that never reached a procedure.
    const fault = publicError(error)
    if (fault.status === 503) {
      req.log.warn({ err: error }, 'transient fault')
      return reply.code(503).header('retry-after', fault.retryAfterSeconds).send(errorBody(fault.code))
    }
    if (status === 415) return reply.code(415).send(errorBody('JSON_ONLY', error.message))
    if (status >= 400 && status < 500)
      return reply.code(status).send(errorBody('INVALID_INPUT', error.message))
    req.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send(errorBody('UNEXPECTED'))
  })

  app.addHook('preValidation', async (req, reply) => {
    const body = typeof req.body === 'string' ? jsonTextContainsNul(req.body) : containsNul(req.body)
    if (urlContainsNul(req.url) || body || containsNul(req.params)) {
      return reply.code(400).send(errorBody('NUL_CHARACTER'))
    }
  })

  // Never behind the per-IP limit: that limit counts in Redis, and a health check must not wait on
  // Redis (nor a load balancer's checks spend a budget).
  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await services.db.$queryRaw`SELECT 1`
      return { status: 'ok' }
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable')
      return reply
        .code(503)
        .header('retry-after', TRANSIENT_RETRY_AFTER_SECONDS)
        .send({ status: 'unavailable' })
    }
  })

  await app.register(async (trpcScope) => {
    // Procedures take JSON only: tRPC's own form-data and binary inputs are not used here, and its
    // form-data reader answered 500 for some bodies.
    trpcScope.addHook('onRequest', async (req, reply) => {
      if (req.method === 'POST' && isNonJsonBody(req.headers['content-type'])) {
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
      heavy: { procedures: heavyProcedures(), gate: photoGate, admit },
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
  })

  // Photo uploads and reads: a few at a time (heavy-gate.ts); uploads are read by the upload reader,
  // which keeps a photo's bytes in a Buffer instead of a JS array (upload-body.ts).
  const rows = restRows()
  registerRestRoutes(
    app,
    services,
    rows.filter((row) => !row.heavy),
  )
  await app.register(async (photos) => {
    photos.removeContentTypeParser('application/json')
    photos.addContentTypeParser('application/json', uploadJsonParser(DEFAULT_BODY_LIMIT))
    // A photo read always takes a slot; an upload only when its body may be large (a photo in it).
    photos.addHook(
      'onRequest',
      gateHook(photoGate, (req) => (req.method === 'GET' || mayHaveLargeBody(req) ? 1 : 0), admit),
    )
    photos.addHook('preParsing', slowUploadGuard())
    registerRestRoutes(
      photos,
      services,
      rows.filter((row) => row.heavy),
    )
  })
  registerApiDocs(app)
  registerCareUnsubscribePage(app, services)
  await serveClient(app, services.config, clientDir ?? CLIENT_DIST_DIR)
  return app
}
