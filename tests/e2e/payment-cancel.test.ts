// Cancelling from /cat-profile in Chromium: confirm, cancel, go to /paywall (SPEC §2, §4).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

/** A subscribed owner with a cat, signed in in the browser. */
async function subscriber() {
  const email = `cancel-${randomUUID()}@example.com`
  const { id, token } = await t.signIn(email)
  const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom', breed: 'Siamese' } })
  const api = await t.caller(token)
  const { subscriptionId } = await api.billing.checkout({
    fullName: 'Test Owner',
    country: 'US',
    state: 'CA',
    postalCode: '94105',
    paymentMethod: 'pm_card_visa',
    billingPeriod: 'Monthly',
    checkoutKey: randomUUID(),
  })
  await t.page.goto('about:blank')
  await t.page.goto('/privacy')
  await t.page.evaluate(
    ({ token, email, catId, subscriptionId }) => {
      localStorage.clear()
      localStorage.setItem('token', token)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
      localStorage.setItem('email', email)
      localStorage.setItem('catId', catId)
      localStorage.setItem('interview_completed', 'true')
      localStorage.setItem('subscriptionId', subscriptionId)
    },
    { token, email, catId: String(cat.id), subscriptionId },
  )
  return { id, subscriptionId }
}

describe('cancel from the profile in Chromium', () => {
  it('keeps the subscription when the owner says Keep Subscription', async () => {
    const owner = await subscriber()
    await t.page.goto('/cat-profile')
    await t.page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' }).click()
    const dialog = t.page.getByRole('alertdialog', { name: 'Cancel Subscription?' })
    await dialog.getByText("Are you sure you want to cancel your subscription? We'll miss you!").waitFor()
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await t.page.evaluate(() => localStorage.getItem('subscriptionId'))).toBe(owner.subscriptionId)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
  })

  it('cancels on Yes, Cancel: the server ends access, the stored id goes, and the owner lands on /paywall', async () => {
    const owner = await subscriber()
    await t.page.goto('/cat-profile')
    await t.page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' }).click()
    await t.screenshot('payment-cancel-dialog')
    await t.page.getByRole('button', { name: 'Yes, Cancel' }).click()
    await t.page.waitForURL('**/paywall')
    await t.page.getByText('left to respond').waitFor()
    expect(await t.page.evaluate(() => localStorage.getItem('subscriptionId'))).toBeNull()
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
    const row = await t.db.subscription.findUniqueOrThrow({
      where: { providerSubscriptionId: owner.subscriptionId },
    })
    expect(row.status).toBe('canceled')
    // The chat is locked again: the guard sends the owner back to the paywall.
    await t.page.goto('/cat-assistant')
    await t.page.waitForURL('**/paywall')
  })
})
