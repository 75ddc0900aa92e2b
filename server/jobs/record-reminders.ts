// The health record's reminders (vaccinations due, medication doses): every instance sweeps every few
// seconds; each reminder is taken by a compare-and-set on its record before it is sent
// (server/domain/record/*-reminders.ts), so however many instances sweep, one sends it.
import type { FastifyBaseLogger } from 'fastify'
import { sendDueDoseReminders } from '../domain/record/medication-reminders.ts'
import type { RecordReminderDeps } from '../domain/record/record-reminder.ts'
import { sendDueVaccinationReminders } from '../domain/record/vaccination-reminders.ts'
import { startPeriodic } from './periodic.ts'

export interface RecordReminderOptions {
  /** How often the record reminders are swept (they fall on the minute: a few seconds late at most). */
  recordSweepIntervalMs?: number
}

export function startRecordReminders(
  deps: RecordReminderDeps & { log: FastifyBaseLogger },
  { recordSweepIntervalMs = 15_000 }: RecordReminderOptions = {},
) {
  return startPeriodic(async () => {
    try {
      await sendDueVaccinationReminders(deps)
      await sendDueDoseReminders(deps)
    } catch (error) {
      deps.log.warn({ err: error }, 'health record reminder sweep failed; the next one retries')
    }
  }, recordSweepIntervalMs)
}
