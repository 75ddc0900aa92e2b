// The iCalendar (RFC 5545) of a cat's care for the next 60 days: its check-ins, vaccinations due and
// medication doses. UIDs are stable (the same event keeps its UID on every read, so a calendar app
// updates it instead of adding a copy). Times are written in the plan's zone: each timed event's
// DTSTART/DTEND carry TZID=<zone>, and the calendar holds that zone's VTIMEZONE (vtimezone.ts), so
// Apple Calendar and Outlook place them at the owner's wall-clock time and follow its daylight-saving
// changes (docs/health-record.md, "The calendar feed"). A vaccination is an all-day date.
import ical, { ICalAlarmType } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import type { Db } from '../../db.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { type CheckInPeriod, nextCheckInAt } from '../care/schedule.ts'
import { doseTimesBetween } from './dose-times.ts'
import { dateIn } from './local-time.ts'
import { doseSchedule } from './medications.ts'
import { addDays } from './vaccine-schedule.ts'
import { vtimezone } from './vtimezone.ts'

export const CALENDAR_DAYS = 60
const DAY_MS = 86_400_000
const CHECK_IN_MINUTES = 15
const DOSE_MINUTES = 10
const minutes = (n: number) => n * 60_000

/** An instant as a wall-clock time of `zone` (ical-generator writes it with TZID=zone). */
const inZone = (at: Date, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone)

export async function careCalendar(
  db: Db,
  target: { userId: number; catId: number },
  origin: string,
  now = new Date(),
): Promise<string> {
  const host = new URL(origin).hostname
  const plan = await ensureCarePlan(db, target.userId, target.catId, now)
  const cat = await db.cat.findUniqueOrThrow({ where: { id: target.catId }, select: { name: true } })
  const name = cat.name || 'your cat'
  const until = new Date(now.getTime() + CALENDAR_DAYS * DAY_MS)
  const zone = plan.timezone
  const calendar = ical({
    name: `${name}'s care (${PRODUCT_NAME})`,
    prodId: { company: PRODUCT_NAME, product: 'care-calendar' },
    ttl: 3600,
    x: [{ key: 'X-WR-TIMEZONE', value: zone }],
    // No calendar-wide zone (ical-generator would then write DTSTAMP in local time, not UTC): each timed
    // event names it, and the generator writes its VTIMEZONE once, from a day before now to a day past
    // the last event.
    timezone: {
      name: null,
      generator: (tz) => vtimezone(tz, new Date(now.getTime() - DAY_MS), new Date(until.getTime() + DAY_MS)),
    },
  })

  if (!plan.paused) {
    const schedule = { ...plan, checkInPeriod: plan.checkInPeriod as CheckInPeriod }
    for (let at = nextCheckInAt(schedule, now); at < until; at = nextCheckInAt(schedule, at)) {
      calendar.createEvent({
        id: `check-in-${target.catId}-${Math.floor(at.getTime() / 1000)}@${host}`,
        timezone: zone,
        start: inZone(at, zone),
        end: inZone(new Date(at.getTime() + minutes(CHECK_IN_MINUTES)), zone),
        stamp: now,
        summary: `${name}'s check-in`,
        url: `${origin}/cat-assistant`,
        alarms: [{ type: ICalAlarmType.display, trigger: 0 }],
      })
    }
  }

  const today = dateIn(now, plan.timezone)
  const lastDay = addDays(today, CALENDAR_DAYS)
  const vaccinations = await db.vaccination.findMany({
    where: {
      catId: target.catId,
      nextDueOn: { gte: new Date(`${today}T00:00:00Z`), lte: new Date(`${lastDay}T00:00:00Z`) },
    },
    orderBy: { nextDueOn: 'asc' },
  })
  for (const v of vaccinations) {
    const due = v.nextDueOn!.toISOString().slice(0, 10)
    calendar.createEvent({
      id: `vaccination-${v.id}-${due}@${host}`,
      start: Temporal.PlainDate.from(due),
      allDay: true,
      stamp: now,
      summary: `${name}: ${v.name} vaccination due`,
      description: v.clinic ? `Clinic: ${v.clinic}` : null,
      // Two weeks ahead, to book the visit, and on the morning itself.
      alarms: [
        { type: ICalAlarmType.display, trigger: (14 * DAY_MS) / 1000 },
        { type: ICalAlarmType.display, trigger: -9 * 3600 },
      ],
    })
  }

  const medications = await db.medication.findMany({
    where: { catId: target.catId, nextDoseAt: { not: null } },
    orderBy: { id: 'asc' },
  })
  for (const m of medications) {
    for (const at of doseTimesBetween(doseSchedule(m, plan.timezone), now, until)) {
      calendar.createEvent({
        id: `dose-${m.id}-${Math.floor(at.getTime() / 1000)}@${host}`,
        timezone: zone,
        start: inZone(at, zone),
        end: inZone(new Date(at.getTime() + minutes(DOSE_MINUTES)), zone),
        stamp: now,
        summary: `${name}: ${m.name} ${m.dose}`,
        description: m.notes,
        alarms: [{ type: ICalAlarmType.display, trigger: 0 }],
      })
    }
  }
  return calendar.toString()
}
