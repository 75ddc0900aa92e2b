// Names refuse control characters, bidi overrides and isolates and zero-width spaces with 400 (docs/api.md
// "Inputs every row shares"); the joiner inside an emoji sequence is part of the emoji and stays welcome.
import { describe, expect, it } from 'vitest'
import { freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, suiteApp } from '../helpers/app.ts'

const t = suiteApp(() => createTestApp())

const REFUSED = [
  'Lu\u202Ena',
  '\u202Eanul',
  'Lu\u2066na\u2069',
  'Lu\u200Bna',
  '\uFEFFLuna',
  'Lu\nna',
  'Luna\r\n',
  'Lu\u0000na',
  'Lu\u0007na',
  // Line and paragraph separators, and the invisible format characters (Cf) other than the emoji joiner.
  'Lu\u2028na',
  'Lu\u2029na',
  'Lu\u200Cna',
  'Lu\u200Ena',
  'Lu\u200Fna',
  'Lu\u061Cna',
  'Lu\u2060na',
  'Lu\u00ADna',
]

function send(method: 'POST' | 'PUT', url: string, token: string, payload: object) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })
}

describe('names', () => {
  it('of cats: refused with 400 on REST and tRPC, created and renamed never', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const cat = await api.cat.create({ name: 'Plain' })
    for (const name of REFUSED) {
      const created = await send('POST', '/api/supabase/cats', owner.token, { cat_name: name })
      expect({ name, status: created.statusCode }).toEqual({ name, status: 400 })
      expect(['INVALID_INPUT', 'NUL_CHARACTER']).toContain(created.json().code)
      expect((await send('PUT', `/api/supabase/cats/${cat.id}`, owner.token, { name })).statusCode).toBe(400)
      await expect(api.cat.create({ name })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    }
    expect(await t.db.cat.count({ where: { userId: owner.id } })).toBe(1)
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })).name).toBe('Plain')
  })

  it('keep emoji sequences with their joiner, and any script', async () => {
    const owner = await t.signIn()
    for (const name of ['🐈\u200D⬛ Luna', 'Mïa', 'ميمي', '小雪']) {
      const res = await send('POST', '/api/supabase/cats', owner.token, { cat_name: name })
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 })
    }
  })

  it("of people: a sign-up's full name is refused too", async () => {
    const res = await postRest(t, '/api/supabase/signup-passwordless', {
      email: freshAddress('bidi'),
      full_name: 'Mallory \u202Eyrollam',
    })
    expect(res.status).toBe(400)
    for (const name of ['Mallory\u2028Team', 'Mal\u200Clory', 'Mal\u200Elory', 'Mal\u061Clory']) {
      const separated = await postRest(t, '/api/supabase/signup-passwordless', {
        email: freshAddress('separator'),
        full_name: name,
      })
      expect({ name, status: separated.status }).toEqual({ name, status: 400 })
    }
  })

  it('of the health record: a medication named with a separator is refused on both surfaces', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const cat = await api.cat.create({ name: 'Record' })
    for (const name of ['Pill\u2028s', 'Pi\u200Ell']) {
      const res = await send('POST', '/api/care/medications', owner.token, {
        cat_id: cat.id,
        name,
        dose: '1 tablet',
        times: ['08:00'],
      })
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 })
      await expect(
        api.record.addMedication({ cat_id: cat.id, name, dose: '1 tablet', times: ['08:00'] }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    }
    expect(await t.db.medication.count({ where: { catId: cat.id } })).toBe(0)
  })
})
