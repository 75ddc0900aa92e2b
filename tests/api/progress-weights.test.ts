// The weight log: GET/POST/DELETE /api/care/weights on the
// current or a named cat; every bad input a 400 naming the field, another owner's entry or cat a 404.
import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
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

describe('/api/care/weights', () => {
  it('logs weights in Lbs or Kg and lists them oldest first', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    const first = await call('POST', '/api/care/weights', owner.token, {
      weight: 9.2,
      unit: 'Lbs',
      measured_at: '2026-01-02T08:00:00Z',
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ weight: 9.2, unit: 'Lbs', measured_at: '2026-01-02T08:00:00.000Z' })
    const second = await call('POST', '/api/care/weights', owner.token, { weight: 4.1, unit: 'Kg' })
    expect(second.statusCode).toBe(200)
    const list = await call('GET', '/api/care/weights', owner.token)
    expect(list.statusCode).toBe(200)
    expect(list.json().map((e: { weight: number }) => e.weight)).toEqual([9.2, 4.1])
    const rows = await t.db.weightEntry.findMany({ where: { catId: cat.id } })
    expect(rows.map((r) => r.source)).toEqual(['progress', 'progress'])
  })

  it('takes an optional cat_id (the body on POST, the query on GET); another cat stays apart', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    const newer = await t.db.cat.create({ data: { userId: owner.id, name: 'Oscar' } })
    expect(
      (await call('POST', '/api/care/weights', owner.token, { weight: 8, unit: 'Lbs', cat_id: cat.id }))
        .statusCode,
    ).toBe(200)
    expect(
      (await call('POST', '/api/care/weights', owner.token, { weight: 12, unit: 'Lbs' })).statusCode,
    ).toBe(200)
    const older = await call('GET', `/api/care/weights?cat_id=${cat.id}`, owner.token)
    expect(older.json().map((e: { weight: number }) => e.weight)).toEqual([8])
    const current = await call('GET', '/api/care/weights', owner.token)
    expect(current.json().map((e: { weight: number }) => e.weight)).toEqual([12])
    expect(newer.id).toBeGreaterThan(cat.id)
  })

  it.each([
    ['weight', { weight: 0, unit: 'Lbs' }],
    ['weight', { weight: -3, unit: 'Lbs' }],
    ['weight', { weight: 50.5, unit: 'Lbs' }],
    ['weight', { weight: 23.5, unit: 'Kg' }],
    ['weight', { weight: 'nine', unit: 'Lbs' }],
    ['weight', { unit: 'Lbs' }],
    ['unit', { weight: 9, unit: 'stone' }],
    ['unit', { weight: 9 }],
    ['measured_at', { weight: 9, unit: 'Lbs', measured_at: '2999-01-01T00:00:00Z' }],
    ['measured_at', { weight: 9, unit: 'Lbs', measured_at: 'yesterday' }],
    ['cat_id', { weight: 9, unit: 'Lbs', cat_id: 'x' }],
  ])('refuses a bad %s with a 400 naming it', async (field, body) => {
    const { owner } = await subscriberWithCat(t)
    const res = await call('POST', '/api/care/weights', owner.token, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_INPUT')
    expect(res.json().error).toContain(field)
  })

  it("answers 404 for another owner's entry or cat, and never deletes it", async () => {
    const a = await subscriberWithCat(t)
    const b = await subscriberWithCat(t)
    const entry = (await call('POST', '/api/care/weights', a.owner.token, { weight: 9, unit: 'Lbs' })).json()
    expect((await call('DELETE', `/api/care/weights/${entry.id}`, b.owner.token)).statusCode).toBe(404)
    expect((await call('GET', `/api/care/weights?cat_id=${a.cat.id}`, b.owner.token)).statusCode).toBe(404)
    expect(
      (await call('POST', '/api/care/weights', b.owner.token, { weight: 9, unit: 'Lbs', cat_id: a.cat.id }))
        .statusCode,
    ).toBe(404)
    expect((await call('DELETE', '/api/care/weights/999999', a.owner.token)).statusCode).toBe(404)
    expect((await call('DELETE', '/api/care/weights/999999', a.owner.token)).json()).toEqual({
      error: ERRORS.weightNotFound,
      code: 'NOT_FOUND',
    })
    expect((await call('DELETE', '/api/care/weights/abc', a.owner.token)).statusCode).toBe(400)
    expect((await call('DELETE', `/api/care/weights/${entry.id}`, a.owner.token)).json()).toEqual({
      success: true,
    })
    expect((await call('GET', '/api/care/weights', a.owner.token)).json()).toEqual([])
  })

  it('answers 404 to an owner with no cat and 401 without a token', async () => {
    const catless = await t.signIn()
    expect((await call('GET', '/api/care/weights', catless.token)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/care/weights' })).statusCode).toBe(401)
  })

  it('is the same procedure on tRPC (progress.logWeight / progress.weights)', async () => {
    const { owner } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    await api.progress.logWeight({ weight: 3.9, unit: 'Kg' })
    expect((await api.progress.weights({})).map((e) => e.unit)).toEqual(['Kg'])
  })
})
