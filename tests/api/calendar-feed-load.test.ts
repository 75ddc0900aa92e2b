// The calendar feed of an account at every quota (docs/operations.md "Capability links"): a free owner
// with 20 medications of 12 dose times, 50 vaccinations due and daily check-ins. Its feed is built from
// a bounded window, each repeating dose one event with an RRULE, answers quickly while /healthz keeps
// answering, is served again from a cache with an ETag (304 on If-None-Match), and is read under a
// per-link budget (429 with Retry-After) that leaves the owner's other links alone; so are share links
// and unsubscribe links.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { FEED_MAX_BYTES } from '../../server/domain/links/calendar-feeds.ts'
import { QUOTAS } from '../../server/domain/quotas.ts'
import { DEFAULT_RATE_LIMITS } from '../../server/services/rate-limits.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'
import { mailedUnsubscribeToken } from '../helpers/unsubscribe-link.ts'

const PUBLIC_URL = 'https://care.example.test'
const t = suiteApp(() => createTestApp({ env: { PUBLIC_URL } }))
const DAY = 86_400_000
const TIMES = [
  '00:30',
  '02:30',
  '04:30',
  '06:30',
  '08:30',
  '10:30',
  '12:30',
  '14:30',
  '16:30',
  '18:30',
  '20:30',
  '22:30',
]

/** A free owner (no subscription) whose cat's record is full to every quota. */
async function ownerAtEveryQuota() {
  const owner = await t.signIn()
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Biscuit', breed: 'Persian', age: 5 } })
  const api = await t.caller(owner.token)
  await api.care.updatePlan({ timezone: 'Europe/Paris', reminder_time: '09:00', check_in_period: 'Daily' })
  const today = new Date().toISOString().slice(0, 10)
  await t.db.medication.createMany({
    data: Array.from({ length: QUOTAS.medications.free }, (_, i) => ({
      catId: cat.id,
      name: `Medicine ${i + 1}`,
      dose: '1 tablet',
      times: TIMES,
      startOn: new Date(`${today}T00:00:00Z`),
      nextDoseAt: new Date(Date.now() + 3600_000),
    })),
  })
  await t.db.vaccination.createMany({
    data: Array.from({ length: QUOTAS.vaccinations.free }, (_, i) => ({
      catId: cat.id,
      name: `Vaccine ${i + 1}`,
      givenOn: new Date(Date.now() - 300 * DAY),
      nextDueOn: new Date(new Date(Date.now() + (i + 1) * DAY).toISOString().slice(0, 10)),
    })),
  })
  const { url } = await api.record.createCalendar({ cat_id: cat.id })
  return { owner, cat, api, path: new URL(url).pathname }
}

describe('the calendar feed of an account at every quota', () => {
  it('answers within a second and a bounded size while /healthz keeps answering', async () => {
    const { path } = await ownerAtEveryQuota()
    // A first read of another feed, so the figure is the server's and not the test process warming up.
    const warm = await t.signIn()
    await t.db.cat.create({ data: { userId: warm.id, name: 'Warm' } })
    const { url: warmUrl } = await (await t.caller(warm.token)).record.createCalendar({})
    expect((await t.app.inject({ method: 'GET', url: new URL(warmUrl).pathname })).statusCode).toBe(200)

    const started = performance.now()
    const feed = t.app
      .inject({ method: 'GET', url: path })
      .then((res) => ({ res, ms: performance.now() - started }))
    // /healthz asked while the feed is being read.
    const health = t.app
      .inject({ method: 'GET', url: '/healthz' })
      .then((res) => ({ res, ms: performance.now() - started }))
    const [f, h] = await Promise.all([feed, health])
    expect(f.res.statusCode).toBe(200)
    expect(h.res.statusCode).toBe(200)
    expect(f.ms).toBeLessThan(1000)
    expect(h.ms).toBeLessThan(500)
    expect(f.res.rawPayload.length).toBeLessThan(FEED_MAX_BYTES)

    const events = new ICAL.Component(ICAL.parse(f.res.body)).getAllSubcomponents('vevent')
    // One event per dose time with its RRULE, not one per dose: 20 × 12, plus 50 vaccinations and at
    // most 61 daily check-ins.
    const doses = events.filter((e) => String(e.getFirstPropertyValue('uid')).startsWith('dose-'))
    expect(doses).toHaveLength(QUOTAS.medications.free * TIMES.length)
    for (const d of doses) expect(String(d.getFirstPropertyValue('rrule'))).toMatch(/^FREQ=DAILY;COUNT=60$/)
    expect(events.length).toBeLessThanOrEqual(240 + 50 + 61)
  }, 30_000)

  it('answers 304 to If-None-Match with its ETag, and a new ETag once the record changes', async () => {
    const { api, path } = await ownerAtEveryQuota()
    const first = await t.app.inject({ method: 'GET', url: path })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    // The same bytes on a plain read (served from the cache).
    expect((await t.app.inject({ method: 'GET', url: path })).body).toBe(first.body)

    await api.record.deleteVaccination({
      id: (await t.db.vaccination.findFirstOrThrow({ orderBy: { id: 'desc' } })).id,
    })
    const changed = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  }, 30_000)

  it('is read under a per-link budget: 429 with Retry-After, other links of the owner unaffected', async () => {
    const owner = await t.signIn()
    await t.db.cat.create({ data: { userId: owner.id, name: 'Tom' } })
    const api = await t.caller(owner.token)
    const one = new URL((await api.record.createCalendar({})).url).pathname
    const other = new URL((await api.record.createCalendar({})).url).pathname
    const { points } = DEFAULT_RATE_LIMITS.linkReadsPerLink
    for (let i = 0; i < points; i++) {
      const res = await t.app.inject({ method: 'GET', url: one, remoteAddress: `198.51.100.${i % 200}` })
      expect(res.statusCode).toBe(200)
    }
    const refused = await t.app.inject({ method: 'GET', url: one, remoteAddress: '203.0.113.9' })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(200)
  }, 60_000)
})

describe('the other capability links', () => {
  it('a share link and an unsubscribe link are read under their own budget too (429 with Retry-After)', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    const share = new URL((await api.progress.shareReport({})).url)
    await api.care.plan({})
    const unsubscribe = `/api/care/unsubscribe/${await mailedUnsubscribeToken(t, cat.id)}`
    const { points } = DEFAULT_RATE_LIMITS.linkReadsPerLink
    for (let i = 0; i < points; i++) {
      // Each from its own address: the per-IP budget of shared reports is not the one tested here.
      const address = `198.51.${Math.floor(i / 200)}.${i % 200}`
      const opened = await t.app.inject({
        method: 'GET',
        url: share.pathname + share.search,
        remoteAddress: address,
      })
      expect(opened.statusCode).toBe(200)
      const used = await t.app.inject({ method: 'POST', url: unsubscribe, remoteAddress: address })
      expect(used.statusCode).toBe(200)
    }
    for (const res of [
      await t.app.inject({ method: 'GET', url: share.pathname + share.search, remoteAddress: '203.0.113.1' }),
      await t.app.inject({ method: 'POST', url: unsubscribe, remoteAddress: '203.0.113.1' }),
    ]) {
      expect(res.statusCode).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }
  }, 120_000)
})

describe('a feed past its bounds', () => {
  it('answers 413, not a body the server holds whole, when it would hold more events than a feed may', async () => {
    // More than any quota allows (written past the quotas on purpose): 450 medications of 12 times.
    const { cat, path } = await ownerAtEveryQuota()
    const today = new Date().toISOString().slice(0, 10)
    await t.db.medication.createMany({
      data: Array.from({ length: 430 }, (_, i) => ({
        catId: cat.id,
        name: `Extra ${i + 1}`,
        dose: '1 tablet',
        times: TIMES,
        startOn: new Date(`${today}T00:00:00Z`),
        nextDoseAt: new Date(Date.now() + 3600_000),
      })),
    })
    const res = await t.app.inject({ method: 'GET', url: path })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'TOO_LARGE' })
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  }, 60_000)
})
