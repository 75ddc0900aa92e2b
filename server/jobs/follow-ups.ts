// Follow-ups after an urgent answer on pg-boss (docs/follow-ups.md): a sweep every few seconds queues the
// follow-ups due soon, one job per follow-up (singleton key), started at its due time; the job sends it
// once (server/domain/follow-ups/deliver.ts claims the row), so two instances or a restart never send twice.
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { dueFollowUps, type FollowUpDeps, sendFollowUp } from '../domain/follow-ups/deliver.ts'
import { CARE_WORKER_DEFAULTS, type CareWorkerOptions } from './care-reminders.ts'
import { startPeriodic } from './periodic.ts'

export const FOLLOW_UP_QUEUE = 'care-follow-up'
const SWEEP_BATCH = 1000

interface FollowUpJob {
  id: number
}

export async function startFollowUpWorker(
  boss: PgBoss,
  deps: FollowUpDeps & { log: FastifyBaseLogger },
  options: CareWorkerOptions = {},
) {
  const o = { ...CARE_WORKER_DEFAULTS, ...options }
  if (!(await boss.getQueue(FOLLOW_UP_QUEUE))) {
    await boss
      .createQueue(FOLLOW_UP_QUEUE, {
        name: FOLLOW_UP_QUEUE,
        policy: 'short',
        retryLimit: o.retryLimit,
        retryDelay: o.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: o.expireInSeconds,
      })
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(FOLLOW_UP_QUEUE))) throw error
      })
  }

  await boss.work<FollowUpJob>(
    FOLLOW_UP_QUEUE,
    { batchSize: o.batchSize, pollingIntervalSeconds: o.pollingIntervalSeconds },
    async (jobs) => {
      for (const job of jobs) await sendFollowUp(deps, job.data.id)
    },
  )

  const sweep = async () => {
    try {
      const due = await dueFollowUps(deps.db, new Date(Date.now() + o.sweepAheadMs), SWEEP_BATCH)
      if (due.length > 0) {
        await boss.insert(
          due.map((f) => ({
            name: FOLLOW_UP_QUEUE,
            data: { id: f.id },
            startAfter: f.dueAt,
            singletonKey: `follow-up:${f.id}:${f.dueAt.toISOString()}`,
          })),
        )
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'follow-up sweep failed; the next one retries')
    }
  }
  return startPeriodic(sweep, o.sweepIntervalMs)
}
