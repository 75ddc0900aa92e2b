import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

describe('app shell in Chromium', () => {
  it('replaces / with /login and has the product title and description', async () => {
    await t.page.goto('/sent-mail')
    await t.page.goto('/')
    await t.page.waitForURL('**/login')
    expect(await t.page.title()).toBe('Kitty Care - Your Kitty Expert')
    const description = await t.page.locator('meta[name="description"]').getAttribute('content')
    expect(description).toMatch(/expert advice/i)
    expect(description).toMatch(/personalized care plans/i)
    // Replace, not push: going back skips / and lands on the page before it.
    await t.page.goBack()
    expect(new URL(t.page.url()).pathname).toBe('/sent-mail')
  })

  it('shows the plain text "Not found" for an unknown path', async () => {
    await t.page.goto('/no/such/page')
    await expect.poll(() => t.page.locator('body').textContent()).toContain('Not found')
  })

  it('shows the logo header on ordinary screens and not on the chat or profile', async () => {
    await t.page.goto('/login')
    await t.page.getByRole('link', { name: 'Kitty Care home' }).waitFor()
    const { token } = await t.signIn()
    await t.page.evaluate((session) => {
      localStorage.setItem('token', session)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
    }, token)
    await t.page.goto('/cat-profile')
    await t.page.getByRole('heading', { name: 'Edit Profile' }).waitFor()
    expect(new URL(t.page.url()).pathname).toBe('/cat-profile')
    expect(await t.page.getByRole('link', { name: 'Kitty Care home' }).count()).toBe(0)
  })

  it('shows the loading overlay while the global loading flag is set', async () => {
    // The lazy screen's Suspense fallback is the same overlay: slow the chunk down and watch it appear.
    await t.page.route('**/assets/SentMailPage-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 800))
      await route.continue()
    })
    await t.page.goto('/sent-mail')
    await t.page.getByRole('status', { name: 'Loading content' }).waitFor({ state: 'visible' })
    await t.page.getByRole('status', { name: 'Loading content' }).waitFor({ state: 'detached' })
    await t.screenshot('foundation-sent-mail')
  })
})
