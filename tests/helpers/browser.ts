import fs from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { createTestApp, type TestApp } from './app.ts'

export const SCREENSHOT_DIR = path.join(ROOT_DIR, 'tests/.artifacts/screenshots')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface BrowserTest extends TestApp {
  baseUrl: string
  browser: Browser
  context: BrowserContext
  page: Page
  /** Uncaught errors in the page; tests assert it stays empty. */
  pageErrors: string[]
  screenshot(name: string): Promise<void>
  /**
   * Puts a session (token with a future expiry) and any other keys into local storage. It first leaves
   * whatever app the page is running for a same-origin page that runs no script, so the previous
   * test's timers or a sign-out cannot navigate in the middle of the next goto.
   */
  storeSession(token: string, keys?: Record<string, string>, onPage?: Page): Promise<void>
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  })
}

/**
 * The built app on a random port over a fresh database, and a Chromium page on it. Scripted delays
 * run at `delayScale` of the SPEC's timings (every step still runs; only the waits are shorter).
 */
export async function startBrowserTest(
  options: Parameters<typeof createTestApp>[0] & {
    delayScale?: number
    viewport?: { width: number; height: number }
  } = {},
): Promise<BrowserTest> {
  const t = await createTestApp({
    ...options,
    clientDir: inject('clientDir'),
    env: { UI_DELAY_SCALE: String(options.delayScale ?? 0.02), LOG_LEVEL: 'warn', ...options.env },
  })
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const browser = await launchChromium()
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return {
    ...t,
    baseUrl,
    browser,
    context,
    page,
    pageErrors,
    storeSession: async (token, keys = {}, onPage = page) => {
      await onPage.goto('/healthz')
      await onPage.evaluate(
        (entries) => {
          for (const [key, value] of entries) localStorage.setItem(key, value)
        },
        Object.entries({ token, expiry: String(Date.now() + 3_600_000), ...keys }),
      )
    },
    screenshot: async (name) => {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
    },
    close: async () => {
      await browser.close()
      await t.close()
    },
  }
}
