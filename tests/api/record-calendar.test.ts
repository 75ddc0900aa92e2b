// The secret calendar feed (CONTRACT "the health record"): POST /api/care/calendar answers a URL that
// opens, with no session, an iCalendar feed of the cat's check-ins, vaccinations due and dose times for
// the next 60 days, with stable UIDs, the owner's zone and alarms; DELETE revokes every feed. The feed
// is read back with an iCalendar parser (ical.js), never by string matching alone.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
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
  allDay: boolean
  alarms: string[]
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      allDay: event.startDate.isDate,
      alarms: component
        .getAllSubcomponents('valarm')
        .map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
    }
  })
  return { zone: calendar.getFirstPropertyValue('x-wr-timezone'), events }
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
    expect(vaccinations[0]!.alarms).toEqual(['-P14D', 'PT9H'])

    const doses = feed.events.filter((e) => e.uid.startsWith(`dose-${med.id}-`))
    expect(doses.length).toBeGreaterThanOrEqual(119)
    expect(doses.length).toBeLessThanOrEqual(121)
    const firstDay = dateIn(3 * DAY)
    expect(doses.map((d) => d.start.getTime())).toContain(wallClockInstant(firstDay, '08:00', ZONE).getTime())
    expect(doses[0]!.summary).toBe('Biscuit: Methimazole 2.5 mg')
    expect(vaccinations[0]!.uid).toMatch(new RegExp(`^vaccination-\\d+-${due}@care\\.example\\.test$`))

    // UIDs are unique and stable: a second read gives the same ones.
    const uids = feed.events.map((e) => e.uid)
    expect(new Set(uids).size).toBe(uids.length)
    const again = parseFeed((await get(url)).body)
    expect(again.events.map((e) => e.uid)).toEqual(uids)
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
