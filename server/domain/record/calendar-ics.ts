// The iCalendar (RFC 5545) of a cat's care over a bounded window, today and the next 59 days in the plan's
// zone: its check-ins, vaccinations due and medication doses (docs/health-record.md, "The calendar
// feed"). Each dose time of a medication is ONE event repeating daily (RRULE) to the course's end or the
// window's, so 20 medications of 12 times are 240 events, not 14,000. UIDs are stable (a calendar app
// updates an event instead of adding a copy). Timed events carry TZID=<zone> and the calendar holds that
// zone's VTIMEZONE (vtimezone.ts). A vaccination is an all-day event with its DTEND, its alarms relative
// to its start: 09:00 on the due date, and 09:00 two weeks before. Calendar properties come before any
// component, and every line ends with CRLF, the last one too (ics-lines.ts).
import { createHash } from 'node:crypto'
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import type { Db } from '../../db.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { type CheckInPeriod, checkInWeekdays } from '../care/schedule.ts'
import {
  dateLine,
  daysBetween,
  foldedLines,
  localStamp,
  plusDays,
  textValue,
  utcStamp,
  weekdayOf,
} from './ics-lines.ts'
import { dateIn, wallClockInstant } from './local-time.ts'
import { vtimezone } from './vtimezone.ts'

export const CALENDAR_DAYS = 60
const DAY_MS = 86_400_000
const CHECK_IN_MINUTES = 15
const DOSE_MINUTES = 10
/** The most events a feed holds: past it the feed answers 413 (docs/operations.md "Capability links"). */
export const FEED_MAX_EVENTS = 5_000
/** Written into the ETag: a change to how the feed is written makes every ETag new. */
const FORMAT = 'care-calendar v2'

/** Everything a feed is made of, read in a few statements; its digest is the feed's ETag. */
export interface CalendarSource {
  host: string
  origin: string
  catId: number
  name: string
  zone: string
  /** The window's first and last local dates, YYYY-MM-DD. */
  firstDay: string
  lastDay: string
  plan: { paused: boolean; checkInPeriod: string; trainingDays: string[]; reminderTime: string }
  vaccinations: { id: number; name: string; due: string; clinic: string | null }[]
  medications: {
    id: number
    name: string
    dose: string
    notes: string | null
    times: string[]
    startOn: string
    endOn: string | null
  }[]
}

const day = (d: Date) => d.toISOString().slice(0, 10)

export async function calendarSource(
  db: Db,
  target: { ownerId: number; catId: number },
  origin: string,
  now = new Date(),
): Promise<CalendarSource> {
  const plan = await ensureCarePlan(db, target.ownerId, target.catId, now)
  const firstDay = dateIn(now, plan.timezone)
  const lastDay = plusDays(firstDay, CALENDAR_DAYS - 1)
  const [cat, vaccinations, medications] = await Promise.all([
    db.cat.findUniqueOrThrow({ where: { id: target.catId }, select: { name: true } }),
    db.vaccination.findMany({
      where: {
        catId: target.catId,
        nextDueOn: { gte: new Date(`${firstDay}T00:00:00Z`), lte: new Date(`${lastDay}T00:00:00Z`) },
      },
      orderBy: [{ nextDueOn: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true, nextDueOn: true, clinic: true },
    }),
    db.medication.findMany({
      where: { catId: target.catId, nextDoseAt: { not: null } },
      orderBy: { id: 'asc' },
      select: { id: true, name: true, dose: true, notes: true, times: true, startOn: true, endOn: true },
    }),
  ])
  return {
    host: new URL(origin).hostname,
    origin,
    catId: target.catId,
    name: cat.name || 'your cat',
    zone: plan.timezone,
    firstDay,
    lastDay,
    plan: {
      paused: plan.paused,
      checkInPeriod: plan.checkInPeriod,
      trainingDays: plan.trainingDays,
      reminderTime: plan.reminderTime,
    },
    vaccinations: vaccinations.map((v) => ({
      id: v.id,
      name: v.name,
      due: day(v.nextDueOn!),
      clinic: v.clinic,
    })),
    medications: medications.map((m) => ({
      id: m.id,
      name: m.name,
      dose: m.dose,
      notes: m.notes,
      times: m.times,
      startOn: day(m.startOn),
      endOn: m.endOn ? day(m.endOn) : null,
    })),
  }
}

/** The feed's ETag: a digest of what it is made of (the same source always writes the same bytes). */
export function calendarVersion(source: CalendarSource): string {
  const digest = createHash('sha256').update(FORMAT).update(JSON.stringify(source)).digest('base64url')
  return `"${digest.slice(0, 32)}"`
}

interface Event {
  uid: string
  lines: string[]
  summary: string
  description?: string | null | undefined
  url?: string
  /** Each alarm's TRIGGER value (a duration relative to the start). */
  alarms: string[]
}

function eventLines(e: Event, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${textValue(e.uid)}`,
    `DTSTAMP:${stamp}`,
    ...e.lines,
    `SUMMARY:${textValue(e.summary)}`,
  ]
  if (e.description) lines.push(`DESCRIPTION:${textValue(e.description)}`)
  if (e.url) lines.push(`URL;VALUE=URI:${e.url}`)
  for (const trigger of e.alarms) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${textValue(e.summary)}`,
      `TRIGGER:${trigger}`,
      'END:VALARM',
    )
  }
  lines.push('END:VEVENT')
  return lines
}

// The loops below are plain date arithmetic on local dates and wall-clock times (ics-lines.ts): events
// are written in local time with TZID, so no instant is needed, and Temporal's polyfill cost about a
// millisecond an event, the whole feed's time at every quota.

/** A check-in on each check-in day of the window at the plan's time (the same days the reminders use). */
function* checkInEvents(s: CalendarSource): Generator<Event> {
  if (s.plan.paused) return
  const weekdays = new Set(
    checkInWeekdays({
      checkInPeriod: s.plan.checkInPeriod as CheckInPeriod,
      trainingDays: s.plan.trainingDays,
    }),
  )
  for (let date = s.firstDay; date <= s.lastDay; date = plusDays(date, 1)) {
    if (!weekdays.has(weekdayOf(date))) continue
    yield {
      uid: `check-in-${s.catId}-${date.replace(/-/g, '')}@${s.host}`,
      lines: [
        `DTSTART;TZID=${s.zone}:${localStamp(date, s.plan.reminderTime)}`,
        `DTEND;TZID=${s.zone}:${localStamp(date, s.plan.reminderTime, CHECK_IN_MINUTES)}`,
      ],
      summary: `${s.name}'s check-in`,
      url: `${s.origin}/cat-assistant`,
      alarms: ['PT0S'],
    }
  }
}

function* vaccinationEvents(s: CalendarSource): Generator<Event> {
  for (const v of s.vaccinations) {
    yield {
      uid: `vaccination-${v.id}-${v.due}@${s.host}`,
      lines: [dateLine('DTSTART', v.due), dateLine('DTEND', plusDays(v.due, 1))],
      summary: `${s.name}: ${v.name} vaccination due`,
      description: v.clinic ? `Clinic: ${v.clinic}` : null,
      // 09:00 two weeks ahead (to book the visit) and 09:00 on the day, both from the start of the due
      // date (RFC 5545 §3.8.6.3: relative to DTSTART unless RELATED=END).
      alarms: ['-P13DT15H', 'PT9H'],
    }
  }
}

function* doseEvents(s: CalendarSource): Generator<Event> {
  for (const m of s.medications) {
    const first = m.startOn > s.firstDay ? m.startOn : s.firstDay
    const last = m.endOn && m.endOn < s.lastDay ? m.endOn : s.lastDay
    if (first > last) continue
    for (const time of m.times) {
      const lines = [
        `DTSTART;TZID=${s.zone}:${localStamp(first, time)}`,
        `DTEND;TZID=${s.zone}:${localStamp(first, time, DOSE_MINUTES)}`,
      ]
      // Daily to the last dose of the window or the course, counted (RFC 5545 §3.3.10).
      const days = daysBetween(first, last) + 1
      if (days > 1) lines.push(`RRULE:FREQ=DAILY;COUNT=${days}`)
      yield {
        uid: `dose-${m.id}-${time.replace(':', '')}@${s.host}`,
        lines,
        summary: `${s.name}: ${m.name} ${m.dose}`,
        description: m.notes,
        alarms: ['PT0S'],
      }
    }
  }
}

/** Events written between two turns of the event loop: /healthz and other requests go between. */
const EVENTS_PER_TURN = 50
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** The feed's text, or null when it would hold more than FEED_MAX_EVENTS events. */
export async function renderCalendar(s: CalendarSource): Promise<string | null> {
  const from = wallClockInstant(s.firstDay, '00:00', s.zone)
  const until = wallClockInstant(plusDays(s.lastDay, 1), '00:00', s.zone)
  const stamp = utcStamp(from)
  const name = `${s.name}'s care (${PRODUCT_NAME})`
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//care-calendar//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${textValue(name)}`,
    `X-WR-CALNAME:${textValue(name)}`,
    `X-WR-TIMEZONE:${s.zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ]
  const zone = vtimezone(s.zone, new Date(from.getTime() - DAY_MS), new Date(until.getTime() + DAY_MS))
  if (zone) lines.push(...zone.trimEnd().split('\r\n'))
  const text = [foldedLines(lines)]
  let events = 0
  let batch: string[] = []
  for (const e of [...checkInEvents(s), ...vaccinationEvents(s), ...doseEvents(s)]) {
    if (++events > FEED_MAX_EVENTS) return null
    batch.push(...eventLines(e, stamp))
    if (events % EVENTS_PER_TURN === 0) {
      text.push(foldedLines(batch))
      batch = []
      await nextTurn()
    }
  }
  batch.push('END:VCALENDAR')
  text.push(foldedLines(batch))
  return text.join('')
}
