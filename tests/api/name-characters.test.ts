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
  })
})
