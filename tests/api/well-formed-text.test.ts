// Text is well-formed Unicode (docs/api.md "Inputs every row shares"): a lone surrogate (half of a
// UTF-16 pair, which JSON can carry as "\ud800") cannot be stored as UTF-8 nor as jsonb, so every string
// input refuses it with a clear 400 on both surfaces, before any query, instead of a 500 from the
// database. Where the cat's interview issues and a vet's address crashed, they are tried one by one.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()
const LONE = ['\ud800', 'Sneezing \udfff', '\udc00\ud800', 'end\ud83d']

function send(method: 'POST' | 'PUT', url: string, token: string, payload: object) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })
}

/** A JSON body with a string escaped as JSON escapes it, so the surrogate reaches the server as `\ud800`. */
function sendRaw(url: string, token: string, body: string, method: 'POST' | 'PUT' = 'POST') {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body,
  })
}

describe('lone surrogates are a 400, never a 500', () => {
  it("in a cat's issues_faced, created and updated, on REST and tRPC", async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const cat = await api.cat.create({ name: 'Milo' })
    for (const issue of LONE) {
      const created = await send('POST', '/api/supabase/cats', owner.token, {
        cat_name: 'Tom',
        issues_faced: [issue],
      })
      expect({ issue, status: created.statusCode }).toEqual({ issue, status: 400 })
      const updated = await send('PUT', `/api/supabase/cats/${cat.id}`, owner.token, {
        issues_faced: [issue],
      })
      expect({ issue, status: updated.statusCode }).toEqual({ issue, status: 400 })
      await expect(api.cat.create({ name: 'Tom', issues_faced: [issue] })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      })
      await expect(api.cat.update({ id: cat.id, issues_faced: issue })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      })
      const trpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/cat.update',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: cat.id, issues_faced: [issue] }),
      })
      expect({ issue, status: trpc.statusCode }).toEqual({ issue, status: 400 })
    }
    expect(await t.db.cat.count({ where: { userId: owner.id } })).toBe(1)
  })

  it("in a vet's address, on REST and tRPC", async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const cat = await api.cat.create({ name: 'Milo' })
    for (const address of LONE) {
      const vet = { name: 'Dr Who', phone: '+1 555 0100', address }
      const res = await send('PUT', '/api/care/vets', owner.token, { cat_id: cat.id, usual: vet })
      expect({ address, status: res.statusCode }).toEqual({ address, status: 400 })
      await expect(api.record.updateVets({ cat_id: cat.id, usual: vet })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      })
    }
  })

  it('in any string of a body, a query or a tRPC input, sent as a JSON escape', async () => {
    const owner = await t.signIn()
    const cat = await (await t.caller(owner.token)).cat.create({ name: 'Milo' })
    const escaped = '"Pill \\ud800"'
    const rest = await sendRaw(
      '/api/care/medications',
      owner.token,
      `{"cat_id":${cat.id},"name":${escaped},"dose":"1","times":["08:00"]}`,
    )
    expect(rest.statusCode).toBe(400)
    const notes = await sendRaw(
      '/api/care/medications',
      owner.token,
      `{"cat_id":${cat.id},"name":"Pill","dose":"1","times":["08:00"],"notes":${escaped}}`,
    )
    expect(notes.statusCode).toBe(400)
    const trpc = await sendRaw(
      '/trpc/record.addMedication',
      owner.token,
      `{"cat_id":${cat.id},"name":"Pill","dose":${escaped},"times":["08:00"]}`,
    )
    expect(trpc.statusCode).toBe(400)
    const query = await t.app.inject({
      method: 'GET',
      url: `/trpc/record.medications?input=${encodeURIComponent(`{"cat_id":${cat.id},"x":${escaped}}`)}`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(query.statusCode).toBe(400)
    // A surrogate pair is a character like any other: an emoji in a note is stored.
    const pair = await sendRaw(
      '/api/care/medications',
      owner.token,
      `{"cat_id":${cat.id},"name":"Pill","dose":"1","times":["08:00"],"notes":"\\ud83d\\udc08 ok"}`,
    )
    expect(pair.statusCode).toBe(200)
    expect(await t.db.medication.count({ where: { catId: cat.id } })).toBe(1)
  })
})
