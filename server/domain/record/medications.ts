// The cat's medications (docs/product.md §11): add, list (with the doses logged and the doses
// missed), edit, log a dose (by whom), delete. A reminder goes at each dose time in the plan's zone until
// end_on (medication-reminders.ts); deleting the medication stops them.

import type { MedicationInput, MedicationUpdateInput } from '../../../shared/schemas/medications.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { careCat } from '../care/care-cat.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { type CareAction, rowCat } from '../household/access.ts'
import { logActivity } from '../household/activity.ts'
import { withRoom } from '../quotas.ts'
import { type DoseSchedule, doseTimesBetween, nextDoseAt } from './dose-times.ts'
import { dateIn } from './local-time.ts'

/** A dose logged this close to a dose time counts for it; past it with none, the dose is missed. */
export const DOSE_WINDOW_MS = 2 * 3600_000
/** How far back the list looks for missed doses. */
const MISSED_LOOKBACK_MS = 7 * 86_400_000
const DOSES_LISTED = 50

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null)
const dateColumn = (date: string) => new Date(`${date}T00:00:00Z`)

interface MedicationRow {
  id: number
  catId: number
  name: string
  dose: string
  times: string[]
  startOn: Date
  endOn: Date | null
  notes: string | null
  nextDoseAt: Date | null
  createdAt: Date
  doses: Array<{ givenAt: Date; by: string }>
}

export function doseSchedule(row: Pick<MedicationRow, 'times' | 'startOn' | 'endOn'>, timezone: string) {
  return {
    times: row.times,
    startOn: day(row.startOn)!,
    endOn: day(row.endOn),
    timezone,
  } satisfies DoseSchedule
}

/** Dose times of the last week, since the medication was added, with no dose logged near them. */
export function missedDoses(row: MedicationRow, timezone: string, now: Date): Date[] {
  const from = new Date(Math.max(now.getTime() - MISSED_LOOKBACK_MS, row.createdAt.getTime()))
  const to = new Date(now.getTime() - DOSE_WINDOW_MS)
  if (to <= from) return []
  return doseTimesBetween(doseSchedule(row, timezone), from, to)
    .filter((at) => !row.doses.some((d) => Math.abs(d.givenAt.getTime() - at.getTime()) <= DOSE_WINDOW_MS))
    .reverse()
}

function toMedication(row: MedicationRow, timezone: string, now: Date) {
  return {
    id: row.id,
    cat_id: row.catId,
    name: row.name,
    dose: row.dose,
    times: row.times,
    start_on: day(row.startOn)!,
    end_on: day(row.endOn),
    notes: row.notes,
    next_dose_at: row.nextDoseAt?.toISOString() ?? null,
    doses: row.doses.slice(0, DOSES_LISTED).map((d) => ({ given_at: d.givenAt.toISOString(), by: d.by })),
    missed_doses: missedDoses(row, timezone, now).map((at) => ({ due_at: at.toISOString() })),
  }
}

const withDoses = { doses: { orderBy: { givenAt: 'desc' as const }, select: { givenAt: true, by: true } } }

export async function addMedication(db: Db, userId: number, input: MedicationInput, now = new Date()) {
  const cat = await careCat(db, userId, input.cat_id, 'manage')
  const plan = await ensureCarePlan(db, cat.ownerId, cat.id, now)
  const startOn = input.start_on ?? dateIn(now, plan.timezone)
  if (input.end_on && input.end_on < startOn)
    throw appError('INVALID_INPUT', { message: 'end_on must not be before start_on' })
  const times = [...input.times].sort()
  const row = await withRoom(db, cat.ownerId, 'medications', {}, (tx) =>
    tx.medication.create({
      data: {
        catId: cat.id,
        name: input.name,
        dose: input.dose,
        times,
        startOn: dateColumn(startOn),
        endOn: input.end_on ? dateColumn(input.end_on) : null,
        notes: input.notes || null,
        nextDoseAt: nextDoseAt({ times, startOn, endOn: input.end_on ?? null, timezone: plan.timezone }, now),
      },
      include: withDoses,
    }),
  )
  await logActivity(db, {
    catId: cat.id,
    authorId: userId,
    kind: 'record_changed',
    summary: `Added ${input.name}`,
  })
  return toMedication(row, plan.timezone, now)
}

/**
 * An edit by whoever may manage the cat (anyone else's or a missing one is a 404). Changed times, start
 * or end re-plan the next dose from now with the add's own nextDoseAt (docs/health-record.md "Editing"):
 * a dose already sent lies before now and is not planned again; an unchanged schedule keeps its
 * planned dose, so one due but not yet swept still goes once.
 */
export async function updateMedication(
  db: Db,
  userId: number,
  input: MedicationUpdateInput,
  now = new Date(),
) {
  const row = await db.medication.findUnique({ where: { id: input.id } })
  const cat = await rowCat(db, userId, row?.catId, 'manage', () => appError('NOT_FOUND'))
  if (!row) throw appError('NOT_FOUND')
  const plan = await ensureCarePlan(db, cat.ownerId, cat.id, now)
  const before = doseSchedule(row, plan.timezone)
  const schedule = {
    ...before,
    times: input.times ? [...input.times].sort() : before.times,
    startOn: input.start_on ?? before.startOn,
    endOn: input.end_on === undefined ? before.endOn : input.end_on,
  }
  if (schedule.endOn && schedule.endOn < schedule.startOn)
    throw appError('INVALID_INPUT', { message: 'end_on must not be before start_on' })
  const replan =
    schedule.times.join() !== before.times.join() ||
    schedule.startOn !== before.startOn ||
    schedule.endOn !== before.endOn
  const { count } = await db.medication.updateMany({
    where: { id: row.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.dose !== undefined ? { dose: input.dose } : {}),
      ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
      ...(replan
        ? {
            times: schedule.times,
            startOn: dateColumn(schedule.startOn),
            endOn: schedule.endOn ? dateColumn(schedule.endOn) : null,
            nextDoseAt: nextDoseAt(schedule, now),
          }
        : {}),
    },
  })
  const updated =
    count === 1 ? await db.medication.findUnique({ where: { id: row.id }, include: withDoses }) : null
  if (!updated) throw appError('NOT_FOUND')
  await logActivity(db, {
    catId: row.catId,
    authorId: userId,
    kind: 'record_changed',
    summary: `Changed ${updated.name}`,
    subject: `medication:${updated.id}`,
  })
  return toMedication(updated, plan.timezone, now)
}

/** Current ones first (by their next dose), then the ended ones, newest first. */
export async function listMedications(db: Db, userId: number, catId?: number, now = new Date()) {
  const cat = await careCat(db, userId, catId, 'read')
  const plan = await ensureCarePlan(db, cat.ownerId, cat.id, now)
  const rows = await db.medication.findMany({
    where: { catId: cat.id },
    orderBy: [{ nextDoseAt: { sort: 'asc', nulls: 'last' } }, { id: 'desc' }],
    include: withDoses,
  })
  return rows.map((row) => toMedication(row, plan.timezone, now))
}

/** A medication of a cat the user may do `action` on, with that cat, or a 404. */
async function reachableMedication(db: Db, userId: number, id: number, action: CareAction) {
  const row = await db.medication.findUnique({ where: { id }, select: { id: true, catId: true, name: true } })
  const cat = await rowCat(db, userId, row?.catId, action, () => appError('NOT_FOUND'))
  return { ...row!, cat }
}

/** Logs a dose, by the signed-in person's e-mail; a dose in the future is refused. */
export async function logDose(
  db: Db,
  userId: number,
  input: { id: number; given_at?: string | undefined },
  now = new Date(),
) {
  const medication = await reachableMedication(db, userId, input.id, 'log')
  const givenAt = input.given_at ? new Date(input.given_at) : now
  if (givenAt.getTime() > now.getTime() + 60_000) {
    throw appError('INVALID_INPUT', { message: 'given_at must not be in the future' })
  }
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })
  const dose = await withRoom(db, medication.cat.ownerId, 'dosesPerMedication', { catId: input.id }, (tx) =>
    tx.medicationDose.create({ data: { medicationId: input.id, givenAt, by: email } }),
  )
  await logActivity(db, {
    catId: medication.catId,
    authorId: userId,
    kind: 'dose_logged',
    summary: `Gave ${medication.name}`,
  })
  return { given_at: dose.givenAt.toISOString(), by: dose.by }
}

export async function deleteMedication(db: Db, userId: number, id: number) {
  const medication = await reachableMedication(db, userId, id, 'manage')
  const { count } = await db.medication.deleteMany({ where: { id } })
  if (count === 0) throw appError('NOT_FOUND')
  await logActivity(db, {
    catId: medication.catId,
    authorId: userId,
    kind: 'record_changed',
    summary: `Removed ${medication.name}`,
  })
  return { success: true as const }
}

/** The cat's current medications (not ended), for the specialist's profile. */
export async function currentMedications(db: Db, catId: number, now = new Date()) {
  const today = now.toISOString().slice(0, 10)
  const rows = await db.medication.findMany({
    where: { catId, OR: [{ endOn: null }, { endOn: { gte: dateColumn(today) } }] },
    orderBy: { id: 'asc' },
    select: { name: true, dose: true, times: true, startOn: true, endOn: true },
  })
  return rows.map((r) => ({
    name: r.name,
    dose: r.dose,
    times: r.times,
    start_on: day(r.startOn)!,
    end_on: day(r.endOn),
  }))
}
