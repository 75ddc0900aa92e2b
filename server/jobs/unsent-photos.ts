// The hourly clean-up: photos uploaded in the chat and never sent are deleted a day after their upload
// (server/domain/chat/attachments.ts), and reminders' delivery records a week after they were sent
// (server/domain/care/reminder-deliveries.ts). Every instance runs it at start and once an hour: each is
// one indexed DELETE that finds nothing when another instance has just run it, so no queue or lock.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db.ts'
import { pruneReminderDeliveries } from '../domain/care/reminder-deliveries.ts'
import { deleteUnsentAttachments } from '../domain/chat/attachments.ts'
import { startPeriodic } from './periodic.ts'

export interface UnsentPhotoOptions {
  /** How often the clean-up runs. */
  unsentPhotoIntervalMs?: number
}

export function startUnsentPhotoCleanup(
  deps: { db: Db; log: FastifyBaseLogger },
  { unsentPhotoIntervalMs = 3_600_000 }: UnsentPhotoOptions = {},
) {
  return startPeriodic(async () => {
    try {
      const count = await deleteUnsentAttachments(deps.db)
      if (count > 0) deps.log.info({ count }, 'deleted chat photos never sent')
      const deliveries = await pruneReminderDeliveries(deps.db)
      if (deliveries > 0) deps.log.info({ count: deliveries }, "deleted reminders' old delivery records")
    } catch (error) {
      deps.log.warn({ err: error }, 'unsent photo clean-up failed; the next one retries')
    }
  }, unsentPhotoIntervalMs)
}
