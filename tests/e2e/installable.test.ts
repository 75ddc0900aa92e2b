// The app is installable and works offline as far as it can: Chromium finds no installability error
// in the manifest, icons and service worker (CDP Page.getInstallabilityErrors), and a reload without a
// network shows the app's offline page instead of the browser's error.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, launchPersistentChromium, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest({ serviceWorkers: 'allow', clock: false })
})
afterAll(async () => {
  await t?.close()
})

/** Waits until `page` is controlled by the app's worker (it claims open pages once activated). */
async function untilControlled(page: Page = t.page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/)
}

describe('installable app', () => {
  it('Chromium reports no installability error; the manifest has PNG icons of 192 and 512 px and a maskable one', async () => {
    // A profile on disk: Chromium offers no install in an incognito context, whatever the app does.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-install-'))
    const browser = await launchPersistentChromium(profile, t.baseUrl)
    try {
      const page = browser.pages()[0] ?? (await browser.newPage())
      await page.goto('/login')
      await untilControlled(page)
      const cdp = await browser.newCDPSession(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
    } finally {
      await browser.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
    await t.page.goto('/login')
    const manifest = await (await t.page.request.get('/manifest.webmanifest')).json()
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'maskable' }),
      ]),
    )
    for (const icon of icons) expect((await t.page.request.get(icon.src)).status(), icon.src).toBe(200)
    const touch = await t.page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    expect((await t.page.request.get(touch!)).headers()['content-type']).toBe('image/png')
  })

  it('a reload with no network shows the offline page, not the browser error', async () => {
    await t.page.goto('/login')
    await untilControlled()
    await t.context.setOffline(true)
    try {
      await t.page.reload()
      await t.page.getByRole('heading', { name: "You're offline" }).waitFor()
      // The page's own icon comes from the worker's cache too.
      expect(
        await t.page.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true)
    } finally {
      await t.context.setOffline(false)
    }
    // Back online, the app loads again.
    await t.page.goto('/login')
    await t.page.locator('#root *').first().waitFor()
    expect(await t.page.getByRole('heading', { name: "You're offline" }).count()).toBe(0)
  })
})
