// The care plan (docs/product.md §10) through REST and tRPC on a real database: defaults from the
// quiz, the owner's zone, every rule of next_check_in_at, pause and resume, bad input, ownership and the
// one-click unsubscribe token.
import { describe, expect, it } from 'vitest'
import { updateCarePlan } from '../../server/domain/care/plan.ts'
import { suiteApp } from '../helpers/app.ts'
import { mailedUnsubscribeToken } from '../helpers/unsubscribe-link.ts'

const t = suiteApp()
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

async function ownerWithCat(cat: Record<string, unknown> = {}) {
  const owner = await t.signIn()
  const res = await call('POST', '/api/supabase/cats', owner.token, {
    cat_name: 'Miso',
    gender: 'Male',
    ...cat,
  })
  expect(res.statusCode).toBe(200)
  return { ...owner, catId: res.json().id as number }
}

/** The wall-clock weekday and time of an instant in a zone. */
function local(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return { weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` }
}

const WEEK_MS = 7 * 24 * 3600 * 1000

describe('GET /api/care/plan', () => {
  it("starts from the quiz's answers: its period and days, 09:00 UTC, e-mail on, push off", async () => {
    const owner = await ownerWithCat({ check_in_period: 'Weekly', training_days: ['Thursday', 'Saturday'] })
    const res = await call('GET', '/api/care/plan', owner.token)
    expect(res.statusCode).toBe(200)
    const plan = res.json()
    expect(plan).toMatchObject({
      cat_id: owner.catId,
      check_in_period: 'Weekly',
      training_days: ['Thursday', 'Saturday'],
      reminder_time: '09:00',
      timezone: 'UTC',
      channels: { email: true, push: false },
      paused: false,
    })
    // Weekly: the first training day in docs/product.md §9's order.
    expect(local(plan.next_check_in_at, 'UTC')).toEqual({ weekday: 'Thursday', time: '09:00' })
    const ahead = Date.parse(plan.next_check_in_at) - Date.now()
    expect(ahead).toBeGreaterThan(0)
    expect(ahead).toBeLessThanOrEqual(WEEK_MS)
  })

  it('takes the zone the browser sent at sign-in, and the default rhythm when the quiz had none', async () => {
    const owner = await t.signIn()
    expect(
      (await call('PUT', '/api/care/timezone', owner.token, { timezone: 'Europe/Paris' })).statusCode,
    ).toBe(200)
    await call('POST', '/api/supabase/cats', owner.token, { cat_name: 'Pip', gender: 'Female' })
    const plan = (await call('GET', '/api/care/plan', owner.token)).json()
    expect(plan).toMatchObject({
      timezone: 'Europe/Paris',
      check_in_period: '3 Times a Week',
      training_days: [],
    })
    expect(['Monday', 'Wednesday', 'Friday']).toContain(local(plan.next_check_in_at, 'Europe/Paris').weekday)
    expect(local(plan.next_check_in_at, 'Europe/Paris').time).toBe('09:00')
  })

  it('a zone sent later moves a plan whose zone the owner never chose, not one they chose', async () => {
    const owner = await ownerWithCat()
    await call('PUT', '/api/care/timezone', owner.token, { timezone: 'Asia/Tokyo' })
    expect((await call('GET', '/api/care/plan', owner.token)).json().timezone).toBe('Asia/Tokyo')
    await call('PUT', '/api/care/plan', owner.token, { timezone: 'America/Chicago' })
    await call('PUT', '/api/care/timezone', owner.token, { timezone: 'Asia/Tokyo' })
    expect((await call('GET', '/api/care/plan', owner.token)).json().timezone).toBe('America/Chicago')
  })

  it("answers 404 for an owner with no cat, and for another owner's cat_id", async () => {
    const lonely = await t.signIn()
    expect((await call('GET', '/api/care/plan', lonely.token)).json().code).toBe('CAT_NOT_FOUND')
    const owner = await ownerWithCat()
    const res = await call('GET', `/api/care/plan?cat_id=${owner.catId}`, lonely.token)
    expect(res.statusCode).toBe(404)
    expect(
      (await call('PUT', '/api/care/plan', lonely.token, { cat_id: owner.catId, paused: true })).statusCode,
    ).toBe(404)
    expect((await call('GET', '/api/care/plan', null)).statusCode).toBe(401)
  })

  it('serves the named cat of a household, the current cat by default', async () => {
    const owner = await ownerWithCat({ check_in_period: 'Daily' })
    const second = (
      await call('POST', '/api/supabase/cats', owner.token, {
        cat_name: 'Tofu',
        gender: 'Male',
        check_in_period: 'Weekly',
      })
    ).json().id
    expect((await call('GET', '/api/care/plan', owner.token)).json()).toMatchObject({
      cat_id: second,
      check_in_period: 'Weekly',
    })
    const first = (await call('GET', `/api/care/plan?cat_id=${owner.catId}`, owner.token)).json()
    expect(first).toMatchObject({ cat_id: owner.catId, check_in_period: 'Daily' })
    const caller = await t.caller(owner.token)
    expect((await caller.care.plan({ cat_id: owner.catId })).check_in_period).toBe('Daily')
  })
})

describe('PUT /api/care/plan', () => {
  it('changes the fields sent and moves next_check_in_at to the new time and zone', async () => {
    const owner = await ownerWithCat()
    const res = await call('PUT', '/api/care/plan', owner.token, {
      check_in_period: 'Weekly',
      training_days: ['Sunday', 'Tuesday'],
      reminder_time: '18:30',
      timezone: 'America/New_York',
      channels: { push: true },
    })
    expect(res.statusCode).toBe(200)
    const plan = res.json()
    expect(plan).toMatchObject({
      check_in_period: 'Weekly',
      training_days: ['Sunday', 'Tuesday'],
      reminder_time: '18:30',
      timezone: 'America/New_York',
      channels: { email: true, push: true },
    })
    expect(local(plan.next_check_in_at, 'America/New_York')).toEqual({ weekday: 'Tuesday', time: '18:30' })
    expect(await call('GET', '/api/care/plan', owner.token).then((r) => r.json())).toEqual(plan)
  })

  it('Daily, 3 Times a Week and Any Day follow the contract', async () => {
    const owner = await ownerWithCat()
    const daily = (await call('PUT', '/api/care/plan', owner.token, { check_in_period: 'Daily' })).json()
    expect(Date.parse(daily.next_check_in_at) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000)
    const three = (
      await call('PUT', '/api/care/plan', owner.token, {
        check_in_period: '3 Times a Week',
        training_days: ['Any Day'],
      })
    ).json()
    expect(['Monday', 'Wednesday', 'Friday']).toContain(local(three.next_check_in_at, 'UTC').weekday)
  })

  it('keeps 09:00 in New York on the day its clocks change (the domain rule on this database)', async () => {
    const owner = await ownerWithCat()
    const change = { check_in_period: 'Daily', timezone: 'America/New_York' } as const
    // Saturday 7 March 2026, 10:00 New York time (EST, UTC-5); Sunday the clocks go forward to EDT.
    const spring = await updateCarePlan(t.db, owner.id, change, new Date('2026-03-07T15:00:00Z'))
    expect(spring.next_check_in_at).toBe('2026-03-08T13:00:00.000Z')
    // Saturday 31 October 2026, 10:00 EDT; Sunday the clocks go back to EST.
    const autumn = await updateCarePlan(t.db, owner.id, change, new Date('2026-10-31T14:00:00Z'))
    expect(autumn.next_check_in_at).toBe('2026-11-01T14:00:00.000Z')
  })

  it('pauses (no next check-in) and resumes', async () => {
    const owner = await ownerWithCat()
    const paused = (await call('PUT', '/api/care/plan', owner.token, { paused: true })).json()
    expect(paused).toMatchObject({ paused: true, next_check_in_at: null })
    const resumed = (await call('PUT', '/api/care/plan', owner.token, { paused: false })).json()
    expect(resumed.paused).toBe(false)
    expect(Date.parse(resumed.next_check_in_at)).toBeGreaterThan(Date.now())
  })

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    [{ timezone: 42 }, 'timezone'],
    [{ reminder_time: '9:00' }, 'reminder_time'],
    [{ reminder_time: '24:00' }, 'reminder_time'],
    [{ reminder_time: '09:00:00' }, 'reminder_time'],
    [{ training_days: ['Funday'] }, 'training_days'],
    [{ training_days: 'Monday' }, 'training_days'],
    [{ training_days: ['Monday', 'Monday'] }, 'training_days'],
    [{ check_in_period: 'Hourly' }, 'check_in_period'],
    [{ channels: { email: 'yes' } }, 'channels'],
    [{ channels: { push: 1 } }, 'channels'],
    [{ channels: true }, 'channels'],
    [{ paused: 'true' }, 'paused'],
    [{ cat_id: 'abc' }, 'cat_id'],
    [{ colour: 'blue' }, 'colour'],
  ])('refuses %j with a 400 naming %s, and leaves the plan unchanged', async (body, field) => {
    const owner = await ownerWithCat()
    const before = (await call('GET', '/api/care/plan', owner.token)).json()
    const res = await call('PUT', '/api/care/plan', owner.token, { reminder_time: '07:15', ...body })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_INPUT')
    expect(res.json().error).toContain(field)
    expect((await call('GET', '/api/care/plan', owner.token)).json()).toEqual(before)
  })
})

describe('POST /api/care/unsubscribe/{token}', () => {
  it("pauses the owner's reminders with RFC 8058's form body and no session", async () => {
    const owner = await ownerWithCat()
    const token = await mailedUnsubscribeToken(t, owner.catId)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/care/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    expect((await call('GET', '/api/care/plan', owner.token)).json()).toMatchObject({
      paused: true,
      next_check_in_at: null,
    })
  })

  it('answers 404 for a token that is not one of ours, whatever its shape', async () => {
    for (const token of ['nope', 'A'.repeat(32), '%20', 'x'.repeat(90)]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/care/unsubscribe/${token}` })
      expect([token, res.statusCode, res.json().code]).toEqual([token, 404, 'NOT_FOUND'])
    }
  })
})
