// POST /api/payments/stripe/webhook on the raw body: signature, tolerance, once-only processing and the
// subscription re-read from the local Stripe-compatible server.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { type StripeDouble, signWebhook, startStripeDouble } from '../doubles/stripe-server.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'

const SECRET = 'whsec_webhook_tests'
let double: StripeDouble

const t = suiteApp(
  async () => {
    double = await startStripeDouble()
    return createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_hooks',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_BASE: double.apiBase,
      },
    })
  },
  async () => {
    await double?.close()
  },
)

async function subscribed() {
  const owner = await t.signIn()
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/subscriptions',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { ...CARD_CHECKOUT, checkoutKey: randomUUID() },
  })
  expect(response.statusCode).toBe(200)
  const { subscriptionId } = response.json() as { subscriptionId: string }
  return { ...owner, subscriptionId }
}

function event(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomUUID().replaceAll('-', '')}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  })
}

/** A `customer.subscription.*` event about one of the double's subscriptions. */
const subscriptionEvent = (type: string, subscriptionId: string, fields: Record<string, unknown> = {}) =>
  event(type, { id: subscriptionId, object: 'subscription', ...fields })

async function deliver(payload: string, signature?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

/** Delivers the payload with a valid, current signature. */
const deliverSigned = (payload: string) => deliver(payload, signWebhook(payload, SECRET))

const row = (subscriptionId: string) =>
  t.db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: subscriptionId } })

describe('Stripe webhook', () => {
  it('syncs the subscription Stripe reports (re-read, not taken from the event) on a valid signature', async () => {
    const owner = await subscribed()
    double.setSubscriptionStatus(owner.subscriptionId, 'past_due')
    // The event body says 'active'; the server trusts only what it re-reads from Stripe.
    const payload = subscriptionEvent('customer.subscription.updated', owner.subscriptionId, {
      status: 'active',
    })
    const response = await deliverSigned(payload)
    expect(response).toEqual({ status: 200, body: { received: true, duplicate: false } })
    expect((await row(owner.subscriptionId)).status).toBe('past_due')
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
  })

  it('processes each event once: a replayed delivery changes nothing', async () => {
    const owner = await subscribed()
    const payload = subscriptionEvent('customer.subscription.updated', owner.subscriptionId)
    double.setSubscriptionStatus(owner.subscriptionId, 'active')
    expect((await deliverSigned(payload)).body).toEqual({
      received: true,
      duplicate: false,
    })
    expect((await row(owner.subscriptionId)).status).toBe('active')

    double.setSubscriptionStatus(owner.subscriptionId, 'unpaid')
    const replay = await deliverSigned(payload)
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } })
    expect((await row(owner.subscriptionId)).status).toBe('active')
    const id = (JSON.parse(payload) as { id: string }).id
    expect(await t.db.processedEvent.count({ where: { id } })).toBe(1)
  })

  it('refuses an invalid signature, a missing one and one older than 300 s, changing nothing', async () => {
    const owner = await subscribed()
    double.setSubscriptionStatus(owner.subscriptionId, 'canceled')
    const payload = subscriptionEvent('customer.subscription.deleted', owner.subscriptionId)
    const id = (JSON.parse(payload) as { id: string }).id
    const tooOld = Math.floor(Date.now() / 1000) - 301

    for (const signature of [
      signWebhook(payload, 'whsec_someone_else'),
      signWebhook(`${payload} `, SECRET),
      signWebhook(payload, SECRET, tooOld),
      undefined,
      'garbage',
    ]) {
      const response = await deliver(payload, signature)
      expect(response).toEqual({
        status: 400,
        body: { error: 'Invalid webhook signature', code: 'INVALID_WEBHOOK' },
      })
    }
    expect((await row(owner.subscriptionId)).status).toBe('trialing')
    expect(await t.db.processedEvent.count({ where: { id } })).toBe(0)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)

    // Still within the tolerance: accepted.
    const recent = await deliver(payload, signWebhook(payload, SECRET, Math.floor(Date.now() / 1000) - 200))
    expect(recent.status).toBe(200)
    const cancelled = await row(owner.subscriptionId)
    expect(cancelled.status).toBe('canceled')
    expect(cancelled.canceledAt).not.toBeNull()
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
  })

  it('moves a trial to active with the new period end on invoice.paid (subscription in parent details)', async () => {
    const owner = await subscribed()
    const remote = double.objects.subscriptions.get(owner.subscriptionId)
    const item = remote?.items.data[0]
    if (!remote || !item) throw new Error('no subscription at the double')
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400
    remote.status = 'active'
    item.current_period_end = periodEnd
    const payload = event('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: owner.subscriptionId } },
    })
    expect((await deliverSigned(payload)).status).toBe(200)
    const synced = await row(owner.subscriptionId)
    expect(synced.status).toBe('active')
    expect(synced.endDate.getTime()).toBe(periodEnd * 1000)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
  })

  it('keeps a trial that is about to end as it is (trial_will_end)', async () => {
    const owner = await subscribed()
    const before = await row(owner.subscriptionId)
    const payload = subscriptionEvent('customer.subscription.trial_will_end', owner.subscriptionId)
    expect((await deliverSigned(payload)).status).toBe(200)
    const after = await row(owner.subscriptionId)
    expect(after.status).toBe('trialing')
    expect(after.endDate.getTime()).toBe(before.endDate.getTime())
  })

  it('acknowledges unknown events and subscriptions that are not ours with 200', async () => {
    for (const payload of [
      event('product.created', { id: 'prod_1', object: 'product' }),
      event('customer.subscription.updated', { id: 'sub_not_ours', object: 'subscription' }),
    ]) {
      expect(await deliverSigned(payload)).toEqual({
        status: 200,
        body: { received: true, duplicate: false },
      })
    }
  })

  it('answers 500 when Stripe cannot be read, and processes the redelivery', async () => {
    const owner = await subscribed()
    double.setSubscriptionStatus(owner.subscriptionId, 'past_due')
    const payload = subscriptionEvent('customer.subscription.updated', owner.subscriptionId)
    double.failNext(500, 2)
    const failed = await deliverSigned(payload)
    expect(failed).toEqual({
      status: 500,
      body: { error: 'An unexpected error occurred', code: 'UNEXPECTED' },
    })
    expect((await row(owner.subscriptionId)).status).toBe('trialing')
    const redelivered = await deliverSigned(payload)
    expect(redelivered.body).toEqual({ received: true, duplicate: false })
    expect((await row(owner.subscriptionId)).status).toBe('past_due')
  })
})
