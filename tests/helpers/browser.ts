import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { startOpenAiDouble } from '../doubles/openai-server.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, type TestApp } from './app.ts'
import { checkoutAs } from './checkout.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { mailedCode } from './mailed-codes.ts'
import { grantSubscription } from './subscribers.ts'

export const SCREENSHOT_DIR = path.join(ROOT_DIR, 'tests/.artifacts/screenshots')

export interface BrowserTest extends TestApp {
  baseUrl: string
  browser: Browser
  context: BrowserContext
  page: Page
  /**
   * Uncaught errors in the page (and in any page a test adds it to). After every test the e2e set-up
   * (tests/helpers/e2e-setup.ts) fails it when this is not empty; a test that expects an error empties it
   * (`t.pageErrors.splice(0)`) and asserts on what it took.
   */
  pageErrors: string[]
  screenshot(name: string): Promise<void>
  /**
   * Puts a session (token with a future expiry) and any other keys into local storage. It first leaves
   * whatever app the page is running for a same-origin page that runs no script, so the previous
   * test's timers or a sign-out cannot navigate in the middle of the next goto.
   */
  storeSession(token: string, keys?: Record<string, string>, onPage?: Page): Promise<void>
}

/** The axe rule tags of WCAG 2.2 AA, which every screen is checked against. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** The two sizes the screens are checked at: a desktop and a phone. */
export const DESKTOP_AND_PHONE = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/**
 * The scripted pauses of docs/product.md §9 (the receptionist's typing, the 7 s preparation, the
 * wizard's 4 s, the 10-minute countdown) run in real time in the app. Browser tests run every context on
 * Playwright's fake clock: it flows like real time, and a test waiting for what a pause leads to moves it
 * on while it waits (`paced`, `untilVisible`). Every timer still fires, in order; only the waiting is
 * shorter.
 */
export async function installPageClock(context: BrowserContext): Promise<void> {
  await context.clock.install()
}

/** How far the page's clock moves before each check of a paced wait. */
const PACE_STEP_MS = 1000

/**
 * `check`, with the page's clock moved on by `stepMs` before each call: for `expect.poll`, so that the
 * scripted pauses before what it waits for pass at once.
 */
export function paced<T>(page: Page, check: () => T | Promise<T>, stepMs = PACE_STEP_MS): () => Promise<T> {
  return async () => {
    await page.clock.runFor(stepMs)
    return check()
  }
}

/** Moves the page's clock on until the page is at `pathname` (a scripted move to another screen). */
export async function untilPath(page: Page, pathname: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      paced(page, () => new URL(page.url()).pathname),
      { timeout },
    )
    .toBe(pathname)
}

/** Moves the page's clock on until the specialist's chat says it is connected (after its 7 s preparation). */
export async function untilChatConnected(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      paced(page, () => page.locator('.chat__status').innerText()),
      { timeout },
    )
    .toBe(`Connected to ${EXPERT_NAME}`)
}

/** The thank-you dialog's 'Start My Journey': the specialist's chat, once it says it is connected. */
export async function startMyJourney(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Start My Journey' }).click()
  await page.waitForURL('**/cat-assistant')
  await untilChatConnected(page)
}

/** Moves the page's clock on until `locator` is visible (the end of a scripted pause). */
export async function untilVisible(locator: Locator, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      paced(locator.page(), () => locator.isVisible()),
      { timeout },
    )
    .toBe(true)
}

/** The page-error lists of the browser tests now open, checked after every test. */
const openPageErrors = new Set<string[]>()

/** Fails the running test with every uncaught page error since the last check (and forgets them). */
export function expectNoPageErrors(): void {
  const errors = [...openPageErrors].flatMap((list) => list.splice(0))
  expect(errors, 'uncaught errors in the page').toEqual([])
}

/**
 * The run's Chromium (tests/helpers/global-setup-chromium.ts), connected to for this file: closing the
 * connection closes the file's contexts and leaves the browser to the other files.
 */
function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'))
}

/**
 * Chromium with a profile on disk, as a person's browser is: a browser's ordinary contexts are
 * incognito, where Chromium never offers to install an app. The caller closes it and removes the folder.
 */
export function launchPersistentChromium(userDataDir: string, baseUrl: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
  })
}

/**
 * The built app on a random port over a fresh database, and a Chromium page on it. The context runs on
 * Playwright's fake clock (`installPageClock`): time flows as usual until a test moves it on. A test of
 * the page's own timing (the Resource Timing entries) asks for the real clock (`clock: false`).
 */
export async function startBrowserTest(
  options: Parameters<typeof createTestApp>[0] & {
    viewport?: { width: number; height: number }
    clock?: boolean
    /**
     * The app registers its service worker for everyone. Blocked unless a test is about it (push,
     * installability, offline): page.route cannot see the requests a worker answers, and each test
     * should load what the server serves now, not what an earlier test's worker kept.
     */
    serviceWorkers?: 'allow' | 'block'
  } = {},
): Promise<BrowserTest> {
  const t = await createTestApp({
    ...options,
    clientDir: inject('clientDir'),
    env: {
      LOG_LEVEL: 'warn',
      // A file's browser contexts are many visitors on one address (127.0.0.1): the per-address
      // connection cap is for one client, so it is lifted here as in the resilience suite.
      MAX_CONNECTIONS_PER_ADDRESS: '10000',
      ...options.env,
    },
  })
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const browser = await connectChromium()
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  })
  if (options.clock !== false) await installPageClock(context)
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  openPageErrors.add(pageErrors)
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
      openPageErrors.delete(pageErrors)
    },
  }
}

/**
 * The browser test of a test file: started before the file's tests and closed after them. The object is
 * returned at once and filled in by beforeAll, so the file can name it at its top.
 */
export function browserTestForFile(options: Parameters<typeof startBrowserTest>[0] = {}): BrowserTest {
  const t = {} as BrowserTest
  beforeAll(async () => {
    Object.assign(t, await startBrowserTest(options))
  })
  afterAll(async () => {
    await t.close?.()
  })
  return t
}

/**
 * `browserTestForFile` with a local double of a service outside this machine, started before the app
 * (whose environment `env` points at it) and closed after it, hanging connections included; both objects
 * are filled in by beforeAll.
 */
function browserTestWithDouble<D extends { url: string; close(): Promise<void> }>(
  startDouble: () => Promise<D>,
  env: (double: D) => Record<string, string>,
  options: NonNullable<Parameters<typeof startBrowserTest>[0]>,
): { t: BrowserTest; double: D } {
  const t = {} as BrowserTest
  const double = {} as D
  beforeAll(async () => {
    Object.assign(double, await startDouble())
    Object.assign(t, await startBrowserTest({ ...options, env: { ...env(double), ...options.env } }))
  })
  afterAll(async () => {
    t.app?.server.closeAllConnections()
    await t.close?.()
    await double.close?.()
  })
  return { t, double }
}

/** Replies from the OpenAI-compatible double. */
export const browserTestWithOpenAi = (options: Parameters<typeof startBrowserTest>[0] = {}) =>
  browserTestWithDouble(
    startOpenAiDouble,
    (double) => ({ OPENAI_API_KEY: 'test', OPENAI_BASE_URL: double.url }),
    options,
  )

/** The app's mail (sign-in codes, reminders) sent to a local SMTP capture. */
export function browserTestWithSmtp(options: Parameters<typeof startBrowserTest>[0] = {}) {
  const { t, double } = browserTestWithDouble(startSmtpCapture, (smtp) => ({ SMTP_URL: smtp.url }), options)
  return { t, smtp: double }
}

/**
 * An owner signed in on `page` the way the wizard leaves one: a live subscription unless `subscribed` is
 * false, and a cat (Luna, a Persian of 5; `cat` names it, null for none).
 */
export async function signedInSubscriber(
  t: BrowserTest,
  page: Page,
  options: { subscribed?: boolean; cat?: string | null } = {},
) {
  const owner = await t.signIn()
  if (options.subscribed !== false) {
    await grantSubscription(t.db, owner.id)
  }
  const cat =
    options.cat === null
      ? null
      : await t.db.cat.create({
          data: { userId: owner.id, name: options.cat ?? 'Luna', breed: 'Persian', age: 5 },
        })
  await t.storeSession(
    owner.token,
    { subscriptionId: 'sub_browser', interview_completed: 'true', ...(cat ? { catId: String(cat.id) } : {}) },
    page,
  )
  return { owner, cat }
}

/** Leaves the page signed out: the login page with nothing in local storage. */
export async function signedOut(page: Page): Promise<void> {
  await page.goto('/login')
  await page.evaluate(() => localStorage.clear())
}

/**
 * Opens `path` (an app page), empties local storage and stores a session for `token` (with a future
 * expiry) and `keys`: what sign-in and the wizard leave behind, without the earlier tests' keys.
 */
export async function replaceSession(
  page: Page,
  path: string,
  token: string,
  keys: Record<string, string> = {},
): Promise<void> {
  await page.goto(path)
  await page.evaluate(
    ({ token, keys }) => {
      localStorage.clear()
      localStorage.setItem('token', token)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
      for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value)
    },
    { token, keys },
  )
}

/**
 * A subscribed owner (`<tag>-<uuid>@example.com`, a card checkout on the demo provider) with a cat, Tom,
 * signed in in the browser with only the keys a finished wizard and checkout leave.
 */
export async function subscriberInBrowser(t: BrowserTest, tag: string) {
  const email = `${tag}-${randomUUID()}@example.com`
  const { id, token } = await t.signIn(email)
  const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom', breed: 'Siamese' } })
  const { subscriptionId } = await checkoutAs(t, token, { checkoutKey: randomUUID() })
  await replaceSession(t.page, '/healthz', token, {
    email,
    catId: String(cat.id),
    interview_completed: 'true',
    subscriptionId,
  })
  return { id, subscriptionId }
}

/**
 * From the paywall's Continue through the modal's contact step with a US billing address, to the card
 * step; returns the dialog.
 */
export async function continueToCardStep(
  page: Page,
  address: { state: string; postalCode: string } = { state: 'CA', postalCode: '94105' },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Continue' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Country').selectOption('US')
  await dialog.getByLabel('State / Region').selectOption(address.state)
  await dialog.getByLabel('Postal code').fill(address.postalCode)
  await dialog.getByRole('button', { name: 'Next' }).click()
  return dialog
}

/**
 * On the login form's code step: sends a code to `email`, reads it from the log mailer's lines (the app
 * must log at info level) and verifies it, as the address's owner would.
 */
export async function verifyMailedCode(t: BrowserTest, email: string): Promise<void> {
  const { page } = t
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Login Code' }).click()
  await page.getByLabel('Login code').waitFor()
  await expect.poll(() => t.logs.some((l) => l.includes(email) && l.includes('login-code'))).toBe(true)
  await page.getByLabel('Login code').fill(mailedCode(t.logs, email))
  await page.getByRole('button', { name: 'Verify code' }).click()
}
