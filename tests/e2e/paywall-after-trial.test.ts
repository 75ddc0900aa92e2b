// One trial per owner, in Chromium: the cancel dialog keeps the text of docs/product.md §2 and says what
// cancelling does to access and to the fee; after the cancelled trial the paywall offers the plan at its
// price with no $1.99 trial, and paying subscribes at that price (no second activation fee).
import { beforeEach, describe, expect, it } from 'vitest'
import { ACTIVATION_FEE_TEXT } from '../../shared/rules/pricing.ts'
import {
  browserTestForFile,
  continueToCardStep,
  paced,
  signedOut,
  subscriberInBrowser,
  untilVisible,
} from '../helpers/browser.ts'

const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

// No 'trial' in the address: the thank-you names it (to confirm it) and must not say "trial".
const subscriber = () => subscriberInBrowser(t, 'one-plan')

describe('after the one trial', () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`the paywall offers the plan at its price without the trial at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const owner = await subscriber()
      await page.goto('/cat-profile')
      await page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Cancel Subscription?' })
      // The text of docs/product.md §2 stays; one more line says what cancelling does.
      await dialog.getByText("Are you sure you want to cancel your subscription? We'll miss you!").waitFor()
      expect(await dialog.innerText()).toMatch(/access .*ends? (now|at once)/i)
      expect(await dialog.innerText()).toMatch(/not refunded/i)
      await dialog.getByRole('button', { name: 'Yes, Cancel' }).click()
      await page.waitForURL('**/paywall')
      // The paywall says the cancellation happened, rather than only showing the countdown again.
      await page.getByRole('status').filter({ hasText: 'Your subscription is cancelled.' }).waitFor()
      await page.getByText('left to respond').waitFor()

      const card = page.locator('.plan-card')
      await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain('$49.99/mo')
      await expect.poll(() => page.locator('main').innerText()).not.toContain(ACTIVATION_FEE_TEXT)
      expect(await card.innerText()).not.toMatch(/trial/i)

      const modal = await continueToCardStep(page)
      expect(await modal.innerText()).not.toContain(ACTIVATION_FEE_TEXT)
      expect(await modal.innerText()).not.toMatch(/free trial/i)
      await modal.getByLabel('Card number').fill('4242 4242 4242 4242')
      await modal.getByLabel('Expiry (MM/YY)').fill('12/34')
      await modal.getByLabel('CVC').fill('123')
      await modal.getByRole('button', { name: 'Pay $49.99 and subscribe' }).click()
      const thanks = modal.locator('.thank-you')
      await untilVisible(thanks, 15_000)
      await expect.poll(() => thanks.innerText()).toContain('Your subscription has started.')
      expect(await thanks.innerText()).not.toMatch(/trial/i)
      await expect
        .poll(
          paced(page, () => t.db.subscription.count({ where: { userId: owner.id, status: 'active' } })),
          {
            timeout: 15_000,
          },
        )
        .toBe(1)
      expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
      expect(t.pageErrors).toEqual([])
    })
  }
})
