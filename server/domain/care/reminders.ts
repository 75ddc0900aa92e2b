// Sending one check-in reminder, once: the plan's next_check_in_at is advanced and the check-in row made
// in one transaction (a compare-and-set on the due time), and a short lease on the row decides which
// worker sends it, so a duplicate job, a second instance or a restart never sends twice.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import type { Mailer } from '../../services/mail.ts'
import { CHECK_IN_OPEN_MS } from './check-ins.ts'
import { DAY_PLAN_COLUMNS, dayPlan } from './day-plan.ts'
import { checkInReminderMail } from './reminder-mail.ts'
import { type CheckInPeriod, isTrainingDay, isWeighInDay, nextCheckInAt, weekdayIn } from './schedule.ts'

/** What a reminder job carries: the cat and the due time it was scheduled for (ISO). */
export interface ReminderJob {
  catId: number
  dueAt: string
}

/** How long one worker holds the sending of a reminder; after a crash another may send it then. */
export const SENDING_LEASE_MS = 2 * 60_000

export interface ReminderDeps {
  db: Db
  mailer: Pick<Mailer, 'send'>
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** PUBLIC_URL (or this server): every link starts with it. */
  origin: string
  /** Push, when the owner opted in (push.ts); absent, only e-mail. */
  push?: (userId: number, payload: { title: string; body: string; url: string }) => Promise<void>
}

export type ReminderOutcome =
  | { sent: true; checkInId: number; next: Date | null }
  | { sent: false; reason: 'stale' | 'already-sent' | 'leased' | 'too-late'; next: Date | null }

/**
 * Takes the due time: when the plan still waits for `dueAt`, its next time moves on and the check-in row
 * is made, in one transaction. Answers the plan's next due time (to schedule) either way.
 */
async function claimDueTime(db: Db, job: ReminderJob, now: Date): Promise<Date | null> {
  const dueAt = new Date(job.dueAt)
  const plan = await db.carePlan.findUnique({ where: { catId: job.catId } })
  if (!plan) return null
  if (plan.paused || plan.nextCheckInAt?.getTime() !== dueAt.getTime()) return plan.nextCheckInAt
  const schedule = { ...plan, checkInPeriod: plan.checkInPeriod as CheckInPeriod }
  // A due time the server slept through entirely is not sent late: the plan moves on from now.
  const late = now.getTime() - dueAt.getTime() >= CHECK_IN_OPEN_MS
  const next = nextCheckInAt(schedule, late ? now : dueAt)
  const weekday = weekdayIn(dueAt, plan.timezone)
  await db.$transaction(async (tx) => {
    const { count } = await tx.carePlan.updateMany({
      where: { catId: job.catId, nextCheckInAt: dueAt, paused: false },
      data: { nextCheckInAt: next },
    })
    if (count === 0) return
    await tx.checkIn.createMany({
      data: [
        {
          catId: job.catId,
          dueAt,
          weighIn: isWeighInDay(schedule, weekday),
          status: late ? 'missed' : 'due',
        },
      ],
      skipDuplicates: true,
    })
  })
  return next
}

/** Sends the reminder of `job` unless it was sent, is being sent elsewhere, or the plan moved on. */
export async function sendCheckInReminder(deps: ReminderDeps, job: ReminderJob, now = new Date()) {
  const { db } = deps
  const next = await claimDueTime(db, job, now)
  const dueAt = new Date(job.dueAt)
  const row = await db.checkIn.findUnique({ where: { catId_dueAt: { catId: job.catId, dueAt } } })
  if (!row) return { sent: false, reason: 'stale', next } satisfies ReminderOutcome
  if (row.sentAt) return { sent: false, reason: 'already-sent', next } satisfies ReminderOutcome
  if (row.status !== 'due') return { sent: false, reason: 'too-late', next } satisfies ReminderOutcome
  const lease = await db.checkIn.updateMany({
    where: { id: row.id, sentAt: null, OR: [{ sendingUntil: null }, { sendingUntil: { lt: now } }] },
    data: { sendingUntil: new Date(now.getTime() + SENDING_LEASE_MS) },
  })
  if (lease.count === 0) return { sent: false, reason: 'leased', next } satisfies ReminderOutcome

  const [plan, cat] = await Promise.all([
    db.carePlan.findUniqueOrThrow({ where: { catId: job.catId } }),
    db.cat.findUniqueOrThrow({
      where: { id: job.catId },
      select: {
        ...DAY_PLAN_COLUMNS,
        user: { select: { id: true, email: true, firstName: true } },
      },
    }),
  ])
  const day = dayPlan(cat, {
    trainingDay: isTrainingDay(plan.trainingDays, weekdayIn(dueAt, plan.timezone)),
    weighIn: row.weighIn,
  })
  try {
    if (plan.emailOn && cat.user) {
      await deps.mailer.send(
        checkInReminderMail({
          to: cat.user.email,
          ownerName: cat.user.firstName,
          plan: day,
          origin: deps.origin,
          checkInId: row.id,
          unsubscribeToken: plan.unsubscribeToken,
        }),
      )
    }
    if (plan.pushOn && cat.user && deps.push) {
      await deps.push(cat.user.id, {
        title: `${day.catName}'s check-in`,
        body: day.lines[0] ?? '',
        url: `${deps.origin}/cat-assistant?check_in=${row.id}`,
      })
    }
  } catch (error) {
    // Free the lease at once: the queue's retry (with backoff) may send it again.
    await db.checkIn.update({ where: { id: row.id }, data: { sendingUntil: null } })
    throw error
  }
  await db.checkIn.update({ where: { id: row.id }, data: { sentAt: new Date(), sendingUntil: null } })
  return { sent: true, checkInId: row.id, next } satisfies ReminderOutcome
}

/** The last retry failed too (a bouncing address, a mail server that stays down): the check-in is missed. */
export async function giveUpCheckIn(db: Db, job: ReminderJob) {
  await db.checkIn.updateMany({
    where: { catId: job.catId, dueAt: new Date(job.dueAt), sentAt: null, status: 'due' },
    data: { status: 'missed', sendingUntil: null },
  })
}

/**
 * The plans due by `horizon`, earliest first, a page at a time after `after`: a range on the
 * next_check_in_at index, so its cost follows the number due, not the number of owners.
 */
export async function duePlans(
  db: Db,
  horizon: Date,
  limit: number,
  after?: ReminderJob,
): Promise<ReminderJob[]> {
  const from = after ? new Date(after.dueAt) : null
  const rows = await db.carePlan.findMany({
    where: {
      nextCheckInAt: { lte: horizon, ...(from ? { gte: from } : {}) },
      ...(from && after ? { OR: [{ nextCheckInAt: { gt: from } }, { catId: { gt: after.catId } }] } : {}),
    },
    orderBy: [{ nextCheckInAt: 'asc' }, { catId: 'asc' }],
    select: { catId: true, nextCheckInAt: true },
    take: limit,
  })
  return rows.map((r) => ({ catId: r.catId, dueAt: r.nextCheckInAt!.toISOString() }))
}
