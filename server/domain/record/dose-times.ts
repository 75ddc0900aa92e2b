// When a medication's doses fall: each of its 'HH:MM' times, every day from start_on to end_on, in the
// plan's zone (wall-clock times, so a dose at 08:00 stays at 08:00 across daylight-saving changes).

import { dateIn, wallClockInstant } from './local-time.ts'
import { addDays } from './vaccine-schedule.ts'

export interface DoseSchedule {
  times: readonly string[]
  startOn: string
  endOn: string | null
  timezone: string
}

/** The first dose time strictly after `after`, or null when the course has ended. */
export function nextDoseAt(schedule: DoseSchedule, after: Date): Date | null {
  const from = dateIn(after, schedule.timezone)
  let date = from > schedule.startOn ? addDays(from, -1) : schedule.startOn
  const sorted = [...schedule.times].sort()
  // Two days cover any zone's offset from the day `after` falls on; a course may start later.
  for (let i = 0; i < 3; i++, date = addDays(date, 1)) {
    if (schedule.endOn && date > schedule.endOn) return null
    for (const time of sorted) {
      const at = wallClockInstant(date, time, schedule.timezone)
      if (at.getTime() > after.getTime()) return at
    }
  }
  return null
}

/** Every dose time in [from, to), oldest first. */
export function doseTimesBetween(schedule: DoseSchedule, from: Date, to: Date): Date[] {
  const out: Date[] = []
  for (
    let at = nextDoseAt(schedule, new Date(from.getTime() - 1));
    at && at < to;
    at = nextDoseAt(schedule, at)
  ) {
    out.push(at)
  }
  return out
}
