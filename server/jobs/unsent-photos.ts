// Photos uploaded in the chat and never sent are deleted a day after their upload
// (server/domain/chat/attachments.ts). Every instance runs the clean-up once an hour: it is one indexed
// DELETE that finds nothing when another instance has just run it, so no queue or lock is needed.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db.ts'
import { deleteUnsentAttachments } from '../domain/chat/attachments.ts'

export interface UnsentPhotoOptions {
  /** How often the clean-up runs. */
  unsentPhotoIntervalMs?: number
}

export function startUnsentPhotoCleanup(
  deps: { db: Db; log: FastifyBaseLogger },
  { unsentPhotoIntervalMs = 3_600_000 }: UnsentPhotoOptions = {},
) {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= deleteUnsentAttachments(deps.db)
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'deleted chat photos never sent')
      })
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'unsent photo clean-up failed; the next one retries'),
      )
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(() => void run(), unsentPhotoIntervalMs)
  timer.unref()
  // Also once at start, in the background: instances restarted more often than hourly still run it.
  void run()
  return {
    run,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
