// Cancelling from /cat-profile in Chromium: confirm, cancel, go to /paywall (docs/product.md §2, §4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { type BrowserTest, startBrowserTest, subscriberInBrowser } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

const subscriber = () => subscriberInBrowser(t, 'cancel')

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
