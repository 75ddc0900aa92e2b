// One subscription at a time: a checkout by an owner who already has an active or trialing
// subscription is refused (409) before anything is charged, whatever keys it is sent with.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { postRest } from '../helpers/app.ts'
import { CARD_CHECKOUT, specIntentPayload } from '../helpers/checkout.ts'
import { suiteCountedDemoApp } from '../helpers/counting-payments.ts'

const { t, calls } = suiteCountedDemoApp()

const ALREADY =
  'You already have an active subscription. Cancel it in your profile before starting another one.'

async function post(url: string, token: string, payload: Record<string, unknown>, key?: string) {
  const headers: Record<string, string> = key ? { 'idempotency-key': key } : {}
  const { status, body } = await postRest(t, url, payload, { token, headers })
  return { status, body: body as Record<string, unknown> }
}

const subscribe = (token: string, key?: string) =>
  post('/api/supabase/subscriptions', token, CARD_CHECKOUT, key)

describe('one subscription at a time', () => {
  it('refuses nine more checkouts with nine new keys: one payment, one subscription', async () => {
    const owner = await t.signIn()
    const charged = calls.charges
    expect((await subscribe(owner.token, randomUUID())).status).toBe(200)
    for (let i = 0; i < 9; i++) {
      expect(await subscribe(owner.token, randomUUID())).toEqual({
        status: 409,
        body: { error: ALREADY, code: 'ALREADY_SUBSCRIBED' },
      })
    }
    expect(calls.charges - charged).toBe(1)
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
    expect(await t.db.subscription.count({ where: { userId: owner.id } })).toBe(1)
  })

  it('charges once when ten checkouts with ten keys arrive at the same moment', async () => {
    const owner = await t.signIn()
    const charged = calls.charges
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(owner.token, randomUUID())))
    for (const answer of answers) expect([200, 409]).toContain(answer.status)
    expect(calls.charges - charged).toBe(1)
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
    expect(await t.db.subscription.count({ where: { userId: owner.id } })).toBe(1)
  })

  it('refuses each step of a new checkout (customer, intent) with 409 before the provider is called', async () => {
    const owner = await t.signIn()
    expect((await subscribe(owner.token, randomUUID())).status).toBe(200)
    const before = { ...calls }
    const key = randomUUID()
    const customer = await post(
      '/api/payments/stripe/customer',
      owner.token,
      { paymentMethodId: 'pm_card_visa' },
      key,
    )
    expect(customer).toEqual({ status: 409, body: { error: ALREADY, code: 'ALREADY_SUBSCRIBED' } })
    const user = await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })
    const intent = await post(
      '/api/payments/stripe/payment-intent',
      owner.token,
      specIntentPayload(user.providerCustomerId),
      randomUUID(),
    )
    expect(intent).toEqual({ status: 409, body: { error: ALREADY, code: 'ALREADY_SUBSCRIBED' } })
    const api = await t.caller(owner.token)
    await expect(
      api.billing.checkout({
        fullName: 'Ada',
        country: 'US',
        state: 'CA',
        postalCode: '94105',
        paymentMethod: 'pm_card_visa',
        billingPeriod: 'Yearly',
        checkoutKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: ALREADY })
    expect(calls).toEqual(before)
  })

  it('lets an owner whose subscription was cancelled subscribe again, without a second trial', async () => {
    const owner = await t.signIn()
    const first = await subscribe(owner.token)
    const api = await t.caller(owner.token)
    await api.billing.cancel({ id: first.body.subscriptionId as string })
    expect((await subscribe(owner.token)).body.code).toBe('TRIAL_ALREADY_USED')
    const second = await post('/api/supabase/subscriptions', owner.token, { ...CARD_CHECKOUT, trial: false })
    expect(second.status).toBe(200)
    expect(second.body.subscriptionId).not.toBe(first.body.subscriptionId)
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
  })
})
