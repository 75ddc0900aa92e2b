// When check-ins fall (docs/product.md §10, next_check_in_at). Wall-clock times in the owner's
// zone are turned into instants by Temporal, so a reminder stays at 09:00 across daylight-saving changes.
import { Temporal } from 'temporal-polyfill'
import type { CHECK_IN_PERIODS, TRAINING_DAYS } from '../../../shared/options.ts'

export type CheckInPeriod = (typeof CHECK_IN_PERIODS)[number]
export type TrainingDay = (typeof TRAINING_DAYS)[number]

/** ISO weekday numbers: Monday 1 … Sunday 7 (Temporal's dayOfWeek). */
const WEEKDAY: Record<Exclude<TrainingDay, 'Any Day'>, number> = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
  Sunday: 7,
}

export interface Schedule {
  checkInPeriod: CheckInPeriod
  trainingDays: readonly string[]
  /** 'HH:MM', 24 h */
  reminderTime: string
  /** IANA name */
  timezone: string
}

/** The owner's training days as weekdays, or every day for 'Any Day' or none. */
function trainingWeekdays(days: readonly string[]): number[] {
  const named = days.flatMap((d) => (d in WEEKDAY ? [WEEKDAY[d as keyof typeof WEEKDAY]] : []))
  if (days.includes('Any Day') || named.length === 0) return [1, 2, 3, 4, 5, 6, 7]
  return [...new Set(named)].sort((a, b) => a - b)
}

/** The smallest gap, in days, between consecutive check-ins of a week that repeats. */
function smallestGap(days: number[]): number {
  return Math.min(...days.map((d, i) => (i + 1 < days.length ? days[i + 1]! : days[0]! + 7) - d))
}

/**
 * Three days spread through the week: of the candidates (the training days; every day when fewer than
 * three were chosen, keeping the chosen ones), the three whose smallest gap is largest, earliest first
 * on a tie. 'Any Day' gives Monday, Wednesday and Friday.
 */
function threeSpread(training: number[]): number[] {
  const candidates = training.length >= 3 ? training : [1, 2, 3, 4, 5, 6, 7]
  const required = training.length >= 3 ? [] : training
  let best: number[] | null = null
  for (let i = 0; i < candidates.length; i++)
    for (let j = i + 1; j < candidates.length; j++)
      for (let k = j + 1; k < candidates.length; k++) {
        const triple = [candidates[i]!, candidates[j]!, candidates[k]!]
        if (!required.every((d) => triple.includes(d))) continue
        if (!best || smallestGap(triple) > smallestGap(best)) best = triple
      }
  return best!
}

/** The weekdays (1 = Monday) on which the plan has a check-in, in order. */
export function checkInWeekdays(plan: Pick<Schedule, 'checkInPeriod' | 'trainingDays'>): number[] {
  const training = trainingWeekdays(plan.trainingDays)
  if (plan.checkInPeriod === 'Daily') return [1, 2, 3, 4, 5, 6, 7]
  if (plan.checkInPeriod === 'Weekly') return [training[0]!]
  return threeSpread(training)
}

/** True when `weekday` is a day the owner trains the cat (every day for 'Any Day' or none chosen). */
export function isTrainingDay(trainingDays: readonly string[], weekday: number): boolean {
  return trainingWeekdays(trainingDays).includes(weekday)
}

/** The first check-in of the week asks for a weight. */
export function isWeighInDay(plan: Pick<Schedule, 'checkInPeriod' | 'trainingDays'>, weekday: number) {
  return checkInWeekdays(plan)[0] === weekday
}

/**
 * The first check-in strictly after `after`: `reminderTime` in `timezone` on a check-in day. A time that
 * does not exist that day (the clocks jump over it) falls at the same distance after the jump.
 */
export function nextCheckInAt(plan: Schedule, after: Date): Date {
  const days = checkInWeekdays(plan)
  const [hour, minute] = plan.reminderTime.split(':').map(Number) as [number, number]
  const start = Temporal.Instant.fromEpochMilliseconds(after.getTime()).toZonedDateTimeISO(plan.timezone)
  for (let offset = 0; offset <= 7; offset++) {
    const date = start.toPlainDate().add({ days: offset })
    if (!days.includes(date.dayOfWeek)) continue
    const at = date.toZonedDateTime({
      timeZone: plan.timezone,
      plainTime: Temporal.PlainTime.from({ hour, minute }),
    })
    if (at.epochMilliseconds > after.getTime()) return new Date(at.epochMilliseconds)
  }
  throw new Error('unreachable: every week has a check-in day')
}

/** The weekday (1 = Monday) of an instant in a zone. */
export function weekdayIn(instant: Date, timezone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timezone).dayOfWeek
}
