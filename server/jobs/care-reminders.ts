// The check-in reminders on pg-boss: one job per cat and due time (singleton key `cat:due`), which sends
// the reminder (server/domain/care/reminders.ts) and queues the cat's next one with `startAfter`. A sweep
// every few seconds queues what is due soon and was not queued (a new or changed plan), and marks the
// check-ins nobody answered within 24 h as missed. A failing send is retried with backoff, then missed.
import type { FastifyBaseLogger } from 'fastify'
import pMap from 'p-map'
import type PgBoss from 'pg-boss'
import { markMissedCheckIns } from '../domain/care/check-ins.ts'
import {
  duePlans,
  giveUpCheckIn,
  type ReminderDeps,
  type ReminderJob,
  sendCheckInReminder,
} from '../domain/care/reminders.ts'
import { startPeriodic } from './periodic.ts'

export const REMINDER_QUEUE = 'care-reminder'

export interface CareWorkerOptions {
  /** Jobs fetched at once by each of `loops` fetch loops. */
  batchSize?: number
  loops?: number
  /**
   * Reminders of one batch being sent at once: 32 (over 32 SMTP connections) meets 10,000 a minute where 8
   * took 83 s. An instance killed with more in flight repeats more of them (a send the relay took whose sent
   * mark had not been written), but a repeat is the same message (the check-in's Message-ID).
   */
  concurrency?: number
  pollingIntervalSeconds?: number
  /** How often the sweep runs, and how far ahead it queues. */
  sweepIntervalMs?: number
  sweepAheadMs?: number
  retryLimit?: number
  /** Seconds before the first retry; doubled each time (pg-boss's backoff). */
  retryDelaySeconds?: number
  /** A job still active this long after it started (its instance died) is retried elsewhere. */
  expireInSeconds?: number
}

export const CARE_WORKER_DEFAULTS: Required<CareWorkerOptions> = {
  // 10,000 owners due in one minute: pg-boss waits out the polling interval after a quick
  // batch, so each loop sends at most batchSize / interval a second (2 × 100 / 0.5 s = 400/s).
  batchSize: 100,
  loops: 2,
  concurrency: 32,
  pollingIntervalSeconds: 0.5,
  sweepIntervalMs: 15_000,
  sweepAheadMs: 60_000,
  retryLimit: 4,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
}

const SWEEP_BATCH = 2000

export function reminderJobRequest(job: ReminderJob) {
  return {
    name: REMINDER_QUEUE,
    data: job,
    startAfter: job.dueAt,
    singletonKey: `${job.catId}:${job.dueAt}`,
  }
}

export async function startCareWorker(
  boss: PgBoss,
  deps: ReminderDeps & { log: FastifyBaseLogger },
  options: CareWorkerOptions = {},
) {
  const o = { ...CARE_WORKER_DEFAULTS, ...options }
  if (!(await boss.getQueue(REMINDER_QUEUE))) {
    // 'short': one waiting job per singleton key, however often it is queued (two instances, the sweep).
    await boss
      .createQueue(REMINDER_QUEUE, {
        name: REMINDER_QUEUE,
        policy: 'short',
        retryLimit: o.retryLimit,
        retryDelay: o.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: o.expireInSeconds,
      })
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(REMINDER_QUEUE))) throw error
      })
  }

  const enqueue = async (jobs: ReminderJob[]) => {
    if (jobs.length > 0) await boss.insert(jobs.map(reminderJobRequest))
  }

  /** Sends one reminder; answers the cat's next reminder to queue, if any. */
  const handle = async (job: PgBoss.JobWithMetadata<ReminderJob>): Promise<ReminderJob | null> => {
    try {
      const outcome = await sendCheckInReminder(deps, job.data)
      return outcome.next ? { catId: job.data.catId, dueAt: outcome.next.toISOString() } : null
    } catch (error) {
      const last = job.retryCount >= job.retryLimit
      deps.log.warn(
        { err: error, catId: job.data.catId, dueAt: job.data.dueAt, attempt: job.retryCount + 1, last },
        last
          ? 'check-in reminder failed for good: the check-in is missed'
          : 'check-in reminder failed; retrying',
      )
      if (last) await giveUpCheckIn(deps.db, job.data)
      else await boss.fail(REMINDER_QUEUE, job.id, { message: String(error) })
      return null
    }
  }

  // Several fetch loops, so one slow send does not hold up the batches behind it.
  for (let i = 0; i < o.loops; i++) {
    await boss.work<ReminderJob>(
      REMINDER_QUEUE,
      { batchSize: o.batchSize, pollingIntervalSeconds: o.pollingIntervalSeconds, includeMetadata: true },
      async (jobs) => {
        // Each job on its own: a failed one is marked for retry above, the others complete. The next
        // reminders go in one insert; should it fail, the batch is retried and every reminder in it is
        // found already sent, so only the queueing is repeated.
        const next = await pMap(jobs, handle, { concurrency: o.concurrency })
        await enqueue(next.filter((job) => job !== null))
      },
    )
  }

  const sweep = async () => {
    try {
      const horizon = new Date(Date.now() + o.sweepAheadMs)
      // Page by page, so a minute with many owners due is queued whole.
      for (let after: ReminderJob | undefined; ; ) {
        const due = await duePlans(deps.db, horizon, SWEEP_BATCH, after)
        await enqueue(due)
        if (due.length < SWEEP_BATCH) break
        after = due.at(-1)
      }
      await markMissedCheckIns(deps.db)
    } catch (error) {
      deps.log.warn({ err: error }, 'check-in sweep failed; the next one retries')
    }
  }
  // The first sweep runs in the background: a minute with thousands due must not hold up start-up.
  const sweeps = startPeriodic(sweep, o.sweepIntervalMs)

  return {
    /** Runs the sweep now (tests, after moving time in the database). */
    sweep: sweeps.run,
    stop: sweeps.stop,
  }
}
