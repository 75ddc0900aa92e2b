// The background worker that starts with the server: pg-boss and the check-in reminders. Stopped on
// SIGTERM after the HTTP server (main.ts): jobs in hand finish, nothing new is fetched.
import type { FastifyBaseLogger } from 'fastify'
import { publicUrl } from '../config.ts'
import type { Services } from '../context.ts'
import type { Database } from '../db.ts'
import { createPushSender } from '../services/push.ts'
import { type BossOptions, createBoss } from './boss.ts'
import { type CareWorkerOptions, startCareWorker } from './care-reminders.ts'

export interface Jobs {
  sweep(): Promise<void>
  stop(): Promise<void>
}

export async function startJobs(
  database: Database,
  services: Services,
  options: BossOptions & CareWorkerOptions = {},
): Promise<Jobs> {
  const log: FastifyBaseLogger = services.log.child({ worker: 'jobs' })
  const boss = createBoss(database, options)
  // pg-boss reports trouble (a dropped connection, a failed poll) as events; they are logged, never thrown.
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'))
  await boss.start()
  const care = await startCareWorker(
    boss,
    {
      db: services.db,
      mailer: services.mailer,
      log,
      origin: publicUrl(services.config),
      push: createPushSender(services.db, log),
    },
    options,
  )
  log.info('job worker started (check-in reminders)')
  return {
    sweep: care.sweep,
    async stop() {
      await care.stop()
      await boss.stop({ graceful: true, wait: true, timeout: 8000, close: true })
      log.info('job worker stopped')
    },
  }
}
