// Care and Progress as pages of their own, in Chromium at 1280×800 and 390×844: both are entries of the
// sidebar and of the phone's menu; Care has the plan, the next check-in and the check-ins; Progress has
// the chart, the table, the vet report and its share links; the Review Report no longer carries them at
// its bottom; the unsubscribe page names Care as the menu does.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'
import { mailedUnsubscribeToken } from '../helpers/unsubscribe-link.ts'

const t = browserTestForFile()

async function ownerOfMochi(tag: string) {
  const owner = await t.signIn(`${tag}@example.com`)
  await grantSubscription(t.db, owner.id, { status: 'active' })
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 6 } })
  await t.db.carePlan.create({
    data: { catId: cat.id, userId: owner.id, checkInPeriod: 'Weekly', unsubscribeToken: `hub-${tag}` },
  })
  // Saved once as the plan editor saves it: the next check-in is worked out.
  await (await t.caller(owner.token)).care.updatePlan({ cat_id: cat.id, check_in_period: 'Weekly' })
  await t.db.weightEntry.create({ data: { catId: cat.id, weight: 12, unit: 'Lbs', measuredAt: new Date() } })
  return { owner, cat }
}

/** Follows a menu entry: the sidebar on a desktop, the menu button's drawer on a phone. */
async function openFromMenu(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
}

describe.each(DESKTOP_AND_PHONE)('the care hub at $name ($width×$height)', (size) => {
  it('Care and Progress are menu entries, each its own page', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const { owner, cat } = await ownerOfMochi(`hub-${size.name}`)
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/progress')
    await page.getByRole('heading', { name: 'Review Report', level: 1 }).waitFor()
    await page.locator('.report__field').first().waitFor()
    expect(await page.getByRole('heading', { name: 'Check-in plan' }).count()).toBe(0)
    expect(await page.getByRole('img', { name: "Mochi's weight over time" }).count()).toBe(0)

    const phone = size.name === 'phone'
    await openFromMenu(page, 'Care', phone)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/care')
    await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Check-in plan' }).waitFor()
    await page.getByText('Next check-in:').waitFor()
    await page.getByRole('heading', { name: 'Check-ins' }).waitFor()

    await openFromMenu(page, 'Progress', phone)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/care/progress')
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor()
    await page.getByRole('img', { name: "Mochi's weight over time" }).waitFor()
    await page.getByRole('region', { name: "Mochi's weights" }).waitFor()
    await page.getByRole('button', { name: 'Create a share link' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    expect(t.pageErrors).toEqual([])
  })
})

describe('links that name the pages as the menu does', () => {
  it('the unsubscribe page sends the owner to Care', async () => {
    const { page } = t
    const { cat } = await ownerOfMochi('hub-unsubscribe')
    const unsubscribeToken = await mailedUnsubscribeToken(t, cat.id)
    await page.goto(`/api/care/unsubscribe/${unsubscribeToken}`)
    await page.getByRole('button', { name: 'Pause reminders' }).click()
    await page.getByRole('heading', { name: 'Reminders paused' }).waitFor()
    const link = page.getByRole('link', { name: 'Resume them on the Care page' })
    expect(await link.getAttribute('href')).toBe('/care')
  })
})
