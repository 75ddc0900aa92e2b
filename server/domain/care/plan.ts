// The care plan (docs/product.md §10): one per cat, made from the quiz's answers the first time it
// is needed, changed by the owner, paused by the e-mail's one-click link.
import { CHECK_IN_PERIODS, DEFAULT_CHECK_IN_PERIOD, TRAINING_DAYS } from '../../../shared/options.ts'
import type { CarePlan, CarePlanUpdate } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'
import type { CarePlan as PlanRow } from '../../generated/prisma/client.ts'
import { noUnsubscribeTokenYet } from '../links/unsubscribe-token.ts'
import type { Tx } from '../row-lock.ts'
import { careCat } from './care-cat.ts'
import { type CheckInPeriod, nextCheckInAt } from './schedule.ts'

export const DEFAULT_REMINDER_TIME = '09:00'

export function toCarePlan(row: PlanRow): CarePlan {
  return {
    cat_id: row.catId,
    check_in_period: row.checkInPeriod as CarePlan['check_in_period'],
    training_days: row.trainingDays as CarePlan['training_days'],
    reminder_time: row.reminderTime,
    timezone: row.timezone,
    channels: { email: row.emailOn, push: row.pushOn },
    paused: row.paused,
    members_reminded: row.membersReminded,
    next_check_in_at: row.nextCheckInAt?.toISOString() ?? null,
  }
}

/** The next reminder of a plan as it is stored (null while paused). */
function nextOf(
  plan: Pick<PlanRow, 'checkInPeriod' | 'trainingDays' | 'reminderTime' | 'timezone' | 'paused'>,
  now: Date,
): Date | null {
  if (plan.paused) return null
  return nextCheckInAt({ ...plan, checkInPeriod: plan.checkInPeriod as CheckInPeriod }, now)
}

/** The cat's quiz answers as a plan's rhythm: an unknown period is the default, unknown days are dropped. */
async function quizRhythm(db: Tx, catId: number): Promise<{ checkInPeriod: string; trainingDays: string[] }> {
  const cat = await db.cat.findUniqueOrThrow({
    where: { id: catId },
    select: { checkInPeriod: true, trainingDays: true },
  })
  return {
    checkInPeriod: (CHECK_IN_PERIODS as readonly string[]).includes(cat.checkInPeriod)
      ? cat.checkInPeriod
      : DEFAULT_CHECK_IN_PERIOD,
    trainingDays: cat.trainingDays.filter((d) => (TRAINING_DAYS as readonly string[]).includes(d)),
  }
}

/**
 * The plan of the owner's cat, made on first use from the quiz's answers (its period and training days),
 * 09:00 in the owner's browser zone (UTC when none was ever sent), e-mail on, push off.
 */
export async function ensureCarePlan(
  db: Tx,
  userId: number,
  catId: number,
  now = new Date(),
): Promise<PlanRow> {
  const existing = await db.carePlan.findUnique({ where: { catId } })
  if (existing) return existing
  const [cat, user] = await Promise.all([
    quizRhythm(db, catId),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } }),
  ])
  const fields = {
    ...cat,
    reminderTime: DEFAULT_REMINDER_TIME,
    timezone: user.timeZone ?? 'UTC',
    paused: false,
  }
  // Two first calls at once: the unique cat_id keeps one row, and both answer it.
  await db.carePlan.createMany({
    data: [
      {
        ...fields,
        catId,
        userId,
        nextCheckInAt: nextOf(fields, now),
        unsubscribeToken: noUnsubscribeTokenYet(),
      },
    ],
    skipDuplicates: true,
  })
  return db.carePlan.findUniqueOrThrow({ where: { catId } })
}

export async function getCarePlan(db: Db, userId: number, catId?: number | null, now = new Date()) {
  const cat = await careCat(db, userId, catId, 'read')
  return toCarePlan(await ensureCarePlan(db, cat.ownerId, cat.id, now))
}

/** Changes the fields sent and recomputes the next reminder from now; paused, there is none. */
export async function updateCarePlan(db: Db, userId: number, change: CarePlanUpdate, now = new Date()) {
  const cat = await careCat(db, userId, change.cat_id, 'manage')
  const plan = await ensureCarePlan(db, cat.ownerId, cat.id, now)
  const next = {
    checkInPeriod: change.check_in_period ?? plan.checkInPeriod,
    trainingDays: change.training_days ?? plan.trainingDays,
    reminderTime: change.reminder_time ?? plan.reminderTime,
    timezone: change.timezone ?? plan.timezone,
    paused: change.paused ?? plan.paused,
  }
  // Resumed: the links of the e-mails sent before (an unsubscribe among them) stop working.
  const resumed = plan.paused && next.paused === false
  const row = await db.carePlan.update({
    where: { catId: cat.id },
    data: {
      ...next,
      ...(resumed
        ? { unsubscribeGeneration: { increment: 1 }, unsubscribeToken: noUnsubscribeTokenYet() }
        : {}),
      ...(change.timezone ? { timezoneChosen: true } : {}),
      emailOn: change.channels?.email ?? plan.emailOn,
      pushOn: change.channels?.push ?? plan.pushOn,
      membersReminded: change.members_reminded ?? plan.membersReminded,
      nextCheckInAt: nextOf(next, now),
    },
  })
  return toCarePlan(row)
}

/**
 * The cat's quiz answers given again (the wizard's update): the plan takes their rhythm and
 * days and its next check-in is recomputed from now; the owner's time, zone, channels and pause stay.
 */
export async function replanFromQuiz(db: Db, userId: number, catId: number, now = new Date()) {
  const plan = await ensureCarePlan(db, userId, catId, now)
  const rhythm = await quizRhythm(db, catId)
  const same =
    rhythm.checkInPeriod === plan.checkInPeriod &&
    JSON.stringify(rhythm.trainingDays) === JSON.stringify(plan.trainingDays)
  if (same) return toCarePlan(plan)
  const row = await db.carePlan.update({
    where: { catId },
    data: { ...rhythm, nextCheckInAt: nextOf({ ...plan, ...rhythm }, now) },
  })
  return toCarePlan(row)
}

/**
 * The browser's zone, sent at sign-in and when the quiz is done: kept on the owner, and taken by the
 * plans whose zone the owner never chose (their next reminder moves with it).
 */
export async function rememberOwnerTimeZone(db: Db, userId: number, timezone: string, now = new Date()) {
  await db.user.update({ where: { id: userId }, data: { timeZone: timezone } })
  const plans = await db.carePlan.findMany({ where: { userId, timezoneChosen: false, NOT: { timezone } } })
  for (const plan of plans) {
    await db.carePlan.update({
      where: { id: plan.id },
      data: { timezone, nextCheckInAt: nextOf({ ...plan, timezone }, now) },
    })
  }
}
