// Sending one check-in reminder, once: the plan's next_check_in_at is advanced and the check-in row made
// in one statement (a compare-and-set on the due time) that also takes the row's short sending lease; a
// retry or a duplicate job takes the lease of the row it finds. So a duplicate job, a second instance or
// a restart never sends twice. E-mail and push are recorded apart (email_sent_at, push_sent_at): a retry
// after a failed push never mails the e-mail again, and the plan's pause and channels are read before
// each send, so a retry after a one-click unsubscribe sends nothing.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import type { Mailer } from '../../services/mail.ts'
import type { PushPayload } from '../../services/push.ts'
import { heldLevel } from '../chat/escalations.ts'
import { remindedMembers } from '../household/reminded-members.ts'
import { hashUnsubscribeToken, unsubscribeToken } from '../links/unsubscribe-token.ts'
import { CHECK_IN_OPEN_MS } from './check-ins.ts'
import { DAY_PLAN_COLUMNS, type DayPlanCat, dayPlan } from './day-plan.ts'
import { type Delivery, deliverOnce, emailRecipient, pushRecipient } from './reminder-deliveries.ts'
import { checkInLink, checkInReminderKey, checkInReminderMail } from './reminder-mail.ts'
import {
  type CheckInPeriod,
  isTrainingDay,
  isWeighInDay,
  nextCheckInAt,
  type Schedule,
  weekdayIn,
} from './schedule.ts'

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
  push?: (userId: number, payload: PushPayload) => Promise<void>
  /** The unsubscribe links' key (unsubscribe-token.ts: unsubscribeKey). */
  unsubscribeKey: Buffer
}

export type ReminderOutcome =
  | { sent: true; checkInId: number; next: Date | null }
  | { sent: false; reason: 'stale' | 'already-sent' | 'leased' | 'too-late' | 'paused'; next: Date | null }

/** The plan with what its reminder needs of the cat (DAY_PLAN_COLUMNS) and its owner. */
interface ReminderPlan extends Omit<Schedule, 'checkInPeriod'> {
  catId: number
  checkInPeriod: string
  emailOn: boolean
  pushOn: boolean
  paused: boolean
  membersReminded: boolean
  nextCheckInAt: Date | null
  unsubscribeToken: string
  unsubscribeGeneration: number
  cat: DayPlanCat & { user: { id: number; email: string; firstName: string } | null }
}

type ReminderPlanRow = Omit<ReminderPlan, 'cat'> &
  DayPlanCat & { userId: number | null; email: string | null; firstName: string | null }

/** DAY_PLAN_COLUMNS as SQL (their columns are the fields in snake case), so the two lists are one. */
const CAT_COLUMNS = Prisma.raw(
  Object.keys(DAY_PLAN_COLUMNS)
    .map((field) => `c.${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)} AS "${field}"`)
    .join(', '),
)

/**
 * The plan, its cat and the cat's owner in ONE statement: Prisma's include reads them in three, and
 * 10,000 reminders in a minute spend much of their time on round trips to the database.
 */
async function readReminderPlan(db: Db, catId: number): Promise<ReminderPlan | null> {
  const rows = await db.$queryRaw<ReminderPlanRow[]>`
    SELECT p.cat_id AS "catId", p.check_in_period AS "checkInPeriod", p.training_days AS "trainingDays",
           p.reminder_time AS "reminderTime", p.timezone, p.email_on AS "emailOn", p.push_on AS "pushOn",
           p.paused, p.members_reminded AS "membersReminded", p.next_check_in_at AS "nextCheckInAt", p.unsubscribe_token AS "unsubscribeToken",
           p.unsubscribe_generation AS "unsubscribeGeneration",
           ${CAT_COLUMNS}, u.id AS "userId", u.email, u.first_name AS "firstName"
    FROM care_plans p
    JOIN cats c ON c.id = p.cat_id
    LEFT JOIN users u ON u.id = c.user_id
    WHERE p.cat_id = ${catId}`
  const row = rows[0]
  if (!row) return null
  const { userId, email, firstName, ...plan } = row
  // The cat's fields are DAY_PLAN_COLUMNS; the plan keeps them too (they are unused there).
  const cat = Object.fromEntries(
    Object.keys(DAY_PLAN_COLUMNS).map((field) => [field, row[field as keyof DayPlanCat]]),
  )
  const user = userId !== null ? { id: userId, email: email ?? '', firstName: firstName ?? '' } : null
  return { ...plan, cat: { ...(cat as unknown as DayPlanCat), user } }
}

/** The check-in whose sending lease this worker holds, and what of it was delivered already. */
interface LeasedCheckIn {
  id: number
  weighIn: boolean
  emailSentAt: Date | null
  pushSentAt: Date | null
}

type Claim =
  /** This worker took the due time: the check-in row is made and its sending lease is ours. */
  | { taken: true; next: Date | null; checkIn: LeasedCheckIn }
  /** The due time was taken before (a retry, a duplicate job) or the plan moved on: look at the row. */
  | { taken: false; next: Date | null; late?: true }

/**
 * Takes the due time: when the plan still waits for `dueAt`, its next time moves on and the check-in row
 * is made with this worker's sending lease, in ONE statement (a compare-and-set on the due time), so the
 * common path costs one round trip where a transaction, a read and a lease cost five.
 */
async function claimDueTime(db: Db, plan: ReminderPlan, dueAt: Date, now: Date): Promise<Claim> {
  if (plan.paused || plan.nextCheckInAt?.getTime() !== dueAt.getTime()) {
    return { taken: false, next: plan.nextCheckInAt }
  }
  const schedule = { ...plan, checkInPeriod: plan.checkInPeriod as CheckInPeriod }
  // A due time the server slept through entirely is not sent late: the plan moves on from now.
  const late = now.getTime() - dueAt.getTime() >= CHECK_IN_OPEN_MS
  const next = nextCheckInAt(schedule, late ? now : dueAt)
  const weighIn = isWeighInDay(schedule, weekdayIn(dueAt, plan.timezone))
  const lease = late ? null : new Date(now.getTime() + SENDING_LEASE_MS)
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    WITH claimed AS (
      UPDATE care_plans SET next_check_in_at = ${next}::timestamptz, updated_at = now()
      WHERE cat_id = ${plan.catId} AND next_check_in_at = ${dueAt}::timestamptz AND paused = false
      RETURNING cat_id)
    INSERT INTO check_ins (cat_id, due_at, weigh_in, status, sending_until)
    SELECT cat_id, ${dueAt}::timestamptz, ${weighIn}::boolean, ${late ? 'missed' : 'due'}::text,
           ${lease}::timestamptz
    FROM claimed
    ON CONFLICT (cat_id, due_at) DO NOTHING
    RETURNING id`
  const made = rows[0]
  if (!made) return { taken: false, next }
  return late
    ? { taken: false, next, late: true }
    : { taken: true, next, checkIn: { id: made.id, weighIn, emailSentAt: null, pushSentAt: null } }
}

/** A due time taken before: the row says whether it is still to send, and the lease who sends it. */
async function leaseExisting(db: Db, catId: number, dueAt: Date, now: Date) {
  const row = await db.checkIn.findUnique({ where: { catId_dueAt: { catId, dueAt } } })
  if (!row) return 'stale' as const
  if (row.sentAt) return 'already-sent' as const
  if (row.status !== 'due') return 'too-late' as const
  const lease = await db.checkIn.updateMany({
    where: { id: row.id, sentAt: null, OR: [{ sendingUntil: null }, { sendingUntil: { lt: now } }] },
    data: { sendingUntil: new Date(now.getTime() + SENDING_LEASE_MS) },
  })
  if (lease.count === 0) return 'leased' as const
  return { id: row.id, weighIn: row.weighIn, emailSentAt: row.emailSentAt, pushSentAt: row.pushSentAt }
}

/** The plan's pause and channels as they are now (an unsubscribe may have come since the plan was read). */
function channelsNow(db: Db, catId: number) {
  return db.carePlan.findUnique({ where: { catId }, select: { paused: true, emailOn: true, pushOn: true } })
}

/**
 * The plan's unsubscribe token for this e-mail; its hash is stored the first time a generation's token
 * goes out (a new plan, a resumed one), so only the hash is ever kept.
 */
async function unsubscribeTokenOf(deps: ReminderDeps, plan: ReminderPlan): Promise<string> {
  const token = unsubscribeToken(deps.unsubscribeKey, plan.catId, plan.unsubscribeGeneration)
  const hash = hashUnsubscribeToken(token)
  if (plan.unsubscribeToken !== hash) {
    await deps.db.carePlan.updateMany({
      where: { catId: plan.catId, unsubscribeGeneration: plan.unsubscribeGeneration },
      data: { unsubscribeToken: hash },
    })
  }
  return token
}

/** Sends the reminder of `job` unless it was sent, is being sent elsewhere, or the plan moved on. */
export async function sendCheckInReminder(
  deps: ReminderDeps,
  job: ReminderJob,
  now = new Date(),
): Promise<ReminderOutcome> {
  const { db } = deps
  const dueAt = new Date(job.dueAt)
  const plan = await readReminderPlan(db, job.catId)
  if (!plan) return { sent: false, reason: 'stale', next: null }
  const claim = await claimDueTime(db, plan, dueAt, now)
  if (!claim.taken && claim.late) return { sent: false, reason: 'too-late', next: claim.next }
  const checkIn = claim.taken ? claim.checkIn : await leaseExisting(db, job.catId, dueAt, now)
  if (typeof checkIn === 'string') return { sent: false, reason: checkIn, next: claim.next }

  const { cat } = plan
  const day = dayPlan(cat, {
    trainingDay: isTrainingDay(plan.trainingDays, weekdayIn(dueAt, plan.timezone)),
    weighIn: checkIn.weighIn,
    // While the cat's escalation is open, no play or training (docs/product.md §4).
    vetFirst: (await heldLevel(db, job.catId)) !== 'routine',
  })
  const release = () => db.checkIn.update({ where: { id: checkIn.id }, data: { sendingUntil: null } })
  const delivered: { emailSentAt?: Date; pushSentAt?: Date } = {}
  const finish = () =>
    // updateMany: nothing to read back (update would select the whole row again).
    db.checkIn.updateMany({
      where: { id: checkIn.id },
      data: { ...delivered, sentAt: new Date(), sendingUntil: null },
    })
  try {
    // A due time claimed just now was claimed from an unpaused plan in the same statement; a retry reads
    // the plan again (an unsubscribe may have come in between).
    let channels = claim.taken
      ? { paused: false, emailOn: plan.emailOn, pushOn: plan.pushOn }
      : await channelsNow(db, job.catId)
    if (!channels || channels.paused) {
      await release()
      return { sent: false, reason: 'paused', next: claim.next }
    }
    const pushWanted = () => Boolean(channels?.pushOn && cat.user && deps.push && !checkIn.pushSentAt)
    // The household's copies (docs/household.md, "Reminders") go inside this claim with the owner's,
    // whatever the owner's own e-mail choice; they carry no unsubscribe link. Each recipient is sent once
    // across retries (reminder-deliveries.ts), so a copy that bounces does not send the others again.
    const members =
      plan.membersReminded && cat.user && (!checkIn.emailSentAt || pushWanted())
        ? await remindedMembers(db, cat.user.id, plan.catId, cat.user.email, now)
        : []
    const recorded = plan.membersReminded
    const key = checkInReminderKey({ id: checkIn.id, dueAt })
    const owner = cat.user
    const ownerMailed = channels.emailOn && owner && !checkIn.emailSentAt
    const mailsDue = !checkIn.emailSentAt && owner && (ownerMailed || members.length > 0)
    if (owner && mailsDue) {
      const mail = { plan: day, origin: deps.origin, checkInId: checkIn.id, dueAt }
      const mails: Delivery[] = members.map((member) => ({
        recipient: emailRecipient(member.email),
        send: () =>
          deps.mailer.send(checkInReminderMail({ ...mail, to: member.email, ownerName: member.firstName })),
      }))
      if (ownerMailed) {
        mails.unshift({
          recipient: emailRecipient(owner.email),
          send: async () =>
            deps.mailer.send(
              checkInReminderMail({
                ...mail,
                to: owner.email,
                ownerName: owner.firstName,
                unsubscribeToken: await unsubscribeTokenOf(deps, plan),
              }),
            ),
        })
      }
      await deliverOnce(db, key, mails, recorded)
      delivered.emailSentAt = new Date()
      if (pushWanted()) {
        // Recorded before the push: a failed push's retry must not mail it again.
        await db.checkIn.updateMany({
          where: { id: checkIn.id },
          data: { emailSentAt: delivered.emailSentAt },
        })
        channels = await channelsNow(db, job.catId)
        if (!channels || channels.paused) {
          await finish()
          return { sent: true, checkInId: checkIn.id, next: claim.next }
        }
      }
    }
    const push = deps.push
    if (pushWanted() && owner && push) {
      const payload = {
        title: `${day.catName}'s check-in`,
        body: day.lines[0] ?? '',
        tag: key,
      }
      // Members reach the cat from Care (a sitter has no chat); the owner answers in the chat.
      const pushes: Delivery[] = [
        {
          recipient: pushRecipient(owner.id),
          send: () => push(owner.id, { ...payload, url: checkInLink(deps.origin, checkIn.id) }),
        },
        ...members.map((member) => ({
          recipient: pushRecipient(member.id),
          send: () => push(member.id, { ...payload, url: `${deps.origin}/care` }),
        })),
      ]
      await deliverOnce(db, key, pushes, recorded)
      delivered.pushSentAt = new Date()
    }
  } catch (error) {
    // Free the lease at once: the queue's retry (with backoff) sends what was not delivered.
    await release()
    throw error
  }
  await finish()
  return { sent: true, checkInId: checkIn.id, next: claim.next }
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
