// Opt-in push reminders: VAPID keys made once and kept in the database, a browser's
// subscription stored, and a due check-in pushed to a local receiver that decrypts the payload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PushReceiver, startPushReceiver } from '../doubles/push-receiver.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble } from '../helpers/app.ts'

const PUBLIC_URL = 'https://care.example.test'
let receiver: PushReceiver
beforeAll(async () => {
  receiver = await startPushReceiver()
})
afterAll(async () => {
  await receiver?.close()
})
const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture(),
  (smtp) =>
    createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL, PUSH_EXTRA_HOSTS: '127.0.0.1' },
      jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 },
    }),
)
const t = smtpApp.t

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('Web Push', () => {
  it('answers one VAPID key for the deployment, kept in app_secrets', async () => {
    const owner = await t.signIn()
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/care/push/key',
      headers: bearer(owner.token),
    })
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/care/push/key',
      headers: bearer(owner.token),
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().public_key).toMatch(/^[A-Za-z0-9_-]{80,90}$/)
    expect(second.json()).toEqual(first.json())
    expect(await t.db.appSecret.count({ where: { name: 'vapid_keys' } })).toBe(1)
  })

  it('refuses a subscription that is not https or has bad keys (400 naming the field)', async () => {
    const owner = await t.signIn()
    for (const [body, field] of [
      [{ ...receiver.subscription, endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ ...receiver.subscription, keys: { p256dh: 'short', auth: 'abc' } }, 'keys'],
      [{ endpoint: receiver.subscription.endpoint }, 'keys'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/care/push/subscriptions',
        headers: bearer(owner.token),
        payload: body as unknown as Record<string, unknown>,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toContain(field)
    }
  })

  it('pushes a due check-in to an opted-in browser, encrypted for it; a gone subscription is forgotten', async () => {
    const owner = await t.signIn('push-owner@example.com')
    const cat = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      headers: bearer(owner.token),
      payload: { cat_name: 'Pixel', gender: 'Female' },
    })
    const catId = cat.json().id as number
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/care/push/subscriptions',
      headers: bearer(owner.token),
      payload: receiver.subscription,
    })
    expect(sub.statusCode).toBe(200)
    await t.app.inject({
      method: 'PUT',
      url: '/api/care/plan',
      headers: bearer(owner.token),
      payload: { channels: { push: true, email: false } },
    })
    await t.db.carePlan.update({ where: { catId }, data: { nextCheckInAt: new Date(Date.now() - 1000) } })
    const end = Date.now() + 15_000
    while (receiver.received.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    const [push] = receiver.received
    const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId } })
    expect(push?.payload).toEqual({
      title: "Pixel's check-in",
      body: expect.any(String),
      url: `${PUBLIC_URL}/cat-assistant?check_in=${checkIn.id}`,
      // The check-in's own tag: a push sent again (a retry after the e-mail went) replaces its notification.
      tag: `check-in-${checkIn.id}-${Math.floor(checkIn.dueAt.getTime() / 1000)}`,
    })
    expect(push?.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
    // E-mail was switched off: nothing in the mailbox.
    expect(smtpApp.double.messages.filter((m) => m.to.includes('push-owner@example.com'))).toHaveLength(0)

    // The push service says the subscription is gone (410): it is forgotten, the reminder counts as sent.
    receiver.answer(410)
    await t.db.carePlan.update({ where: { catId }, data: { nextCheckInAt: new Date(Date.now() - 500) } })
    const gone = Date.now() + 15_000
    while ((await t.db.pushSubscription.count({ where: { userId: owner.id } })) > 0 && Date.now() < gone)
      await new Promise((r) => setTimeout(r, 50))
    expect(await t.db.pushSubscription.count({ where: { userId: owner.id } })).toBe(0)
  })
})
