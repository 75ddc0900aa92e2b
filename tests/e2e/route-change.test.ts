import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest({ viewport: { width: 390, height: 844 } })
})
afterAll(async () => {
  await t?.close()
})

const scrollY = () => t.page.evaluate(() => window.scrollY)
const focused = () =>
  t.page.evaluate(() => {
    const el = document.activeElement
    return el ? `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim()}` : 'none'
  })

async function scrollToBottom() {
  await t.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(scrollY).toBeGreaterThan(400)
}

describe('a route change starts the new page at its top, with focus on its heading', () => {
  it('from the bottom of /privacy to /terms and back', async () => {
    await t.page.goto('/privacy')
    await t.page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor()
    await scrollToBottom()
    await t.page.getByRole('link', { name: 'Terms of Use' }).click()
    await t.page.waitForURL('**/terms')
    await expect.poll(focused).toBe('h1:Terms of Use')
    expect(await scrollY()).toBe(0)

    await scrollToBottom()
    await t.page.getByRole('link', { name: 'Privacy Policy' }).click()
    await t.page.waitForURL('**/privacy')
    await expect.poll(focused).toBe('h1:Privacy Policy')
    expect(await scrollY()).toBe(0)
    // Tab goes on from the heading into the page, not back to where the old page was.
    await t.page.keyboard.press('Tab')
    expect(await t.page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
  })

  it('keeps the focus a page gives itself (the sign-in e-mail field)', async () => {
    await t.page.goto('/terms')
    await t.page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor()
    await scrollToBottom()
    await t.page.getByRole('link', { name: 'Kitty Care home' }).click()
    await t.page.waitForURL('**/login')
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT')
    // The route's focus move waits for the page's heading; once it is drawn that move has been decided.
    await t.page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor()
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email')
    expect(await scrollY()).toBe(0)
  })
})
