// Billing: a REST client written from docs/product.md §7 cancels with the `id` that
// GET /api/supabase/subscriptions lists; another owner's id is 404 (not 400); docs/product.md §7's documented
// form (the provider's sub_… id) keeps working.
import { describe, expect, it } from 'vitest'
import { restAs } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { suiteCountedDemoApp } from '../helpers/counting-payments.ts'

const { t } = suiteCountedDemoApp()

const request = (method: 'POST' | 'DELETE' | 'GET', url: string, token: string, payload?: object) =>
  restAs<unknown>(t, method, url, token, payload)

async function subscribed() {
  const owner = await t.signIn()
  expect((await request('POST', '/api/supabase/subscriptions', owner.token, CARD_CHECKOUT)).status).toBe(200)
  const list = (await request('GET', '/api/supabase/subscriptions', owner.token)).body as {
    id: number
    subscription_id: string
  }[]
  return { owner, listed: list[0]! }
}

describe('DELETE /api/supabase/subscriptions/{id}', () => {
  it('cancels by the id the list gives', async () => {
    const { owner, listed } = await subscribed()
    const answer = await request('DELETE', `/api/supabase/subscriptions/${listed.id}`, owner.token)
    expect(answer).toEqual({
      status: 200,
      body: { success: true, subscription_id: listed.subscription_id, status: 'canceled' },
    })
    const after = await t.db.subscription.findUniqueOrThrow({ where: { id: listed.id } })
    expect(after.status).toBe('canceled')
  })

  it("answers another owner's listed id, and a missing one, with 404", async () => {
    const { listed } = await subscribed()
    const other = await t.signIn()
    for (const id of [String(listed.id), '2147483000']) {
      expect(await request('DELETE', `/api/supabase/subscriptions/${id}`, other.token)).toEqual({
        status: 404,
        body: { error: expect.any(String), code: 'NOT_FOUND' },
      })
    }
    expect((await t.db.subscription.findUniqueOrThrow({ where: { id: listed.id } })).status).toBe('trialing')
  })

  it("keeps docs/product.md §7's form: the provider's sub_ id", async () => {
    const { owner, listed } = await subscribed()
    const answer = await request(
      'DELETE',
      `/api/supabase/subscriptions/${listed.subscription_id}`,
      owner.token,
    )
    expect(answer.status).toBe(200)
  })
})
