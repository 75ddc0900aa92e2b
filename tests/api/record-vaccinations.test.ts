// The health record's vaccinations (docs/product.md §11): add, list soonest due first, delete,
// on both surfaces; a due date proposed for the core vaccines; names with hidden characters refused;
// another owner's cat or record a 404.
import { TRPCError } from '@trpc/server'
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

const today = () => new Date().toISOString().slice(0, 10)

describe('/api/care/vaccinations', () => {
  it('adds, lists soonest due first (no due date last) and deletes', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    const later = await call('POST', '/api/care/vaccinations', owner.token, {
      name: 'FVRCP',
      given_on: '2026-01-10',
      next_due_on: '2029-01-10',
      clinic: 'Downtown Vets',
    })
    expect(later.statusCode).toBe(200)
    expect(later.json()).toEqual({
      id: expect.any(Number),
      cat_id: cat.id,
      name: 'FVRCP',
      given_on: '2026-01-10',
      next_due_on: '2029-01-10',
      clinic: 'Downtown Vets',
      notes: null,
    })
    const sooner = await call('POST', '/api/care/vaccinations', owner.token, {
      name: 'Rabies',
      given_on: '2026-03-01',
      next_due_on: '2027-03-01',
    })
    const unknown = await call('POST', '/api/care/vaccinations', owner.token, {
      name: 'Bordetella',
      given_on: '2026-02-01',
    })
    expect(unknown.json().next_due_on).toBeNull()
    const list = await call('GET', '/api/care/vaccinations', owner.token)
    expect(list.statusCode).toBe(200)
    expect(list.json().map((v: { id: number }) => v.id)).toEqual([
      sooner.json().id,
      later.json().id,
      unknown.json().id,
    ])
    const removed = await call('DELETE', `/api/care/vaccinations/${sooner.json().id}`, owner.token)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ success: true })
    expect((await call('GET', '/api/care/vaccinations', owner.token)).json()).toHaveLength(2)
    expect((await call('DELETE', `/api/care/vaccinations/${sooner.json().id}`, owner.token)).statusCode).toBe(
      404,
    )
  })

  it('proposes the next due date of a core vaccine from the cat’s age (tRPC too)', async () => {
    const { owner, cat } = await subscriberWithCat(t, { cat: { age: 5 } })
    const caller = await t.caller(owner.token)
    const record = await caller.record.addVaccination({ name: 'FVRCP booster', given_on: '2026-01-10' })
    expect(record).toMatchObject({ cat_id: cat.id, next_due_on: '2029-01-09' })
    const rabies = await caller.record.addVaccination({ name: 'Rabies 1-year', given_on: '2026-06-01' })
    expect(rabies.next_due_on).toBe('2027-06-01')
    const kitten = await subscriberWithCat(t, { cat: { age: 10 / 52.18 } })
    const dose = await (await t.caller(kitten.owner.token)).record.addVaccination({
      name: 'FVRCP',
      given_on: today(),
    })
    expect(Date.parse(dose.next_due_on!) - Date.parse(today())).toBe(21 * 86_400_000)
    expect(await caller.record.vaccinations({})).toHaveLength(2)
  })

  it('keeps a next_due_on the owner typed, even for a core vaccine', async () => {
    const { owner } = await subscriberWithCat(t)
    const res = await call('POST', '/api/care/vaccinations', owner.token, {
      name: 'FeLV',
      given_on: '2026-05-01',
      next_due_on: '2028-05-01',
    })
    expect(res.json().next_due_on).toBe('2028-05-01')
  })

  it('takes cat_id; another owner’s cat or vaccination is a 404', async () => {
    const a = await subscriberWithCat(t)
    const b = await subscriberWithCat(t)
    const older = await t.db.cat.create({ data: { userId: a.owner.id, name: 'Oscar' } })
    const onOlder = await call('POST', '/api/care/vaccinations', a.owner.token, {
      cat_id: a.cat.id,
      name: 'Rabies',
      given_on: '2026-01-01',
    })
    expect(onOlder.json().cat_id).toBe(a.cat.id)
    expect(older.id).toBeGreaterThan(a.cat.id)
    expect((await call('GET', '/api/care/vaccinations', a.owner.token)).json()).toEqual([])
    expect(
      (await call('GET', `/api/care/vaccinations?cat_id=${a.cat.id}`, a.owner.token)).json(),
    ).toHaveLength(1)
    expect((await call('GET', `/api/care/vaccinations?cat_id=${a.cat.id}`, b.owner.token)).statusCode).toBe(
      404,
    )
    expect(
      (
        await call('POST', '/api/care/vaccinations', b.owner.token, {
          cat_id: a.cat.id,
          name: 'Rabies',
          given_on: '2026-01-01',
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await call('DELETE', `/api/care/vaccinations/${onOlder.json().id}`, b.owner.token)).statusCode,
    ).toBe(404)
    const callerB = await t.caller(b.owner.token)
    await expect(callerB.record.deleteVaccination({ id: onOlder.json().id })).rejects.toBeInstanceOf(
      TRPCError,
    )
    expect(await t.db.vaccination.count({ where: { id: onOlder.json().id } })).toBe(1)
  })

  it.each([
    ['a line feed', 'Rabies\nshot'],
    ['a NUL', 'Rab\u0000ies'],
    ['a bidi override', 'Rabies \u202Eesab'],
    ['a bidi isolate', '\u2066Rabies'],
    ['a zero-width space', 'Rab\u200Bies'],
    ['a byte-order mark', '\uFEFFRabies'],
    ['nothing', '   '],
  ])('refuses a name with %s with 400', async (_what, name) => {
    const { owner } = await subscriberWithCat(t)
    const res = await call('POST', '/api/care/vaccinations', owner.token, { name, given_on: '2026-01-01' })
    expect(res.statusCode).toBe(400)
    // A NUL is refused by the server's guard before any schema (server/http/nul-guard.ts), in its own words.
    expect(res.json().error).toMatch(/name|NUL/)
  })

  it('welcomes emoji, the joiner inside one included', async () => {
    const { owner } = await subscriberWithCat(t)
    const res = await call('POST', '/api/care/vaccinations', owner.token, {
      name: '🐈‍⬛ Rabies',
      given_on: '2026-01-01',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().name).toBe('🐈‍⬛ Rabies')
  })

  it.each([
    [{ name: 'Rabies', given_on: '2026-02-30' }],
    [{ name: 'Rabies', given_on: '01/02/2026' }],
    [{ name: 'Rabies' }],
    [{ name: 'Rabies', given_on: '2026-01-01', next_due_on: 'soon' }],
    [{ name: 7, given_on: '2026-01-01' }],
  ])('a bad body is a 400: %j', async (payload) => {
    const { owner } = await subscriberWithCat(t)
    expect((await call('POST', '/api/care/vaccinations', owner.token, payload)).statusCode).toBe(400)
  })

  it('a body that is not an object is a 400, an id that is not one a 400, no token a 401', async () => {
    const { owner } = await subscriberWithCat(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/care/vaccinations',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '["Rabies"]',
    })
    expect(res.statusCode).toBe(400)
    expect((await call('DELETE', '/api/care/vaccinations/abc', owner.token)).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/care/vaccinations' })).statusCode).toBe(401)
  })
})
