// The health record's medications (docs/product.md §11): add, list with the doses logged (by
// whom) and the doses missed, log a dose, delete, on both surfaces; another owner's cat or medication a
// 404; names with hidden characters refused.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

const HOUR = 3600_000
const DAY = 24 * HOUR

async function ownerInUtc() {
  const { owner, cat } = await subscriberWithCat(t)
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({ timezone: 'UTC' })
  const email = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
  return { owner, cat, caller, email }
}

describe('/api/care/medications', () => {
  it('adds a medication with its next dose time, lists it and deletes it', async () => {
    const { owner, cat } = await ownerInUtc()
    const res = await call('POST', '/api/care/medications', owner.token, {
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['20:00', '08:00'],
      notes: 'with food',
    })
    expect(res.statusCode).toBe(200)
    const med = res.json()
    expect(med).toMatchObject({
      cat_id: cat.id,
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['08:00', '20:00'],
      start_on: new Date().toISOString().slice(0, 10),
      end_on: null,
      notes: 'with food',
      doses: [],
      missed_doses: [],
    })
    const next = Date.parse(med.next_dose_at)
    expect(next).toBeGreaterThan(Date.now())
    expect(next - Date.now()).toBeLessThanOrEqual(12 * HOUR)
    expect([8, 20]).toContain(new Date(next).getUTCHours())
    const list = await call('GET', '/api/care/medications', owner.token)
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([med.id])
    expect((await call('DELETE', `/api/care/medications/${med.id}`, owner.token)).json()).toEqual({
      success: true,
    })
    expect((await call('GET', '/api/care/medications', owner.token)).json()).toEqual([])
    expect((await call('DELETE', `/api/care/medications/${med.id}`, owner.token)).statusCode).toBe(404)
  })

  it('logs a dose with the e-mail of whoever logged it (tRPC too)', async () => {
    const { owner, caller, email } = await ownerInUtc()
    const med = await caller.record.addMedication({ name: 'Gabapentin', dose: '50 mg', times: ['09:00'] })
    const dose = await call('POST', `/api/care/medications/${med.id}/doses`, owner.token, {
      given_at: new Date(Date.now() - HOUR).toISOString(),
    })
    expect(dose.statusCode).toBe(200)
    expect(dose.json()).toEqual({ given_at: expect.any(String), by: email })
    const second = await caller.record.logDose({ id: med.id })
    expect(second.by).toBe(email)
    const [listed] = await caller.record.medications({})
    expect(listed!.doses.map((d) => d.by)).toEqual([email, email])
    expect(Date.parse(listed!.doses[0]!.given_at)).toBeGreaterThan(Date.parse(listed!.doses[1]!.given_at))
    const future = await call('POST', `/api/care/medications/${med.id}/doses`, owner.token, {
      given_at: new Date(Date.now() + DAY).toISOString(),
    })
    expect(future.statusCode).toBe(400)
  })

  it('shows a dose time passed with no dose logged as missed; a logged one is not', async () => {
    const { caller } = await ownerInUtc()
    const now = new Date()
    // Two dose times in the past day: three and six hours ago (whole minutes, UTC).
    const at = (msAgo: number) => new Date(Math.floor((now.getTime() - msAgo) / 60_000) * 60_000)
    const hhmm = (d: Date) => d.toISOString().slice(11, 16)
    const [a, b] = [at(3 * HOUR), at(6 * HOUR)]
    const med = await caller.record.addMedication({
      name: 'Prednisolone',
      dose: '5 mg',
      times: [hhmm(a), hhmm(b)],
      start_on: '2026-01-01',
    })
    // Added two days ago, so its past dose times count.
    await t.db.medication.update({
      where: { id: med.id },
      data: { createdAt: new Date(now.getTime() - 2 * DAY) },
    })
    await caller.record.logDose({ id: med.id, given_at: new Date(a.getTime() + 10 * 60_000).toISOString() })
    const [listed] = await caller.record.medications({})
    const missed = listed!.missed_doses.map((m) => m.due_at)
    expect(missed).toContain(b.toISOString())
    expect(missed).not.toContain(a.toISOString())
  })

  it('takes cat_id; another owner’s cat or medication is a 404', async () => {
    const a = await ownerInUtc()
    const b = await ownerInUtc()
    const med = await a.caller.record.addMedication({
      cat_id: a.cat.id,
      name: 'Amlodipine',
      dose: '0.625 mg',
      times: ['08:00'],
    })
    expect(med.cat_id).toBe(a.cat.id)
    expect((await call('GET', `/api/care/medications?cat_id=${a.cat.id}`, b.owner.token)).statusCode).toBe(
      404,
    )
    expect(
      (
        await call('POST', '/api/care/medications', b.owner.token, {
          cat_id: a.cat.id,
          name: 'X',
          dose: '1',
          times: ['08:00'],
        })
      ).statusCode,
    ).toBe(404)
    expect((await call('POST', `/api/care/medications/${med.id}/doses`, b.owner.token, {})).statusCode).toBe(
      404,
    )
    expect((await call('DELETE', `/api/care/medications/${med.id}`, b.owner.token)).statusCode).toBe(404)
    expect(await t.db.medication.count({ where: { id: med.id } })).toBe(1)
  })

  it.each([
    [{ name: 'Pred\u202Enisolone', dose: '5 mg', times: ['08:00'] }],
    [{ name: 'Pred\u200Bnisolone', dose: '5 mg', times: ['08:00'] }],
    [{ name: 'Prednisolone', dose: '5\nmg', times: ['08:00'] }],
    [{ name: 'Prednisolone', dose: '5 mg', times: ['8am'] }],
    [{ name: 'Prednisolone', dose: '5 mg', times: ['24:00'] }],
    [{ name: 'Prednisolone', dose: '5 mg', times: [] }],
    [{ name: 'Prednisolone', dose: '5 mg', times: ['08:00', '08:00'] }],
    [{ name: 'Prednisolone', dose: '5 mg', times: ['08:00'], start_on: '2026-05-02', end_on: '2026-05-01' }],
    [{ name: 'Prednisolone', times: ['08:00'] }],
  ])('a bad body is a 400: %j', async (payload) => {
    const { owner } = await ownerInUtc()
    expect((await call('POST', '/api/care/medications', owner.token, payload)).statusCode).toBe(400)
  })
})
