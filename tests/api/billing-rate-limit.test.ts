import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

const t = suiteApp(() =>
  createTestApp({
    overrides: { limits: createRateLimits({ paymentPerUser: { points: 3, durationSeconds: 3600 } }) },
  }),
)

describe('payment attempts per owner', () => {
  it('answers 429 once an owner has used the budget, on every payment step, and not for others', async () => {
    const card = async (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/customer',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Ann Owner', paymentMethodId: 'pm_card_visa', checkoutKey: crypto.randomUUID() },
      })
    const tester = await t.signIn()
    for (let i = 0; i < 3; i++) expect((await card(tester.token)).statusCode).toBe(200)
    const refused = await card(tester.token)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'TOO_MANY_REQUESTS',
      retry_after_seconds: Number(refused.headers['retry-after']),
    })

    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/subscriptions',
      headers: { authorization: `Bearer ${tester.token}` },
      payload: {},
    })
    expect(checkout.statusCode).toBe(429)

    const someoneElse = await t.signIn()
    expect((await card(someoneElse.token)).statusCode).toBe(200)
  })
})
