// When a follow-up after an escalated reply is due (docs/follow-ups.md): an emergency two hours later,
// an urgent answer at 09:00 the next morning in the plan's time zone (UTC without a plan).
import { Temporal } from 'temporal-polyfill'
import type { Urgency } from '../chat/triage.ts'

export const EMERGENCY_FOLLOW_UP_MS = 2 * 3_600_000
const URGENT_FOLLOW_UP_TIME = Temporal.PlainTime.from({ hour: 9, minute: 0 })

export function followUpDueAt(urgency: Exclude<Urgency, 'routine'>, after: Date, timezone = 'UTC'): Date {
  if (urgency === 'emergency') return new Date(after.getTime() + EMERGENCY_FOLLOW_UP_MS)
  const local = Temporal.Instant.fromEpochMilliseconds(after.getTime()).toZonedDateTimeISO(timezone)
  const next = local
    .toPlainDate()
    .add({ days: 1 })
    .toZonedDateTime({ timeZone: timezone, plainTime: URGENT_FOLLOW_UP_TIME })
  return new Date(next.epochMilliseconds)
}
