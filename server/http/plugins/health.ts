// GET /healthz: 200 while the database answers, else 503 with Retry-After.
import type { FastifyPluginAsync } from 'fastify'
import type { Services } from '../../services/services.ts'
import { TRANSIENT_RETRY_AFTER_SECONDS } from '../../transient-faults.ts'

export const health: FastifyPluginAsync<{ services: Pick<Services, 'db'> }> = async (app, { services }) => {
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
}
