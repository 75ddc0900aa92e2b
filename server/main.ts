import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db.ts'
import { cleanStoredPhotos } from './domain/cats/photo-cleanup.ts'
import { startJobs } from './jobs/index.ts'
import { createLogger } from './logger.ts'
import { createServices } from './services/index.ts'
import type { Redis } from './services/redis.ts'

/** scripts/supervise.mjs does not restart a server that exits with this code. */
const CONFIG_ERROR_EXIT_CODE = 78

/** Reads config, opens the database, serves, and on SIGTERM/SIGINT drains requests before closing. */
async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      // Before the logger exists. 78 (EX_CONFIG) tells the supervisor that restarting cannot help.
      process.stderr.write(`${error.message}\n`)
      process.exit(CONFIG_ERROR_EXIT_CODE)
    }
    throw error
  }
  const log = createLogger(config.LOG_LEVEL)
  const database = await openDatabase(config, (error) =>
    log.warn({ err: error }, 'database connection lost; the pool replaces it'),
  )
  // ioredis (about 8 MB resident) is loaded only by an instance configured with Redis.
  let redis: Redis | null = null
  let closeRedis = async () => {}
  if (config.REDIS_URL) {
    const clients = await import('./services/redis.ts')
    redis = clients.openRedis(config.REDIS_URL, log, config.REDIS_KEY_PREFIX)
    await clients.redisReady(redis)
    closeRedis = clients.closeRedisClients
  }
  const services = await createServices(config, database.prisma, log, {}, redis)
  const app = await buildApp({ services, redis })
  let jobs: Awaited<ReturnType<typeof startJobs>> | null = null

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    // Keep-alive connections whose requests have finished would hold close() open: close them as
    // they fall idle, while requests still in flight run to the end.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100)
    try {
      await app.close()
      clearInterval(closeIdle)
      await jobs?.stop()
      await database.close()
      await closeRedis()
      log.info('shutdown complete')
      process.exit(0)
    } catch (error) {
      log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  const address = await app.listen({ port: config.PORT, host: config.HOST })
  log.info({ database: database.kind }, `Kitty Care is listening on ${address}`)
  // The data step: profile photos stored before the metadata strip are cleaned once, in the
  // background, one at a time (a no-op once done).
  void cleanStoredPhotos(database.prisma, log).catch((error: unknown) => {
    if (!closing)
      log.error({ err: error }, 'cleaning stored profile photos failed; it resumes at the next start')
  })
  // The check-in reminders' worker (server/jobs), once the server answers; its failures are logged.
  if (!closing) jobs = await startJobs(database, services)
}

await main()
