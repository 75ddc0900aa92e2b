// The plan editor's pure parts: the zone's name as people read it, and toggling a training day
// ('Any Day' and named days exclude each other).
import { TRAINING_DAYS } from '../../../../shared/options.ts'

export type TrainingDay = (typeof TRAINING_DAYS)[number]

/** 'America/New_York' → 'New York (Eastern Daylight Time)'; the IANA name when the browser has no name. */
export function zoneLabel(timeZone: string, at = new Date()): string {
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ')
  try {
    const name = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value
    return name && name !== timeZone ? `${city} (${name})` : timeZone
  } catch {
    return timeZone
  }
}

export function toggleDay(days: readonly TrainingDay[], day: TrainingDay): TrainingDay[] {
  if (days.includes(day)) return days.filter((d) => d !== day)
  if (day === 'Any Day') return ['Any Day']
  const named = [...days.filter((d) => d !== 'Any Day'), day]
  return TRAINING_DAYS.filter((d) => (named as readonly string[]).includes(d))
}
