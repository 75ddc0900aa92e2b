// billing.subscribe has a schema: its OpenAPI body names both of docs/product.md §7's payloads (the
// subscribe payload, and the record-a-subscription one) instead of `{type: 'object'}`, and a refused
// payload names its first problem as that payload's own schema does.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

describe('POST /api/supabase/subscriptions', () => {
  it('documents both payloads in the OpenAPI body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const body = doc.paths['/api/supabase/subscriptions'].post.requestBody.content['application/json'].schema
    const branches = (body.anyOf ?? []) as { properties?: Record<string, unknown>; required?: string[] }[]
    expect(branches).toHaveLength(2)
    expect(branches[0]!.required).toContain('subscriptionId')
    expect(Object.keys(branches[1]!.properties ?? {})).toEqual(
      expect.arrayContaining(['fullName', 'country', 'postalCode', 'paymentMethod', 'billingPeriod']),
    )
  })

  it('refuses a subscribe payload by its first problem', async () => {
    const { token } = await t.signIn()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/subscriptions',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        fullName: 'Ada Lovelace',
        country: 'US',
        state: 'CA',
        postalCode: '94105',
        billingPeriod: 'Weekly',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_INPUT')
    expect(res.json().error).toMatch(/^billingPeriod: /)
  })
})
