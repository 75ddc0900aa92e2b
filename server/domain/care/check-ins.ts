// Check-ins (docs/product.md §10): one row per cat and due time, made when its reminder goes out;
// `done` when the owner answers, `missed` when 24 hours pass without an answer.
import type { WeightUnit } from '../../../shared/rules/weight.ts'
import type { CheckIn } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { CheckIn as CheckInRow } from '../../generated/prisma/client.ts'
import { type CareAction, rowCat } from '../household/access.ts'
import { logActivity } from '../household/activity.ts'
import { careCat } from './care-cat.ts'
import { recordWeight, type WeightSource } from './weights.ts'

/** How long a check-in stays open for an answer. */
export const CHECK_IN_OPEN_MS = 24 * 60 * 60 * 1000

/** The status as of `now`: a `due` row older than 24 hours is missed even before the sweep writes it. */
function statusAt(row: CheckInRow, now: Date): CheckIn['status'] {
  if (row.status === 'due' && row.dueAt.getTime() + CHECK_IN_OPEN_MS <= now.getTime()) return 'missed'
  return row.status as CheckIn['status']
}

export function toCheckIn(row: CheckInRow, now = new Date()): CheckIn {
  return {
    id: row.id,
    due_at: row.dueAt.toISOString(),
    status: statusAt(row, now),
    weigh_in: row.weighIn,
    answered_at: row.answeredAt?.toISOString() ?? null,
    weight: row.weight,
    unit: row.unit as WeightUnit | null,
    note: row.note,
  }
}

/** Writes `missed` on every unanswered check-in older than 24 hours (an index range on status, due_at). */
export async function markMissedCheckIns(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.checkIn.updateMany({
    where: { status: 'due', dueAt: { lte: new Date(now.getTime() - CHECK_IN_OPEN_MS) } },
    data: { status: 'missed' },
  })
  return count
}

/** The cat's check-ins, newest first. */
export async function listCheckIns(db: Db, userId: number, catId?: number | null, now = new Date()) {
  const cat = await careCat(db, userId, catId, 'read')
  const rows = await db.checkIn.findMany({ where: { catId: cat.id }, orderBy: { dueAt: 'desc' }, take: 200 })
  return rows.map((row) => toCheckIn(row, now))
}

/**
 * A check-in of a cat the user may do `action` on (their own or a shared one, server/domain/household);
 * anyone else's, or a missing one, is a 404.
 */
export async function ownedCheckIn(
  db: Db,
  userId: number,
  id: number,
  action: CareAction = 'read',
): Promise<CheckInRow> {
  const row = await db.checkIn.findUnique({ where: { id } })
  await rowCat(db, userId, row?.catId, action, () => appError('NOT_FOUND'))
  return row!
}

/**
 * Answers an open check-in: it becomes `done`, and a weight also lands in the weight log. A check-in
 * already answered, or missed, is closed (409).
 */
export async function answerCheckIn(
  db: Db,
  userId: number,
  answer: {
    id: number
    weight?: number | undefined
    unit?: WeightUnit | undefined
    note?: string | undefined
  },
  source: WeightSource = 'check_in',
  now = new Date(),
): Promise<CheckIn> {
  const row = await ownedCheckIn(db, userId, answer.id, 'log')
  if (statusAt(row, now) !== 'due') throw appError('CHECK_IN_CLOSED')
  const weighed = answer.weight !== undefined && answer.unit !== undefined
  return db.$transaction(async (tx) => {
    // Only an open row is answered: two answers at once make one done check-in and one 409.
    const { count } = await tx.checkIn.updateMany({
      where: { id: row.id, status: 'due' },
      data: {
        status: 'done',
        answeredAt: now,
        weight: weighed ? answer.weight! : null,
        unit: weighed ? answer.unit! : null,
        note: answer.note || null,
      },
    })
    if (count === 0) throw appError('CHECK_IN_CLOSED')
    if (weighed) {
      await recordWeight(tx as Db, row.catId, { weight: answer.weight!, unit: answer.unit!, source }, now)
    }
    await logActivity(tx as Db, {
      catId: row.catId,
      authorId: userId,
      kind: 'check_in_answered',
      summary: weighed ? `Answered the check-in: ${answer.weight} ${answer.unit}` : 'Answered the check-in',
      at: now,
    })
    return toCheckIn(await tx.checkIn.findUniqueOrThrow({ where: { id: row.id } }), now)
  })
}
