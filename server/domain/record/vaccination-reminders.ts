// The vaccination reminders (docs/product.md §11: 14 days before the due date, on it, 7 days after it while
// still due). A vaccination holds its next reminder's instant; the sweep takes the due ones and moves each on
// in one compare-and-set before sending, as the check-in reminders do, so one instance sends each however
// many run. A send that fails puts the instant back (if untouched since) for the next sweep.
import type { Db } from '../../db.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { remindedMembers } from '../household/reminded-members.ts'
import { type RecordReminderDeps, sendRecordReminder } from './record-reminder.ts'
import { nextVaccinationReminder, toVaccination } from './vaccinations.ts'
import { coreVaccineOf } from './vaccine-schedule.ts'

const BATCH = 200

/** Still due: no later vaccination of the same vaccine (the same core vaccine, else the same name). */
async function stillDue(db: Db, v: { id: number; catId: number; name: string; givenOn: Date }) {
  const later = await db.vaccination.findMany({
    where: { catId: v.catId, id: { not: v.id }, givenOn: { gt: v.givenOn } },
    select: { name: true },
  })
  const core = coreVaccineOf(v.name)?.id
  return !later.some((l) =>
    core ? coreVaccineOf(l.name)?.id === core : l.name.toLowerCase() === v.name.toLowerCase(),
  )
}

/** Sends the vaccination reminders due by `now`; answers how many were sent. */
export async function sendDueVaccinationReminders(
  deps: RecordReminderDeps,
  now = new Date(),
): Promise<number> {
  const due = await deps.db.vaccination.findMany({
    where: { nextReminderAt: { lte: now } },
    orderBy: { nextReminderAt: 'asc' },
    take: BATCH,
    include: { cat: { select: { name: true, userId: true, user: { select: { email: true } } } } },
  })
  let sent = 0
  for (const row of due) {
    const owner = row.cat.user
    const vaccination = toVaccination(row)
    if (!owner || !row.cat.userId || !vaccination.next_due_on) continue
    const plan = await ensureCarePlan(deps.db, row.cat.userId, row.catId, now)
    const taken = row.nextReminderAt!
    const following = nextVaccinationReminder(vaccination.next_due_on, plan, taken)
    const claim = await deps.db.vaccination.updateMany({
      where: { id: row.id, nextReminderAt: taken },
      data: { nextReminderAt: following },
    })
    if (claim.count !== 1) continue
    const late = taken.getTime() > Date.parse(`${vaccination.next_due_on}T23:59:59Z`)
    if (plan.paused || (late && !(await stillDue(deps.db, row)))) continue
    try {
      const members = plan.membersReminded
        ? await remindedMembers(deps.db, row.cat.userId, row.catId, owner.email, now)
        : []
      await sendRecordReminder(deps, {
        members,
        userId: row.cat.userId,
        email: owner.email,
        channels: { email: plan.emailOn, push: plan.pushOn },
        kind: 'vaccination',
        key: `vaccination-${row.id}-${Math.floor(taken.getTime() / 1000)}`,
        subject: late
          ? `${row.cat.name}'s ${row.name} vaccination is overdue`
          : `${row.cat.name}'s ${row.name} vaccination is due on ${vaccination.next_due_on}`,
        lines: [
          late
            ? `${row.cat.name}'s ${row.name} vaccination was due on ${vaccination.next_due_on}. Book it with your vet, then add it to the health record.`
            : `${row.cat.name}'s ${row.name} vaccination is due on ${vaccination.next_due_on}. A good time to book it with your vet.`,
        ],
        // Where the vaccination is added to the record: the Care page.
        path: '/care',
      })
      sent++
    } catch (error) {
      deps.log.warn(
        { err: error, vaccinationId: row.id },
        'vaccination reminder failed; the next sweep retries',
      )
      await deps.db.vaccination.updateMany({
        where: { id: row.id, nextReminderAt: following },
        data: { nextReminderAt: taken },
      })
    }
  }
  return sent
}
