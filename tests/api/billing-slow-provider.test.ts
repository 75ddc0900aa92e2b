// Checkout held a database connection across its Stripe calls (the owner's lock was a transaction open
// for up to 90 s around the provider): ten checkouts waiting on a slow Stripe held the pool, and every
// other owner's reads waited behind them. Now provider calls run outside any transaction (idempotency
// keys make them safe to repeat) and the lock covers only our own writes. The Stripe double answers
// after 5 s; ten checkouts are in flight while another owner's reads answer in normal time.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { suiteStripeApp } from '../helpers/stripe-app.ts'

const stripe = suiteStripeApp()
const t = stripe.t

const CHECKOUTS = 10
const SLOW_MS = 5_000

async function timed(token: string, url: string) {
  const started = Date.now()
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  return { status: res.statusCode, ms: Date.now() - started }
}

describe('a slow payment provider', () => {
  it(`ten checkouts waiting on it leave other owners' reads their normal time`, async () => {
    const buyers = await Promise.all(Array.from({ length: CHECKOUTS }, () => t.signIn()))
    const reader = await t.signIn()
    await t.db.cat.create({ data: { userId: reader.id, name: 'Reader' } })
    stripe.double.setLatency(SLOW_MS)
    try {
      const started = Date.now()
      const checkouts = buyers.map((buyer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/supabase/subscriptions',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { ...CARD_CHECKOUT, checkoutKey: randomUUID() },
        }),
      )
      // Every checkout is now waiting on the provider.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const reads = []
      for (let i = 0; i < 5; i++) {
        reads.push(await timed(reader.token, '/api/supabase/cats'))
        reads.push(await timed(reader.token, '/api/care/plan'))
      }
      expect(Date.now() - started).toBeLessThan(SLOW_MS * 2)
      for (const read of reads) {
        expect(read.status).toBe(200)
        expect(read.ms).toBeLessThan(1_000)
      }
      const answers = await Promise.all(checkouts)
      expect(answers.map((a) => a.statusCode)).toEqual(Array(CHECKOUTS).fill(200))
      // One charge each: nothing was repeated at the provider without its idempotency key.
      expect(stripe.double.objects.paymentIntents.size).toBe(CHECKOUTS)
    } finally {
      stripe.double.setLatency(0)
    }
  }, 90_000)
})
