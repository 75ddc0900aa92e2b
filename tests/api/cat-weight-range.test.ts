// A cat's weights on the server keep the weight log's range in the cat's own unit (at most 50 lb or
// 23 kg), read a decimal comma, and take a kitten's age band; through tRPC and the REST
// row of docs/product.md §7 alike.
import { beforeAll, describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()
let owner: { id: number; token: string }

beforeAll(async () => {
  owner = await t.signIn('weight-range@example.com')
})

const put = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/supabase/cats/${id}`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload,
  })

describe("a cat's weight and target: the weight log's range in the cat's unit", () => {
  it('refuses 80 lb and 30 kg as a new cat, naming the field; 50 lb and 23 kg are kept', async () => {
    const api = await t.caller(owner.token)
    await expect(api.cat.create({ name: 'Big', weight: 80, unit: 'Lbs' })).rejects.toMatchObject({
      message: expect.stringContaining('weight'),
    })
    await expect(api.cat.create({ name: 'Big', weight: 30, unit: 'Kg' })).rejects.toMatchObject({
      message: 'weight: no cat weighs that much: at most 23 kg',
    })
    await expect(
      api.cat.create({ name: 'Big', weight: 10, target_weight: 24, unit: 'Kg' }),
    ).rejects.toMatchObject({ message: 'target_weight: no cat weighs that much: at most 23 kg' })
    const lb = await api.cat.create({ name: 'Heavy', weight: 50, unit: 'Lbs' })
    const kg = await api.cat.create({ name: 'Heavy kg', weight: 23, unit: 'Kg' })
    expect((await api.cat.get({ id: lb.id })).weight).toBe(50)
    expect((await api.cat.get({ id: kg.id })).weight).toBe(23)
  })

  it('checks an update against the unit the cat will have; a name change to an old cat still saves', async () => {
    const api = await t.caller(owner.token)
    const { id } = await api.cat.create({ name: 'Mochi', weight: 40, unit: 'Lbs' })
    // Only the unit changes: 40 kg is no cat's weight.
    const onlyUnit = await put(id, { unit: 'Kg' })
    expect(onlyUnit.statusCode).toBe(400)
    expect(onlyUnit.json()).toEqual({
      error: 'weight: no cat weighs that much: at most 23 kg',
      code: 'INVALID_INPUT',
    })
    const both = await put(id, { weight: '18,14', unit: 'Kg' })
    expect(both.statusCode).toBe(200)
    expect(both.json()).toMatchObject({ weight: 18.14, unit: 'Kg' })
    // A cat stored before the range (a wider wizard) still takes a change of its name.
    await t.db.cat.update({ where: { id }, data: { weight: 80, weightUnit: 'Lbs' } })
    expect((await put(id, { name: 'Mochi Bean' })).statusCode).toBe(200)
    expect((await put(id, { weight: 81 })).statusCode).toBe(400)
  })

  it('reads a decimal comma and a kitten age band', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { cat_name: 'Pip', weight: '2,5', target_weight: '2,5', unit: 'Lbs', age: '0.25' },
    })
    expect(res.statusCode).toBe(200)
    const api = await t.caller(owner.token)
    expect(await api.cat.get({ id: res.json().id })).toMatchObject({
      weight: 2.5,
      target_weight: 2.5,
      age: 0.25,
    })
  })
})
