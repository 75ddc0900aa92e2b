// One trial per owner and per card (Stripe double): a card whose fingerprint already paid for
// a trial starts no second one, even for another owner; another card does. The owner rule holds on
// Stripe too, and the trial-less plan subscribes at the price with no trial at Stripe.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { suiteStripeApp } from '../helpers/stripe-app.ts'

const stripe = suiteStripeApp()
const t = stripe.t

async function subscribe(token: string, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...CARD_CHECKOUT, checkoutKey: randomUUID(), ...overrides },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

const TRIAL_USED = {
  error: 'Your free trial has been used. You can subscribe at the plan price without a trial.',
  code: 'TRIAL_ALREADY_USED',
}

describe('one trial per card fingerprint', () => {
  it("refuses a second owner's trial on a card that already paid for one, before charging", async () => {
    // Both test tokens stand for the same physical card (Stripe gives one card one fingerprint).
    stripe.double.cardFingerprints.set('pm_card_visa', 'fp_shared_visa')
    const first = await t.signIn('first-card-owner@example.com')
    const firstTrial = await subscribe(first.token)
    expect(firstTrial.status).toBe(200)
    const api = await t.caller(first.token)
    await api.billing.cancel({ id: firstTrial.body.subscriptionId as string })

    const second = await t.signIn('second-card-owner@example.com')
    const intents = stripe.double.objects.paymentIntents.size
    expect(await subscribe(second.token)).toEqual({ status: 409, body: TRIAL_USED })
    expect(stripe.double.objects.paymentIntents.size).toBe(intents)
    expect(await t.db.payment.count({ where: { userId: second.id } })).toBe(0)
    const secondApi = await t.caller(second.token)
    // Nothing of the second owner's own says the trial was used: the card decides at payment.
    expect((await secondApi.billing.status()).trial_available).toBe(true)

    // Another card starts the second owner's trial.
    stripe.double.cardFingerprints.set('pm_card_mastercard', 'fp_other_card')
    const other = await subscribe(second.token, { paymentMethod: 'pm_card_mastercard' })
    expect(other.status).toBe(200)
    expect(stripe.double.objects.paymentIntents.size).toBe(intents + 1)
  })

  it('subscribes at the plan price with no trial at Stripe once the owner used theirs', async () => {
    stripe.double.cardFingerprints.set('pm_card_visa', `fp_${randomUUID()}`)
    const owner = await t.signIn('stripe-full-price@example.com')
    const first = await subscribe(owner.token)
    const api = await t.caller(owner.token)
    await api.billing.cancel({ id: first.body.subscriptionId as string })
    expect(await subscribe(owner.token)).toEqual({ status: 409, body: TRIAL_USED })
    const intents = stripe.double.objects.paymentIntents.size
    const full = await subscribe(owner.token, { trial: false })
    expect(full.status).toBe(200)
    const id = full.body.subscriptionId as string
    expect(stripe.double.objects.subscriptions.get(id)).toMatchObject({ status: 'active', trial_end: null })
    expect(stripe.double.objects.paymentIntents.size).toBe(intents)
  })
})
