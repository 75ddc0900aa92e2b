// One trial per owner (demo provider): after a cancelled or ended trial, a second trial
// checkout is refused with TRIAL_ALREADY_USED before anything is charged; the owner can still subscribe
// at the plan's price without the trial, and the status tells the paywall which offer to show.
import { describe, expect, it } from 'vitest'
import { TRIAL_PLAN_NAME } from '../../shared/constants.ts'
import { restAs } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { suiteCountedDemoApp } from '../helpers/counting-payments.ts'

const { t, calls } = suiteCountedDemoApp()

const request = (method: 'POST' | 'DELETE' | 'GET', url: string, token: string, payload?: object) =>
  restAs(t, method, url, token, payload)

const subscribe = (token: string, extra: Record<string, unknown> = {}) =>
  request('POST', '/api/supabase/subscriptions', token, { ...CARD_CHECKOUT, ...extra })

const TRIAL_USED = {
  error: 'Your free trial has been used. You can subscribe at the plan price without a trial.',
  code: 'TRIAL_ALREADY_USED',
}

describe('one trial per owner', () => {
  it('refuses a second trial after cancelling, charging nothing, and offers the plan without the trial', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    expect((await api.billing.status()).trial_available).toBe(true)
    const first = await subscribe(owner.token)
    expect(first.status).toBe(200)
    await api.billing.cancel({ id: first.body.subscriptionId as string })
    expect((await api.billing.status()).trial_available).toBe(false)

    const charged = calls.charges
    expect(await subscribe(owner.token)).toEqual({ status: 409, body: TRIAL_USED })
    // The step-by-step rows of docs/product.md §7 refuse the same way: the fee step charges nothing.
    const customer = await request('POST', '/api/payments/stripe/customer', owner.token, {
      name: 'Ada',
      email: 'second-trial@example.com',
      paymentMethodId: 'pm_card_visa',
    })
    expect(customer).toEqual({ status: 409, body: TRIAL_USED })
    const intent = await request('POST', '/api/payments/stripe/payment-intent', owner.token, {
      amount: 199,
      currency: 'usd',
      customerId: 'cus_demo_any',
      paymentMethodId: 'pm_card_visa',
    })
    expect(intent).toEqual({ status: 409, body: TRIAL_USED })
    expect(calls.charges).toBe(charged)
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)

    // The plan at its price, without the trial: no $1.99 fee, access at once, until the period ends.
    const full = await api.billing.checkout({ ...CARD_CHECKOUT, trial: false })
    expect(full.subscription).toMatchObject({ plan: 'Monthly', status: 'active', active: true })
    expect(calls.charges).toBe(charged)
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
    const days = (Date.parse(full.subscription.end_date) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(27)
    expect((await api.billing.status()).subscribed).toBe(true)
  })

  it('refuses a second trial after the first one ended by itself', async () => {
    const owner = await t.signIn()
    const first = await subscribe(owner.token)
    expect(first.status).toBe(200)
    await t.db.subscription.updateMany({
      where: { userId: owner.id },
      data: { endDate: new Date(Date.now() - 60_000) },
    })
    const api = await t.caller(owner.token)
    expect(await api.billing.status()).toMatchObject({ subscribed: false, trial_available: false })
    expect(await subscribe(owner.token)).toEqual({ status: 409, body: TRIAL_USED })
  })

  it('still repeats the trial checkout the owner just finished (a retry is not a second trial)', async () => {
    const owner = await t.signIn()
    const key = 'retry-of-the-first-trial'
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/subscriptions',
      headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': key },
      payload: CARD_CHECKOUT,
    })
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/subscriptions',
      headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': key },
      payload: CARD_CHECKOUT,
    })
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.json().subscriptionId).toBe(first.json().subscriptionId)
    expect(await t.db.subscription.count({ where: { userId: owner.id, plan: TRIAL_PLAN_NAME } })).toBe(1)
  })
})
