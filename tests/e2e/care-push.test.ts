// Push reminders opted in from a real browser, in Chromium at 390 × 844. The browser's push
// service (Google's, outside this machine) is the one double: PushManager.subscribe answers a subscription
// whose endpoint is the local receiver of tests/doubles, with that receiver's keys, as a push service
// would. Everything else is real: the permission prompt, the service worker's registration, the editor,
// the server storing the subscription, the job worker sending the check-in, encrypted for the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PushReceiver, startPushReceiver } from '../doubles/push-receiver.ts'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'
import { careSubscriber } from '../helpers/subscribers.ts'

const EMAIL = 'care-push-browser@example.com'

let receiver: PushReceiver
let t: BrowserTest
let owner: { id: number; token: string }
let catId: number

beforeAll(async () => {
  receiver = await startPushReceiver()
  t = await startBrowserTest({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
    jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 },
    // The local receiver stands in for the push service: its host is trusted as a named extra host.
    env: { PUSH_EXTRA_HOSTS: '127.0.0.1' },
  })
  const subscriber = await careSubscriber(t, EMAIL, 'push')
  owner = subscriber.owner
  catId = subscriber.catId
  // The push service's answer to subscribe(): the receiver's endpoint and keys.
  await t.context.addInitScript((subscription) => {
    const made = { ...subscription, toJSON: () => subscription }
    PushManager.prototype.subscribe = async () => made as unknown as PushSubscription
    PushManager.prototype.getSubscription = async () => null
  }, receiver.subscription)
  await t.storeSession(owner.token, { email: EMAIL })
}, 120_000)
afterAll(async () => {
  t?.app.server.closeAllConnections()
  await t?.close()
  await receiver?.close()
})

const pushBox = () =>
  t.page
    .getByRole('region', { name: 'Check-in plan' })
    .getByRole('checkbox', { name: 'Notifications on this device' })

describe('push reminders at 390 × 844', () => {
  it('says why when notifications are blocked, and leaves the box unticked', async () => {
    await t.context.clearPermissions()
    await t.page.goto('/care')
    await pushBox().click()
    await t.page.getByRole('alert').getByText('Notifications are blocked for this site').waitFor()
    expect(await pushBox().isChecked()).toBe(false)
    expect(await t.db.pushSubscription.count({ where: { userId: owner.id } })).toBe(0)
  })

  it('turns push on for this device, and a due check-in arrives there, encrypted for it', async () => {
    await t.context.grantPermissions(['notifications'])
    await t.page.goto('/care')
    const plan = t.page.getByRole('region', { name: 'Check-in plan' })
    await pushBox().click()
    await expect.poll(() => pushBox().isChecked()).toBe(true)
    await plan.getByRole('button', { name: 'Save plan' }).click()
    await plan.getByText('Plan saved.').waitFor()
    expect(await t.db.pushSubscription.findMany({ where: { userId: owner.id } })).toEqual([
      expect.objectContaining({ endpoint: receiver.subscription.endpoint }),
    ])
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId } })).pushOn).toBe(true)
    // The service worker that shows the push is registered and running for this origin.
    expect(
      await t.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? ''),
    ).toBe(`${t.baseUrl}/sw.js`)

    // Its minute has come: the due time is moved into the past in the database.
    await t.db.carePlan.update({ where: { catId }, data: { nextCheckInAt: new Date(Date.now() - 1000) } })
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1)
    const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId } })
    expect(receiver.received[0]!.payload).toMatchObject({
      title: "Mochi's check-in",
      url: expect.stringContaining(`/cat-assistant?check_in=${checkIn.id}`),
    })
    expect(receiver.received[0]!.authorization).toMatch(/^vapid t=.+, k=.+/)
  })

  it('shows the pushed check-in once, however often it is pushed (its tag replaces the notification)', async () => {
    const pushed = receiver.received[0]
    expect(pushed).toBeDefined()
    // The decrypted payload handed to the page's real service worker, as Chromium's push service would,
    // twice: a retry after the e-mail went sends the same reminder again.
    const cdp = await t.context.newCDPSession(t.page)
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${t.baseUrl}/` && !r.isDeleted)
        if (ours) resolve(ours.registrationId)
      }),
    )
    await cdp.send('ServiceWorker.enable')
    const registrationId = await registration
    for (let i = 0; i < 2; i++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: t.baseUrl,
        registrationId,
        data: JSON.stringify(pushed!.payload),
      })
    }
    const shown = () =>
      t.page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          tag: n.tag,
        })),
      )
    // A busy machine can take seconds to wake the worker and show it; the poll waits for that.
    await expect
      .poll(shown, { timeout: 20_000 })
      .toEqual([{ title: "Mochi's check-in", tag: (pushed!.payload as { tag: string }).tag }])
    await cdp.detach()
  })
})
