// The chat's confirm-to-log, in Chromium at 1280 × 800 and 390 × 844: the owner writes a
// weight, the thread offers to log it, nothing is logged until 'Log it', then it is in the log with
// source 'chat'; 'No thanks' logs nothing. axe finds nothing in the offer.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  browserTestForFile,
  DESKTOP_AND_PHONE,
  paced,
  signedOut,
  untilVisible,
  WCAG_22_AA,
} from '../helpers/browser.ts'
import { messageBox, openSpecialistChat } from '../helpers/chat-page.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const SIZES = DESKTOP_AND_PHONE

const t = browserTestForFile()
// Each test is a new owner: nothing of the last one's conversation stays in the browser.
beforeEach(async () => {
  await signedOut(t.page)
})

async function chattingOwner(page: Page) {
  const owner = await t.signIn()
  await grantSubscription(t.db, owner.id)
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Luna', breed: 'Persian', age: 5 } })
  await t.storeSession(
    owner.token,
    { subscriptionId: 'sub_browser', interview_completed: 'true', catId: String(cat.id) },
    page,
  )
  // The welcome lines play first; the owner writes once they have.
  await openSpecialistChat(page)
  return cat
}

async function say(page: Page, text: string) {
  const input = messageBox(page)
  await expect
    .poll(
      paced(page, () => input.isEnabled()),
      { timeout: 20_000 },
    )
    .toBe(true)
  await input.fill(text)
  await input.press('Enter')
}

/** A new subscriber at this size writes `text` to the specialist; the offer to log it, once on screen. */
async function offerAfter(size: (typeof SIZES)[number], text: string) {
  const { page } = t
  await page.setViewportSize({ width: size.width, height: size.height })
  const cat = await chattingOwner(page)
  await say(page, text)
  const offer = page.getByRole('group', { name: 'Log this weight' })
  await untilVisible(offer, 20_000)
  return { page, cat, offer }
}

describe.each(SIZES)('the chat offers to log a weight, $name ($width×$height)', (size) => {
  it("logs it only on 'Log it', with source chat", async () => {
    const { page, cat, offer } = await offerAfter(size, "I weighed her this morning, she's 9.2 lbs today")
    expect(await offer.innerText()).toContain("Add 9.2 lb (4.2 kg) to Luna's weight log for today?")
    expect(await t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(0)
    await page.waitForLoadState('networkidle')
    const axe = await new AxeBuilder({ page }).include('.chat-weight-offer').withTags(WCAG_22_AA).analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])

    await offer.getByRole('button', { name: 'Log it' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: "Logged 9.2 lb (4.2 kg) in Luna's weight log." })
      .waitFor()
    const rows = await t.db.weightEntry.findMany({ where: { catId: cat.id } })
    expect(rows.map((r) => [r.weight, r.unit, r.source])).toEqual([[9.2, 'Lbs', 'chat']])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    expect(t.pageErrors).toEqual([])
  })

  it("logs nothing on 'No thanks'", async () => {
    const { cat, offer } = await offerAfter(size, 'Luna is 4.1 kg now')
    await offer.getByRole('button', { name: 'No thanks' }).click()
    await offer.waitFor({ state: 'detached' })
    expect(await t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(0)
  })
})
