// The dose reminders: a medication holds its next dose's instant; the sweep takes the due ones and moves
// each to the following dose (null after end_on) in one compare-and-set before sending, so one instance
// sends each however many run. A send that fails puts the instant back for the next sweep; a dose time
// the server slept through by more than the dose window is skipped, not sent late.
import type { Db } from '../../db.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { nextDoseAt } from './dose-times.ts'
import { DOSE_WINDOW_MS, doseSchedule } from './medications.ts'
import { type RecordReminderDeps, sendRecordReminder } from './record-reminder.ts'

const BATCH = 200

const formatTime = (at: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at)

export async function sendDueDoseReminders(deps: RecordReminderDeps, now = new Date()): Promise<number> {
  const db: Db = deps.db
  const due = await db.medication.findMany({
    where: { nextDoseAt: { lte: now } },
    orderBy: { nextDoseAt: 'asc' },
    take: BATCH,
    include: { cat: { select: { name: true, userId: true, user: { select: { email: true } } } } },
  })
  let sent = 0
  for (const row of due) {
    const owner = row.cat.user
    if (!owner || !row.cat.userId) continue
    const plan = await ensureCarePlan(db, row.cat.userId, row.catId, now)
    const taken = row.nextDoseAt!
    const schedule = doseSchedule(row, plan.timezone)
    // The following dose after this one, and after now: doses the server slept through are not queued up.
    const following = nextDoseAt(
      schedule,
      new Date(Math.max(taken.getTime(), now.getTime() - DOSE_WINDOW_MS)),
    )
    const claim = await db.medication.updateMany({
      where: { id: row.id, nextDoseAt: taken },
      data: { nextDoseAt: following },
    })
    if (claim.count !== 1) continue
    if (plan.paused || now.getTime() - taken.getTime() > DOSE_WINDOW_MS) continue
    try {
      await sendRecordReminder(deps, {
        userId: row.cat.userId,
        email: owner.email,
        channels: { email: plan.emailOn, push: plan.pushOn },
        kind: 'medication',
        key: `dose-${row.id}-${Math.floor(taken.getTime() / 1000)}`,
        subject: `${row.cat.name}'s ${row.name} (${row.dose}) at ${formatTime(taken, plan.timezone)}`,
        lines: [
          `Time for ${row.cat.name}'s ${row.name}: ${row.dose}, as your vet prescribed.`,
          'Log the dose on the care page once it is given.',
        ],
        path: '/progress',
      })
      sent++
    } catch (error) {
      deps.log.warn({ err: error, medicationId: row.id }, 'dose reminder failed; the next sweep retries')
      await db.medication.updateMany({
        where: { id: row.id, nextDoseAt: following },
        data: { nextDoseAt: taken },
      })
    }
  }
  return sent
}
