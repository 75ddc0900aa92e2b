import crypto from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify'
import { DEFAULT_BODY_LIMIT } from './body-limits.ts'
import { fastifyTrustProxy, publicUrl } from './config.ts'
import { errorBody } from './errors.ts'
import { answerClientError } from './http/client-errors.ts'
import { createGate, type PhotoGate } from './http/heavy-gate.ts'
import { HTTP_LIMITS } from './http/http-limits.ts'
import { photoAdmission } from './http/photo-admission.ts'
import { careUnsubscribePage } from './http/plugins/care-unsubscribe-page.ts'
import { connectionLimits } from './http/plugins/connection-limits.ts'
import { errorAnswers } from './http/plugins/error-answers.ts'
import { globalRateLimit } from './http/plugins/global-rate-limit.ts'
import { health } from './http/plugins/health.ts'
import { methodNotAllowedPlugin } from './http/plugins/method-not-allowed.ts'
import { photoRoutes } from './http/plugins/photo-routes.ts'
import { refuseNul } from './http/plugins/refuse-nul.ts'
import { requestLog } from './http/plugins/request-log.ts'
import { responseHeaders } from './http/plugins/response-headers.ts'
import { restSurface } from './http/plugins/rest-surface.ts'
import { staticClient } from './http/plugins/static-client.ts'
import { trpcSurface } from './http/plugins/trpc-surface.ts'
import { CLIENT_DIST_DIR } from './paths.ts'
import type { Redis } from './services/redis.ts'
import type { Services } from './services/services.ts'

export interface AppOptions {
  services: Services
  /** Folder of the built client; defaults to dist/client. */
  clientDir?: string
  /** Redis shared by every instance (REDIS_URL): the server-wide per-IP limit counts there too. */
  redis?: Redis | null
}

/**
 * The whole HTTP surface as a Fastify instance that tests can inject() into without a port: the server's
 * options, then the plugins it is made of (server/http/plugins/), in the order below.
 */
export async function buildApp({ services, clientDir, redis }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: fastifyTrustProxy(services.config.TRUST_PROXY),
    return503OnClosing: true,
    // Timeouts and caps: server/http/http-limits.ts says why each figure.
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
    // One line per request (http/plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  })

  await app.register(connectionLimits, { config: services.config })

  // App-wide first (fastify-plugin: on the app itself). Order matters: a scope takes its parent's hooks
  // and error handler when it is created, so these go before the route scopes below; and the per-IP
  // limit attaches itself to each route as it is added, so it goes before every route.
  await app.register(requestLog)
  // Notes every route's methods as it is added, for the 405 answers of the not-found handler.
  await app.register(methodNotAllowedPlugin)
  await app.register(responseHeaders, { https: publicUrl(services.config).startsWith('https://') })
  await app.register(globalRateLimit, { config: services.config, redis })
  await app.register(errorAnswers)
  await app.register(refuseNul)

  // One photo gate for both surfaces, so its slots count photos server-wide. Who may take a slot is
  // decided before the body is read (the token check is cached per token).
  const photoGate: PhotoGate = { gate: createGate(), admit: photoAdmission(services) }

  // The routes, each group in its own scope (its hooks and body parsers apply to it alone).
  await app.register(health, { services })
  await app.register(trpcSurface, { services, photoGate })
  await app.register(restSurface, { services })
  await app.register(photoRoutes, { services, photoGate })
  await app.register(careUnsubscribePage, { services })
  // The built client, and the not-found handler (fastify-plugin: the app's) for every path no route has.
  await app.register(staticClient, { config: services.config, clientDir: clientDir ?? CLIENT_DIST_DIR })
  return app
}
