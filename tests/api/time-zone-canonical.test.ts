// A time zone sent in any letter case was stored as sent (`america/new_york`), so one zone had several
// spellings. It is stored as Intl's canonical name, on the plan and on the owner.
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { careSubscriber } from '../helpers/subscribers.ts'

const t = suiteApp(() => createTestApp())

const send = (method: 'PUT', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })

describe('time zones', () => {
  it('are stored canonical on the plan (REST and tRPC) and on the owner', async () => {
    const { owner, catId } = await careSubscriber(t, `tz-${Date.now()}@example.com`, 'tz')
    const plan = await send('PUT', '/api/care/plan', owner.token, { timezone: 'america/new_york' })
    expect(plan.statusCode).toBe(200)
    expect(plan.json().timezone).toBe('America/New_York')
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId } })).timezone).toBe('America/New_York')

    const api = await t.caller(owner.token)
    expect((await api.care.updatePlan({ timezone: 'EUROPE/PARIS' })).timezone).toBe('Europe/Paris')

    expect(
      (await send('PUT', '/api/care/timezone', owner.token, { timezone: 'asia/tokyo' })).statusCode,
    ).toBe(200)
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).timeZone).toBe('Asia/Tokyo')
    expect((await send('PUT', '/api/care/plan', owner.token, { timezone: 'Mars/Olympus' })).statusCode).toBe(
      400,
    )
  })
})
