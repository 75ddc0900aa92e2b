// A declined card's message is seen where Pay was pressed: on a 390×844 phone the card step scrolls under
// the sticky "Due today / Pay" footer, and the message must not sit under it (Pay would look dead). At a
// desktop's and a phone's size.
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  browserTestForFile,
  continueToCardStep,
  DESKTOP_AND_PHONE,
  replaceSession,
} from '../helpers/browser.ts'

const t = browserTestForFile()

/** Inside the viewport and, at its top, its middle and its bottom, not covered by anything else. */
function uncovered(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight || box.height === 0) return false
    const x = box.left + box.width / 2
    return [box.top + 2, box.top + box.height / 2, box.bottom - 2].every((y) =>
      element.contains(document.elementFromPoint(x, y)),
    )
  })
}

describe.each(DESKTOP_AND_PHONE)('a declined card ($name)', (size) => {
  it('shows its message in view, not under the sticky footer, with Pay beside it', async () => {
    await t.page.setViewportSize(size)
    const email = `declined-${size.name}-${Date.now()}@example.com`
    const { id, token } = await t.signIn(email)
    const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom', breed: 'Siamese' } })
    await replaceSession(t.page, '/privacy', token, {
      email,
      interview_completed: 'true',
      catId: String(cat.id),
      cat_name: 'Tom',
    })
    await t.page.goto('/paywall')
    const dialog = await continueToCardStep(t.page)
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002')
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
    await dialog.getByLabel('CVC').fill('123')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    const alert = dialog.getByRole('alert').filter({ hasText: 'Your card was declined' })
    await alert.waitFor()
    await t.screenshot(`payment-declined-${size.name}`)
    expect(await uncovered(alert)).toBe(true)
    expect(await uncovered(dialog.getByRole('button', { name: /^Pay \$1\.99 and start$/ }))).toBe(true)
  })
})
