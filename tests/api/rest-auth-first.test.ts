// Auth comes first on every REST row: without a token, an authed row says 401 whatever else is wrong
// with the request (an over-long id, a body that is not an object), as the procedure itself does.
import { describe, expect, it } from 'vitest'
import { restRows } from '../../server/rest/table.ts'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

const authedRowsWithParams = restRows().filter((row) => row.auth && row.params.length > 0)

describe('an over-long path parameter without a token', () => {
  it.each(authedRowsWithParams.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s: 401',
    async (_name, row) => {
      const url = row.path.replace(/:([A-Za-z0-9_]+)/g, () => '9'.repeat(300))
      const res = await t.app.inject({ method: row.method, url })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'User Not Authenticated', code: 'NOT_AUTHENTICATED' })
    },
  )

  it('with a token, the same id is 400 in the contract shape (never a 500)', async () => {
    const { token } = await t.signIn()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/supabase/interview/${'9'.repeat(300)}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_INPUT')
  })
})
