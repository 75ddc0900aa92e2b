// The cat's vaccinations (docs/product.md §11): add (with a proposed due date for the core
// vaccines), list (soonest due first), edit, delete. Each due date has three reminders, 14 days before, on it
// and 7 days after while still due, at the plan's reminder time in the plan's zone (vaccination-reminders.ts).

import type { VaccinationInput, VaccinationUpdateInput } from '../../../shared/schemas/vaccinations.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { careCat } from '../care/care-cat.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { rowCat } from '../household/access.ts'
import { logActivity } from '../household/activity.ts'
import { withRoom } from '../quotas.ts'
import { dateIn, wallClockInstant } from './local-time.ts'
import { addDays, proposeNextDue } from './vaccine-schedule.ts'

/** Days from the due date of each reminder: two weeks ahead, on the day, a week late while still due. */
export const VACCINATION_REMINDER_OFFSETS = [-14, 0, 7] as const

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null)
const dateColumn = (date: string) => new Date(`${date}T00:00:00Z`)

interface VaccinationRow {
  id: number
  catId: number
  name: string
  givenOn: Date
  nextDueOn: Date | null
  clinic: string | null
  notes: string | null
}

export function toVaccination(row: VaccinationRow) {
  return {
    id: row.id,
    cat_id: row.catId,
    name: row.name,
    given_on: day(row.givenOn)!,
    next_due_on: day(row.nextDueOn),
    clinic: row.clinic,
    notes: row.notes,
  }
}

/** The first reminder of a due date after `after`, at `time` in `timezone`; null when all have passed. */
export function nextVaccinationReminder(
  nextDueOn: string,
  schedule: { reminderTime: string; timezone: string },
  after: Date,
): Date | null {
  for (const offset of VACCINATION_REMINDER_OFFSETS) {
    const at = wallClockInstant(addDays(nextDueOn, offset), schedule.reminderTime, schedule.timezone)
    if (at.getTime() > after.getTime()) return at
  }
  return null
}

export async function addVaccination(db: Db, userId: number, input: VaccinationInput, now = new Date()) {
  const cat = await careCat(db, userId, input.cat_id, 'manage')
  const plan = await ensureCarePlan(db, cat.ownerId, cat.id, now)
  const { age } = await db.cat.findUniqueOrThrow({ where: { id: cat.id }, select: { age: true } })
  const nextDueOn =
    input.next_due_on ??
    proposeNextDue({
      name: input.name,
      givenOn: input.given_on,
      catAgeYears: age,
      today: dateIn(now, plan.timezone),
    })
  const row = await withRoom(db, cat.ownerId, 'vaccinations', {}, (tx) =>
    tx.vaccination.create({
      data: {
        catId: cat.id,
        name: input.name,
        givenOn: dateColumn(input.given_on),
        nextDueOn: nextDueOn ? dateColumn(nextDueOn) : null,
        clinic: input.clinic || null,
        notes: input.notes || null,
        nextReminderAt: nextDueOn ? nextVaccinationReminder(nextDueOn, plan, now) : null,
      },
    }),
  )
  await logActivity(db, {
    catId: cat.id,
    authorId: userId,
    kind: 'record_changed',
    summary: `Recorded ${input.name}`,
  })
  return toVaccination(row)
}

/** Soonest due first; those with no due date last, newest given first. */
export async function listVaccinations(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId, 'read')
  const rows = await db.vaccination.findMany({
    where: { catId: cat.id },
    orderBy: [{ nextDueOn: { sort: 'asc', nulls: 'last' } }, { givenOn: 'desc' }, { id: 'desc' }],
  })
  return rows.map(toVaccination)
}

/**
 * An edit by whoever may manage the cat (anyone else's or a missing one is a 404). A changed due date
 * re-plans its reminders from now (docs/health-record.md "Editing"): the first of the new date's three
 * still ahead. A reminder already sent lies before now, so it is never planned again; with the date
 * unchanged the planned instant is kept, so a reminder due but not yet swept still goes once.
 */
export async function updateVaccination(
  db: Db,
  userId: number,
  input: VaccinationUpdateInput,
  now = new Date(),
) {
  const row = await db.vaccination.findUnique({ where: { id: input.id } })
  const cat = await rowCat(db, userId, row?.catId, 'manage', () => appError('NOT_FOUND'))
  if (!row) throw appError('NOT_FOUND')
  const dueOn = input.next_due_on === undefined ? day(row.nextDueOn) : input.next_due_on
  const replan = dueOn !== day(row.nextDueOn)
  const plan = replan ? await ensureCarePlan(db, cat.ownerId, cat.id, now) : null
  const { count } = await db.vaccination.updateMany({
    where: { id: row.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.given_on !== undefined ? { givenOn: dateColumn(input.given_on) } : {}),
      ...(input.clinic !== undefined ? { clinic: input.clinic || null } : {}),
      ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
      ...(plan
        ? {
            nextDueOn: dueOn ? dateColumn(dueOn) : null,
            nextReminderAt: dueOn ? nextVaccinationReminder(dueOn, plan, now) : null,
          }
        : {}),
    },
  })
  const updated = count === 1 ? await db.vaccination.findUnique({ where: { id: row.id } }) : null
  if (!updated) throw appError('NOT_FOUND')
  await logActivity(db, {
    catId: row.catId,
    authorId: userId,
    kind: 'record_changed',
    summary: `Changed ${updated.name}`,
    subject: `vaccination:${updated.id}`,
  })
  return toVaccination(updated)
}

/** A vaccination of a cat the user may manage (anyone else's or a missing one is a 404). */
export async function deleteVaccination(db: Db, userId: number, id: number) {
  const row = await db.vaccination.findUnique({ where: { id }, select: { catId: true, name: true } })
  await rowCat(db, userId, row?.catId, 'manage', () => appError('NOT_FOUND'))
  const { count } = await db.vaccination.deleteMany({ where: { id } })
  if (count === 0 || !row) throw appError('NOT_FOUND')
  await logActivity(db, {
    catId: row.catId,
    authorId: userId,
    kind: 'record_changed',
    summary: `Removed ${row.name}`,
  })
  return { success: true as const }
}
