// Wall-clock times of the owner's zone as instants (Temporal), so a reminder at 09:00 stays at 09:00
// across daylight-saving changes, as the check-in reminders do (server/domain/care/schedule.ts).
import { Temporal } from 'temporal-polyfill'

/** 'YYYY-MM-DD' at 'HH:MM' in `timezone`, as an instant. */
export function wallClockInstant(date: string, time: string, timezone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const at = Temporal.PlainDate.from(date).toZonedDateTime({
    timeZone: timezone,
    plainTime: Temporal.PlainTime.from({ hour, minute }),
  })
  return new Date(at.epochMilliseconds)
}

/** The calendar date of an instant in `timezone`, 'YYYY-MM-DD'. */
export function dateIn(instant: Date, timezone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timezone)
    .toPlainDate()
    .toString()
}
