// The cat's vets (docs/product.md §11): GET/PUT /api/care/vets, each vet or null, on both
// surfaces; what is not sent stays; another owner's cat a 404; bad input a 400.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

function call(method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

const usual = { name: 'Downtown Vets', phone: '+1 (555) 010-2000', address: '1 Main St' }
const emergency = { name: 'City 24h Animal ER', phone: '555-0199' }

describe('/api/care/vets', () => {
  it('answers none at first, sets both, keeps what is not sent, clears with null', async () => {
    const { owner } = await subscriberWithCat(t)
    expect((await call('GET', '/api/care/vets', owner.token)).json()).toEqual({
      usual: null,
      emergency: null,
    })
    const set = await call('PUT', '/api/care/vets', owner.token, { usual, emergency })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ usual, emergency: { ...emergency, address: null } })
    const cleared = await call('PUT', '/api/care/vets', owner.token, { emergency: null })
    expect(cleared.json()).toEqual({ usual, emergency: null })
    expect((await call('GET', '/api/care/vets', owner.token)).json()).toEqual({ usual, emergency: null })
  })

  it('takes cat_id on tRPC too; another owner’s cat is a 404', async () => {
    const a = await subscriberWithCat(t)
    const b = await subscriberWithCat(t)
    const newer = await t.db.cat.create({ data: { userId: a.owner.id, name: 'Oscar' } })
    const caller = await t.caller(a.owner.token)
    await caller.record.updateVets({ cat_id: a.cat.id, usual })
    expect(await caller.record.vets({ cat_id: a.cat.id })).toEqual({ usual, emergency: null })
    expect(await caller.record.vets({})).toEqual({ usual: null, emergency: null })
    expect(newer.id).toBeGreaterThan(a.cat.id)
    expect((await call('GET', `/api/care/vets?cat_id=${a.cat.id}`, b.owner.token)).statusCode).toBe(404)
    expect(
      (await call('PUT', '/api/care/vets', b.owner.token, { cat_id: a.cat.id, usual: null })).statusCode,
    ).toBe(404)
    expect(await caller.record.vets({ cat_id: a.cat.id })).toEqual({ usual, emergency: null })
  })

  it.each([
    [{ usual: { name: 'Vets', phone: 'call me' } }],
    [{ usual: { name: 'Vets' } }],
    [{ usual: { name: 'Ve\u202Ets', phone: '555-0100' } }],
    [{ usual: { name: 'Vets', phone: '555-0100', fax: '1' } }],
    [{ usual: 'Downtown Vets' }],
    [{ vet: usual }],
  ])('a bad body is a 400: %j', async (payload) => {
    const { owner } = await subscriberWithCat(t)
    expect((await call('PUT', '/api/care/vets', owner.token, payload)).statusCode).toBe(400)
  })
})
