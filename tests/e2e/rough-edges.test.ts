// Rough edges, in Chromium at 1280×800 and 390×844: the composer keeps a long paste and says how long it
// is near and past the limit instead of cutting it silently; the vet report's share links can be copied,
// are listed while live and revoked one by one; a vet opening a revoked link reads a page, not JSON; the
// emergency banner is in view when the urgent reply lands on a phone.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { CHAT_MESSAGE_MAX_CHARS } from '../../shared/constants.ts'
import { browserTestWithOpenAi, DESKTOP_AND_PHONE, replaceSession, signedOut } from '../helpers/browser.ts'
import { messageBox, openSpecialistChat, untilReplies } from '../helpers/chat-page.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const { t, double } = browserTestWithOpenAi()
beforeEach(async () => {
  double.reset()
  double.setDefault({ reply: 'Keep fresh water out and watch how she does.' })
  await signedOut(t.page)
})

async function chattingOwner(page: Page) {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Luna', gender: 'Female' } })
  await replaceSession(page, '/login', owner.token, {
    subscriptionId: 'sub_browser',
    interview_completed: 'true',
    catId: String(cat.id),
  })
  return { owner, cat }
}

describe.each(DESKTOP_AND_PHONE)('rough edges at $name ($width×$height)', (size) => {
  it('the composer keeps a long paste, counts near the limit and warns past it', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    await chattingOwner(page)
    await openSpecialistChat(page)
    const box = messageBox(page)
    const count = page.locator('#chat-input-count')
    await box.fill('a'.repeat(1000))
    expect(await count.innerText()).toBe('')
    await box.fill('a'.repeat(3900))
    await expect
      .poll(() => count.innerText())
      .toBe(`3,900 / ${CHAT_MESSAGE_MAX_CHARS.toLocaleString('en-US')}`)
    await box.fill('a'.repeat(4200))
    expect((await box.inputValue()).length).toBe(4200)
    await expect.poll(() => count.innerText()).toContain('4,200 / 4,000')
    expect(await count.innerText()).toMatch(/too long/i)
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
  })

  it('share links: a copy button, the live links listed, one revoked; the vet reads a page', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await chattingOwner(page)
    await page.goto('/care/progress')
    const create = page.getByRole('button', { name: 'Create a share link' })
    await create.click()
    const first = await page.getByLabel(/Anyone with this link/).inputValue()
    await page.getByRole('button', { name: 'Copy link' }).click()
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
    await create.click()
    await expect.poll(() => page.getByLabel(/Anyone with this link/).inputValue()).not.toBe(first)

    const live = page.getByRole('list', { name: 'Live share links' })
    await expect.poll(() => live.getByRole('listitem').count()).toBe(2)
    // The first link made is the last listed (newest first): revoke it alone.
    await live
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: /^Revoke/ })
      .click()
    await expect.poll(() => live.getByRole('listitem').count()).toBe(1)

    // A vet opening the revoked link gets a page that says what happened.
    const vet = await t.context.newPage()
    // The link's address is PUBLIC_URL's; this test's server listens elsewhere, so its path is opened.
    const address = new URL(first)
    await vet.goto(`${address.pathname}${address.search}`)
    await vet.getByRole('heading', { name: 'This report link no longer works' }).waitFor()
    expect(await vet.locator('body').innerText()).not.toContain('"code"')
    await vet.close()
    expect(t.pageErrors).toEqual([])
  })
})

describe('the emergency banner on a phone', () => {
  it('is in view when the urgent reply lands, even a long one', async () => {
    const { page } = t
    await page.setViewportSize({ width: 390, height: 844 })
    double.setDefault({
      reply: Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the advice.`).join('\n\n'),
    })
    await chattingOwner(page)
    await openSpecialistChat(page)
    await messageBox(page).fill('She chewed a lily leaf from the bouquet')
    await messageBox(page).press('Enter')
    await untilReplies(page, 5)
    const banner = page.getByRole('note', { name: 'Emergency' })
    await banner.waitFor()
    const log = page.getByRole('log', { name: 'Conversation' })
    const [b, l] = await Promise.all([banner.boundingBox(), log.boundingBox()])
    expect(b && l).toBeTruthy()
    expect(b!.y).toBeGreaterThanOrEqual(l!.y - 1)
    expect(b!.y + b!.height).toBeLessThanOrEqual(l!.y + l!.height + 1)
  })
})
