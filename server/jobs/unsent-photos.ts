// Photos uploaded in the chat and never sent are deleted a day after their upload
// (server/domain/chat/attachments.ts). Every instance runs the clean-up at start and once an hour: it is
// one indexed DELETE that finds nothing when another instance has just run it, so no queue or lock.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db.ts'
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
    } catch (error) {
      deps.log.warn({ err: error }, 'unsent photo clean-up failed; the next one retries')
    }
  }, unsentPhotoIntervalMs)
}
