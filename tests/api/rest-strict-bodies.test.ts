// docs/api.md "Inputs every row shares": a JSON body that is not an object is 400 on every REST row
// that reads JSON. The test walks the rows the router declares, so a row added later is covered too.
import { describe, expect, it } from 'vitest'
import { restRows } from '../../server/rest/table.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

/** The row's path with every parameter filled (the check comes before any record is looked up). */
const urlOf = (path: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === 'token' ? 'x' : '1'))

/** JSON texts that parse to something other than an object. */
const NOT_OBJECTS = ['[null,null]', '["a"]', '"text"', 'null', '42', 'true']

// A GET's body is never read (Fastify does not parse it); the webhook and the one-click unsubscribe
// read their bytes themselves.
const rowsWithJsonBody = restRows().filter((row) => row.method !== 'GET' && !row.rawBody)

describe('a JSON body that is not an object is 400 on every REST row', () => {
  it('covers the rows that take a body', () => {
    expect(rowsWithJsonBody.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/supabase/cats',
        'POST /api/care/report/share',
        'POST /api/supabase/conversations',
      ]),
    )
  })

  it.each(rowsWithJsonBody.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s',
    async (_name, row) => {
      const { owner } = await subscriberWithCat(t)
      for (const payload of NOT_OBJECTS) {
        const res = await t.app.inject({
          method: row.method,
          url: urlOf(row.path),
          payload,
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        })
        expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 })
        expect(res.json()).toEqual({
          error: 'Invalid input: the body must be a JSON object',
          code: 'INVALID_INPUT',
        })
      }
      // Nothing was made from a body that was refused.
      expect(await t.db.cat.count({ where: { userId: owner.id } })).toBe(1)
    },
  )

  it('without a token, an authed row says 401 first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      payload: '[null,null]',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('NOT_AUTHENTICATED')
  })
})
