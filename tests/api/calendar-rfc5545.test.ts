// The calendar feed as RFC 5545 reads it (docs/health-record.md, "The calendar feed"), through two
// parsers that share no code: ical.js (Mozilla's) and node-ical. Each alarm's absolute instant is worked
// out from what each parser read, in the cat's zone, and must be the one the product promises: a
// vaccination at 09:00 local on the due date and at 09:00 two weeks before, a dose and a check-in at their
// own time. The text itself: calendar properties before any component, CRLF after every line (the last
// included), repeating doses as RRULE.
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const t = suiteApp(() => createTestApp({ env: { PUBLIC_URL } }))
// A zone far from the server's UTC, with a daylight-saving change inside most 60-day windows.
const ZONE = 'America/New_York'
const DAY = 86_400_000

const localDate = (ms: number) =>
  Temporal.Instant.fromEpochMilliseconds(Date.now() + ms)
    .toZonedDateTimeISO(ZONE)
    .toPlainDate()
    .toString()
/** 'YYYY-MM-DD' at 'HH:MM' in the cat's zone, as epoch ms. */
const wallClock = (date: string, time: string) =>
  Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(ZONE).epochMilliseconds

async function feedOfOwner() {
  const { owner } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const api = await t.caller(owner.token)
  await api.care.updatePlan({
    timezone: ZONE,
    reminder_time: '18:00',
    check_in_period: 'Weekly',
    training_days: ['Friday'],
  })
  const due = localDate(20 * DAY)
  await api.record.addVaccination({ name: 'Rabies', given_on: localDate(-300 * DAY), next_due_on: due })
  await api.record.addMedication({ name: 'Methimazole', dose: '2.5 mg', times: ['07:30', '19:30'] })
  const { url } = await api.record.createCalendar({})
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname })
  expect(res.statusCode).toBe(200)
  return { text: res.body, due }
}

/** Each alarm as [summary, epoch ms] from ical.js: the trigger added to the start, in the cat's zone. */
function alarmsByIcalJs(text: string): [string, number][] {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').flatMap((component) => {
    const event = new ICAL.Event(component)
    const start = event.startDate
    // A DATE start is the start of that day where the cat lives (RFC 5545 §3.3.4: floating).
    const startMs = start.isDate
      ? wallClock(start.toString().slice(0, 10), '00:00')
      : start.toJSDate().getTime()
    return component.getAllSubcomponents('valarm').map((alarm): [string, number] => {
      const trigger = alarm.getFirstProperty('trigger')!
      expect(trigger.getParameter('related') ?? 'START').toBe('START')
      const duration = trigger.getFirstValue() as ICAL.Duration
      return [event.summary, startMs + duration.toSeconds() * 1000]
    })
  })
}

/** The same from node-ical, which reads the trigger as text and the start as a Date. */
function alarmsByNodeIcal(text: string): [string, number][] {
  const data = nodeIcal.sync.parseICS(text)
  return Object.values(data).flatMap((component) => {
    if (component?.type !== 'VEVENT') return []
    const event = component as nodeIcal.VEvent & { alarms?: { trigger: unknown }[] }
    const start = event.start as Date & { dateOnly?: boolean }
    // node-ical reads a DATE as local midnight of the process: take its calendar date, in the cat's zone.
    const startMs = start.dateOnly
      ? wallClock(
          `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`,
          '00:00',
        )
      : start.getTime()
    const summary = String(event.summary)
    return (event.alarms ?? []).map((alarm): [string, number] => {
      const trigger = String((alarm as { trigger: unknown }).trigger)
      return [summary, startMs + ICAL.Duration.fromString(trigger).toSeconds() * 1000]
    })
  })
}

describe('the calendar feed read by two parsers', () => {
  it("rings each alarm at the promised instant in the cat's zone, in both", async () => {
    const { text, due } = await feedOfOwner()
    const bySummary = (alarms: [string, number][], summary: string) =>
      alarms.filter(([s]) => s === summary).map(([, at]) => at)

    for (const alarms of [alarmsByIcalJs(text), alarmsByNodeIcal(text)]) {
      const vaccination = bySummary(alarms, 'Biscuit: Rabies vaccination due').sort()
      const twoWeeksBefore = Temporal.PlainDate.from(due).subtract({ days: 14 }).toString()
      expect(vaccination).toEqual([wallClock(twoWeeksBefore, '09:00'), wallClock(due, '09:00')])

      // The first dose of each time rings at that time today (the window starts at today's midnight).
      const doses = bySummary(alarms, 'Biscuit: Methimazole 2.5 mg').sort()
      const today = localDate(0)
      expect(doses).toEqual([wallClock(today, '07:30'), wallClock(today, '19:30')])

      const checkIns = bySummary(alarms, "Biscuit's check-in")
      expect(checkIns.length).toBeGreaterThanOrEqual(8)
      for (const at of checkIns) {
        const local = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(ZONE)
        expect([local.dayOfWeek, local.hour, local.minute]).toEqual([5, 18, 0])
      }
    }
  })

  it('repeats a dose time daily with RRULE, the same occurrences in both parsers', async () => {
    const { text } = await feedOfOwner()
    const calendar = new ICAL.Component(ICAL.parse(text))
    const doses = calendar
      .getAllSubcomponents('vevent')
      .filter((e) => String(e.getFirstPropertyValue('uid')).startsWith('dose-'))
    expect(doses).toHaveLength(2)
    const byIcalJs = doses.flatMap((component) => {
      const event = new ICAL.Event(component)
      const out: number[] = []
      const it = event.iterator()
      for (let next = it.next(); next && out.length < 100; next = it.next())
        out.push(next.toJSDate().getTime())
      return out
    })
    expect(byIcalJs).toHaveLength(120)

    const data = nodeIcal.sync.parseICS(text)
    const byNodeIcal = Object.values(data).flatMap((component) => {
      if (component?.type !== 'VEVENT' || !String(component.uid).startsWith('dose-')) return []
      const rule = (component as nodeIcal.VEvent).rrule
      expect(rule).toBeDefined()
      return rule!
        .between(new Date(Date.now() - 2 * DAY), new Date(Date.now() + 70 * DAY), true)
        .map((d) => d.getTime())
    })
    expect(byNodeIcal.sort()).toEqual(byIcalJs.sort())
    // Each falls at 07:30 or 19:30 where the cat lives, across any daylight-saving change.
    for (const at of byIcalJs) {
      const local = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(ZONE)
      expect(['07:30', '19:30']).toContain(local.toPlainTime().toString().slice(0, 5))
    }
  })

  it('writes calendar properties before components and ends every line with CRLF', async () => {
    const { text } = await feedOfOwner()
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    // No bare LF or CR anywhere: every line break is CRLF.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n').filter((line) => line !== '' && !line.startsWith(' '))
    let depth = 0
    let componentSeen = false
    for (const line of lines) {
      if (line.startsWith('BEGIN:')) {
        if (depth === 1) componentSeen = true
        depth++
      } else if (line.startsWith('END:')) depth--
      else if (depth === 1) expect(componentSeen, `${line} comes after a component`).toBe(false)
    }
    expect(depth).toBe(0)
    const properties = lines.slice(
      1,
      lines.findIndex((line, i) => i > 0 && line.startsWith('BEGIN:')),
    )
    expect(properties).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        `X-WR-TIMEZONE:${ZONE}`,
        'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      ]),
    )
    // No line is longer than 75 octets (RFC 5545 §3.1).
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  })
})
