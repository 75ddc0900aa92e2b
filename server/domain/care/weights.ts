// The weight log: one row per weighing, in the unit the owner used (docs/product.md §10).

import { ERRORS } from '../../../shared/errors.ts'
import type { WeightUnit } from '../../../shared/rules/weight.ts'
import { convertWeight } from '../../../shared/rules/weight-log.ts'
import type { WeightEntry } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { rowCat } from '../household/access.ts'
import { requireRoom } from '../quotas.ts'

export type WeightSource = 'progress' | 'check_in' | 'chat'

/** How long a weight from the chat counts as the same weighing when it is sent again. */
const SAME_CHAT_WEIGHING_MS = 10 * 60_000

const COLUMNS = { id: true, weight: true, unit: true, measuredAt: true } as const

function toEntry(row: { id: number; weight: number; unit: string; measuredAt: Date }): WeightEntry {
  return {
    id: row.id,
    weight: row.weight,
    unit: row.unit as WeightUnit,
    measured_at: row.measuredAt.toISOString(),
  }
}

/**
 * Logs a weight of a cat the caller has already checked is the owner's. A date in the future is refused
 * (a weighing has happened); none means now.
 */
export async function recordWeight(
  db: Db,
  catId: number,
  entry: { weight: number; unit: WeightUnit; measuredAt?: Date; source: WeightSource },
  now: Date = new Date(),
): Promise<WeightEntry> {
  const measuredAt = entry.measuredAt ?? now
  if (measuredAt.getTime() > now.getTime() + 60_000) {
    throw appError('INVALID_INPUT', { message: 'measured_at must not be in the future' })
  }
  if (entry.source === 'chat') {
    // One weighing written in the chat can reach the log twice: its check-in answered from the message,
    // then the thread's "Log it" for the same message. The same value from the chat within a few minutes
    // is that one weighing.
    const same = await db.weightEntry.findFirst({
      where: {
        catId,
        source: 'chat',
        weight: entry.weight,
        unit: entry.unit,
        createdAt: { gte: new Date(now.getTime() - SAME_CHAT_WEIGHING_MS) },
      },
      select: COLUMNS,
    })
    if (same) return toEntry(same)
  }
  const cat = await db.cat.findUnique({ where: { id: catId }, select: { userId: true } })
  if (cat?.userId) await requireRoom(db, cat.userId, 'weightsPerCat', { catId })
  const row = await db.weightEntry.create({
    data: { catId, weight: entry.weight, unit: entry.unit, measuredAt, source: entry.source },
    select: COLUMNS,
  })
  await followNewestWeighing(db, catId, row)
  return toEntry(row)
}

/**
 * The profile's weight is the newest weighing, in the unit the owner used for it: every weight form and
 * the check-in then default to that unit. The target weight is stored in the profile's unit, so it is
 * converted along (8 lb stays 8 lb when the unit becomes kg). An older weighing logged late changes nothing.
 */
async function followNewestWeighing(
  db: Db,
  catId: number,
  row: { id: number; weight: number; unit: string; measuredAt: Date },
): Promise<void> {
  const newer = await db.weightEntry.findFirst({
    where: { catId, id: { not: row.id }, measuredAt: { gt: row.measuredAt } },
    select: { id: true },
  })
  if (newer) return
  const cat = await db.cat.findUnique({
    where: { id: catId },
    select: { weightUnit: true, targetWeight: true },
  })
  if (!cat) return
  const unit = row.unit as WeightUnit
  const from: WeightUnit = cat.weightUnit?.toLowerCase() === 'kg' ? 'Kg' : 'Lbs'
  await db.cat.update({
    where: { id: catId },
    data: {
      weight: row.weight,
      weightUnit: unit,
      ...(cat.targetWeight ? { targetWeight: convertWeight(cat.targetWeight, from, unit) } : {}),
    },
  })
}

/** The cat's log, oldest first: one statement whatever its length. */
export async function listWeights(db: Db, catId: number): Promise<WeightEntry[]> {
  const rows = await db.weightEntry.findMany({
    where: { catId },
    orderBy: [{ measuredAt: 'asc' }, { id: 'asc' }],
    select: COLUMNS,
  })
  return rows.map(toEntry)
}

/** Entries a page of the log holds unless the caller asks for fewer (at most WEIGHTS_PAGE_MAX). */
export const WEIGHTS_PAGE = 500
export const WEIGHTS_PAGE_MAX = 1_000

/**
 * One page of the cat's log, oldest first: the entries after the entry `after` (none: from the start), at
 * most `limit`. A client reads on with the last id it got until a page comes back short.
 */
export async function listWeightsPage(
  db: Db,
  catId: number,
  page: { after?: number | undefined; limit?: number | undefined } = {},
): Promise<WeightEntry[]> {
  const take = Math.min(page.limit ?? WEIGHTS_PAGE, WEIGHTS_PAGE_MAX)
  const from = page.after
    ? await db.weightEntry.findFirst({
        where: { id: page.after, catId },
        select: { id: true, measuredAt: true },
      })
    : null
  if (page.after && !from) throw appError('NOT_FOUND', { message: ERRORS.weightNotFound })
  const rows = await db.weightEntry.findMany({
    where: {
      catId,
      ...(from
        ? {
            OR: [
              { measuredAt: { gt: from.measuredAt } },
              { measuredAt: from.measuredAt, id: { gt: from.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ measuredAt: 'asc' }, { id: 'asc' }],
    take,
    select: COLUMNS,
  })
  return rows.map(toEntry)
}

/** Deletes one entry of one of the owner's cats; anyone else's (or a missing one) is a 404. */
export async function deleteWeight(db: Db, userId: number, id: number): Promise<void> {
  const notFound = () => appError('NOT_FOUND', { message: ERRORS.weightNotFound })
  const row = await db.weightEntry.findUnique({ where: { id }, select: { catId: true } })
  await rowCat(db, userId, row?.catId, 'manage', notFound)
  const { count } = await db.weightEntry.deleteMany({ where: { id } })
  if (count === 0) throw notFound()
}
