// The background worker that starts with the server: pg-boss and the check-in reminders, and the
// clean-up of chat photos never sent. Stopped on
// SIGTERM after the HTTP server (main.ts): jobs in hand finish, nothing new is fetched.
import type { FastifyBaseLogger } from 'fastify'
import { publicUrl } from '../config.ts'
import type { Database } from '../db.ts'
import { unsubscribeKey } from '../domain/links/unsubscribe-token.ts'
import { createPushSender } from '../services/push.ts'
import type { Services } from '../services/services.ts'
import { type BossOptions, createBoss } from './boss.ts'
import { type CareWorkerOptions, startCareWorker } from './care-reminders.ts'
import { startFollowUpWorker } from './follow-ups.ts'
import { type RecordReminderOptions, startRecordReminders } from './record-reminders.ts'
import { startUnsentPhotoCleanup, type UnsentPhotoOptions } from './unsent-photos.ts'

export interface Jobs {
  /** Runs the periodic work now (tests, after moving time in the database). */
  sweep(): Promise<void>
  stop(): Promise<void>
}

export async function startJobs(
  database: Database,
  services: Services,
  options: BossOptions & CareWorkerOptions & UnsentPhotoOptions & RecordReminderOptions = {},
): Promise<Jobs> {
  const log: FastifyBaseLogger = services.log.child({ worker: 'jobs' })
  const boss = createBoss(database, options)
  // pg-boss reports trouble (a dropped connection, a failed poll) as events; they are logged, never thrown.
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'))
  await boss.start()
  const careDeps = {
    db: services.db,
    mailer: services.mailer,
    log,
    origin: publicUrl(services.config),
    push: createPushSender(services.db, log, { extraHosts: services.config.PUSH_EXTRA_HOSTS }),
    unsubscribeKey: unsubscribeKey(services.tokens.codePepper),
  }
  const care = await startCareWorker(boss, careDeps, options)
  const followUps = await startFollowUpWorker(boss, careDeps, options)
  const record = startRecordReminders(careDeps, options)
  const unsentPhotos = startUnsentPhotoCleanup({ db: services.db, log }, options)
  log.info('job worker started (check-in, follow-up and health record reminders, unsent photo clean-up)')
  return {
    async sweep() {
      await Promise.all([care.sweep(), followUps.run(), unsentPhotos.run(), record.run()])
    },
    async stop() {
      await Promise.all([care.stop(), followUps.stop(), unsentPhotos.stop(), record.stop()])
      await boss.stop({ graceful: true, wait: true, timeout: 8000, close: true })
      log.info('job worker stopped')
    },
  }
}
