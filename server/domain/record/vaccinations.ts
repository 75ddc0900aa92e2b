// The cat's vaccinations (CONTRACT "the health record"): add (with a proposed due date for the core
// vaccines), list (soonest due first), delete. Each due date has three reminders, 14 days before, on it
// and 7 days after while still due, at the plan's reminder time in the plan's zone (vaccination-reminders.ts).

import type { VaccinationInput } from '../../../shared/schemas/vaccinations.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { careCat } from '../care/care-cat.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { requireRoom } from '../quotas.ts'
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
  const cat = await careCat(db, userId, input.cat_id)
  await requireRoom(db, userId, 'vaccinations')
  const plan = await ensureCarePlan(db, userId, cat.id, now)
  const { age } = await db.cat.findUniqueOrThrow({ where: { id: cat.id }, select: { age: true } })
  const nextDueOn =
    input.next_due_on ??
    proposeNextDue({
      name: input.name,
      givenOn: input.given_on,
      catAgeYears: age,
      today: dateIn(now, plan.timezone),
    })
  const row = await db.vaccination.create({
    data: {
      catId: cat.id,
      name: input.name,
      givenOn: dateColumn(input.given_on),
      nextDueOn: nextDueOn ? dateColumn(nextDueOn) : null,
      clinic: input.clinic || null,
      notes: input.notes || null,
      nextReminderAt: nextDueOn ? nextVaccinationReminder(nextDueOn, plan, now) : null,
    },
  })
  return toVaccination(row)
}

/** Soonest due first; those with no due date last, newest given first. */
export async function listVaccinations(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId)
  const rows = await db.vaccination.findMany({
    where: { catId: cat.id },
    orderBy: [{ nextDueOn: { sort: 'asc', nulls: 'last' } }, { givenOn: 'desc' }, { id: 'desc' }],
  })
  return rows.map(toVaccination)
}

/** The owner's own vaccination (another owner's or a missing one is a 404). */
export async function deleteVaccination(db: Db, userId: number, id: number) {
  const { count } = await db.vaccination.deleteMany({ where: { id, cat: { userId } } })
  if (count === 0) throw appError('NOT_FOUND')
  return { success: true as const }
}
