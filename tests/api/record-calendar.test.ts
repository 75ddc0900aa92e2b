// The secret calendar feed (docs/product.md §11): POST /api/care/calendar answers a URL that
// opens, with no session, an iCalendar feed of the cat's check-ins, vaccinations due and dose times for
// the next 60 days, with stable UIDs, the owner's zone (TZID on every timed event, its VTIMEZONE in the
// calendar) and alarms; DELETE revokes every feed. The feed is read back with an iCalendar parser
// (ical.js, which has no zone data of its own: it places TZID times by the feed's VTIMEZONE alone),
// never by string matching alone.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarSource, renderCalendar } from '../../server/domain/record/calendar-ics.ts'
import { wallClockInstant } from '../../server/domain/record/local-time.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const t = suiteApp(() => createTestApp({ env: { PUBLIC_URL } }))
const ZONE = 'Europe/Paris'
const DAY = 86_400_000

const dateIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10)

interface FeedEvent {
  uid: string
  summary: string
  start: Date
  /** The TZID its DTSTART names (null on an all-day date). */
  tzid: string | null
  /** The wall-clock time it shows, as written (09:00:00). */
  wallClock: string
  allDay: boolean
  alarms: string[]
  /** Every occurrence (one unless it repeats), with the wall-clock time it shows. */
  occurrences: { at: Date; wallClock: string }[]
}

function occurrencesOf(event: ICAL.Event) {
  const out: { at: Date; wallClock: string }[] = []
  const it = event.iterator()
  for (let next = it.next(); next && out.length < 1000; next = it.next()) {
    const at = event.getOccurrenceDetails(next).startDate
    out.push({ at: at.toJSDate(), wallClock: at.toString().slice(11) })
  }
  return out
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      tzid: (component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      wallClock: event.startDate.toString().slice(11),
      allDay: event.startDate.isDate,
      alarms: component
        .getAllSubcomponents('valarm')
        .map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
      occurrences: occurrencesOf(event),
    }
  })
  const timezones = calendar.getAllSubcomponents('vtimezone').map((tz) => ({
    tzid: String(tz.getFirstPropertyValue('tzid')),
    observances: tz.getAllSubcomponents().map((o) => ({
      kind: o.name,
      start: String(o.getFirstPropertyValue('dtstart')),
      from: String(o.getFirstPropertyValue('tzoffsetfrom')),
      to: String(o.getFirstPropertyValue('tzoffsetto')),
    })),
  }))
  const stamps = calendar
    .getAllSubcomponents('vevent')
    .map((e) => (e.getFirstPropertyValue('dtstamp') as ICAL.Time).zone?.tzid)
  return { zone: calendar.getFirstPropertyValue('x-wr-timezone'), timezones, stamps, events }
}

async function ownerWithRecord() {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({
    timezone: ZONE,
    reminder_time: '09:00',
    check_in_period: 'Weekly',
    training_days: ['Monday'],
  })
  const due = dateIn(20 * DAY)
  await caller.record.addVaccination({ name: 'Rabies', given_on: dateIn(-300 * DAY), next_due_on: due })
  await caller.record.addVaccination({
    name: 'FVRCP',
    given_on: dateIn(-300 * DAY),
    next_due_on: dateIn(200 * DAY),
  })
  const med = await caller.record.addMedication({
    name: 'Methimazole',
    dose: '2.5 mg',
    times: ['08:00', '20:00'],
  })
  return { owner, cat, caller, due, med }
}

const get = (url: string) => t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, '') })

describe('the calendar feed', () => {
  it("lists the next 60 days' check-ins, vaccinations due and doses, in the owner's zone, with alarms", async () => {
    const { caller, due, med } = await ownerWithRecord()
    const { url } = await caller.record.createCalendar({})
    expect(url).toMatch(/^https:\/\/care\.example\.test\/api\/care\/calendar\/[\w-]{43}$/)
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/calendar/)
    const feed = parseFeed(res.body)
    expect(feed.zone).toBe(ZONE)
    // One VTIMEZONE, the owner's; every timed event names it; DTSTAMP is UTC (RFC 5545 §3.8.7.2).
    expect(feed.timezones.map((tz) => tz.tzid)).toEqual([ZONE])
    for (const e of feed.events) expect(e.tzid).toBe(e.allDay ? null : ZONE)
    expect(new Set(feed.stamps)).toEqual(new Set(['UTC']))
    // Everything listed falls in the next 60 days.
    for (const e of feed.events) {
      expect(e.start.getTime()).toBeGreaterThanOrEqual(Date.now() - DAY)
      expect(e.start.getTime()).toBeLessThanOrEqual(Date.now() + 60 * DAY)
    }

    const checkIns = feed.events.filter((e) => e.uid.startsWith('check-in-'))
    // Weekly on Mondays at 09:00 in Paris: 8 or 9 in 60 days.
    expect(checkIns.length).toBeGreaterThanOrEqual(8)
    expect(checkIns.length).toBeLessThanOrEqual(9)
    for (const e of checkIns) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: ZONE,
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(e.start)
      expect(local).toBe('Monday 09:00')
      expect(e.alarms.length).toBe(1)
    }

    const vaccinations = feed.events.filter((e) => e.uid.startsWith('vaccination-'))
    // The FVRCP due in 200 days is past the 60.
    expect(vaccinations).toHaveLength(1)
    expect(vaccinations[0]).toMatchObject({ allDay: true, summary: 'Biscuit: Rabies vaccination due' })
    // Two weeks ahead, and at 09:00 on the day.
    // 09:00 two weeks ahead, and at 09:00 on the day, from the start of the due date.
    expect(vaccinations[0]!.alarms).toEqual(['-P13DT15H', 'PT9H'])

    // One event per dose time, repeating daily over the window: 60 days of two doses.
    const doseEvents = feed.events.filter((e) => e.uid.startsWith(`dose-${med.id}-`))
    expect(doseEvents).toHaveLength(2)
    const doses = doseEvents.flatMap((e) => e.occurrences)
    expect(doses.length).toBeGreaterThanOrEqual(119)
    expect(doses.length).toBeLessThanOrEqual(121)
    const firstDay = dateIn(3 * DAY)
    expect(doses.map((d) => d.at.getTime())).toContain(wallClockInstant(firstDay, '08:00', ZONE).getTime())
    expect(doseEvents[0]!.summary).toBe('Biscuit: Methimazole 2.5 mg')
    expect(new Set(doses.map((d) => d.wallClock))).toEqual(new Set(['08:00:00', '20:00:00']))
    for (const d of doseEvents) expect(d.alarms).toEqual(['PT0S'])
    expect(vaccinations[0]!.uid).toMatch(new RegExp(`^vaccination-\\d+-${due}@care\\.example\\.test$`))

    // UIDs are unique and stable: a second read gives the same ones.
    const uids = feed.events.map((e) => e.uid)
    expect(new Set(uids).size).toBe(uids.length)
    const again = parseFeed((await get(url)).body)
    expect(again.events.map((e) => e.uid)).toEqual(uids)
  })

  it("keeps the owner's wall-clock time across a daylight-saving change (the clock moved to March)", async () => {
    const { owner, cat, caller } = await ownerWithRecord()
    await caller.record.addVaccination({ name: 'FeLV', given_on: '2026-04-10', next_due_on: '2027-04-10' })
    const now = new Date('2027-03-20T10:00:00Z')
    const feed = parseFeed(
      (await renderCalendar(
        await calendarSource(t.db, { ownerId: owner.id, catId: cat.id }, PUBLIC_URL, now),
      ))!,
    )
    // Paris goes from +01:00 to +02:00 on 2027-03-28 at 02:00: the VTIMEZONE says so.
    expect(feed.timezones[0]!.observances).toEqual([
      { kind: 'standard', start: '2027-03-19T00:00:00', from: '+01:00', to: '+01:00' },
      { kind: 'daylight', start: '2027-03-28T02:00:00', from: '+01:00', to: '+02:00' },
    ])
    const dose = (day: string) =>
      feed.events
        .filter((e) => e.uid.startsWith('dose-') && e.tzid === ZONE)
        .flatMap((e) => e.occurrences)
        .find((o) => o.at.toISOString().startsWith(day))
    // 08:00 in Paris: 07:00 UTC before the change, 06:00 UTC after it, read through the VTIMEZONE.
    expect(dose('2027-03-27T07:00')).toMatchObject({ wallClock: '08:00:00' })
    expect(dose('2027-03-29T06:00')).toMatchObject({ wallClock: '08:00:00' })
    const checkIn = feed.events.find((e) => e.uid.startsWith('check-in-') && e.start > new Date('2027-03-28'))
    expect(checkIn!.start.toISOString()).toBe('2027-03-29T07:00:00.000Z')
    const felv = feed.events.find((e) => e.summary === 'Biscuit: FeLV vaccination due')
    expect(felv).toMatchObject({ allDay: true, tzid: null, alarms: ['-P13DT15H', 'PT9H'] })
    for (const e of feed.events) {
      expect(e.start.getTime()).toBeGreaterThanOrEqual(now.getTime() - DAY)
      expect(e.start.getTime()).toBeLessThanOrEqual(now.getTime() + 60 * DAY)
    }
  })

  it('a deleted medication leaves the feed; a revoke makes every feed URL a 404', async () => {
    const { owner, caller, med } = await ownerWithRecord()
    const first = (await caller.record.createCalendar({})).url
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/care/calendar',
        headers: { authorization: `Bearer ${owner.token}` },
      })
    ).json().url
    expect(second).not.toBe(first)
    await caller.record.deleteMedication({ id: med.id })
    const feed = parseFeed((await get(second)).body)
    expect(feed.events.some((e) => e.uid.startsWith('dose-'))).toBe(false)
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/care/calendar',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(revoked.json()).toEqual({ success: true })
    expect((await get(first)).statusCode).toBe(404)
    expect((await get(second)).statusCode).toBe(404)
  })

  it('an unknown token is a 404, a malformed one a 400; another owner’s cat a 404; no token a 401', async () => {
    const a = await subscriberWithCat(t)
    const b = await subscriberWithCat(t)
    expect((await get(`/api/care/calendar/${'A'.repeat(43)}`)).statusCode).toBe(404)
    expect((await get('/api/care/calendar/short')).statusCode).toBe(400)
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/care/calendar',
      headers: { authorization: `Bearer ${b.owner.token}` },
      payload: { cat_id: a.cat.id },
    })
    expect(other.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/api/care/calendar' })).statusCode).toBe(401)
  })
})
