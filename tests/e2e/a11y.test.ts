// axe-core (WCAG 2.2 AA rules) on every screen of the owner's journey, at the desktop and the phone
// size: 0 violations. Each screen is also saved as a screenshot (tests/.artifacts/screenshots/a11y-*)
// and its text is checked for emoji, which show as empty boxes where no emoji font is installed.
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { type BrowserTest, SCREENSHOT_DIR, startBrowserTest } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const EMOJI = /\p{Extended_Pictographic}/u

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

describe.each(SIZES)('accessibility of every journey screen, $name ($width×$height)', (size) => {
  let t: BrowserTest
  beforeAll(async () => {
    // Scripted delays at the app's own pace: the receptionist's chat stays up long enough to be checked
    // (about 10 s since the faster scripts; at a fifth of it, 2 s, it had moved on to /interview
    // while axe ran on a loaded machine).
    t = await startBrowserTest({ viewport: { width: size.width, height: size.height } })
  })
  afterAll(async () => {
    t?.app.server.closeAllConnections()
    await t?.close()
  })

  /** Runs axe on the page as it is, saves a screenshot, and returns readable violations. */
  async function check(name: string, page: Page = t.page) {
    await page.waitForLoadState('networkidle')
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
    expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10)
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `a11y-${size.name}-${name}.png`),
      fullPage: true,
    })
    const text = await page.locator('body').innerText()
    const problems = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
    const emoji = text.match(EMOJI)?.[0]
    if (emoji) problems.push(`emoji in the page text: ${emoji}`)
    expect(problems, `${name} at ${size.width}×${size.height}`).toEqual([])
  }

  async function fresh() {
    await t.page.goto('/healthz')
    await t.page.evaluate(() => localStorage.clear())
  }

  /** A signed-in owner; with `subscriber`, also a cat, a trial and a completed interview. */
  async function owner(options: { subscriber?: boolean; cat?: boolean } = {}) {
    const { id, token } = await t.signIn()
    const keys: Record<string, string> = { email: `owner${id}@example.com` }
    if (options.cat || options.subscriber) {
      const cat = await t.db.cat.create({
        data: { userId: id, name: 'Luna', breed: 'Persian', age: 5, weight: 9, goals: ['Lose Weight'] },
      })
      Object.assign(keys, { catId: String(cat.id), cat_name: 'Luna', interview_completed: 'true' })
    }
    if (options.subscriber) {
      await grantSubscription(t.db, id, { email: keys.email! })
      keys.subscriptionId = 'sub_a11y'
    }
    await t.storeSession(token, keys)
  }

  it('/login, both steps', async () => {
    await fresh()
    await t.page.goto('/login')
    await t.page.getByLabel('Email').waitFor()
    await check('login-email')
    await t.page.getByLabel('Email').fill('axe@example.com')
    await t.page.getByRole('button', { name: 'Send Login Code' }).click()
    await t.page.getByLabel('Login code').waitFor()
    await check('login-code')
  })

  it('/start, every step', async () => {
    await fresh()
    await t.page.goto('/start')
    await t.page.getByText('Girl').waitFor()
    await check('start-1-gender')
    await t.page.getByText('Girl').click()
    await t.page.getByText('Kitten').waitFor()
    await check('start-2-age')
    await t.page.getByText('Kitten').click()
    await t.page.getByRole('button', { name: 'Continue' }).click()
    await t.page.getByText('Under 5 pounds').waitFor()
    await check('start-3-weight')
    await t.page.getByText('Under 5 pounds').click()
    await t.page.getByRole('button', { name: 'Continue' }).click()
    await t.page.getByRole('button', { name: 'Join Meeting' }).waitFor()
    await check('start-4-ready')
  })

  it('/onboarding and /interview', async () => {
    await fresh()
    await owner()
    await t.page.goto('/onboarding')
    await t.page.locator('.bubble').first().waitFor()
    await check('onboarding')
    expect(new URL(t.page.url()).pathname).toBe('/onboarding')
    await t.page.goto('/interview')
    await t.page.locator('.bubble').first().waitFor()
    await check('interview')
  })

  it('/paywall and its payment modal', async () => {
    await fresh()
    await owner({ cat: true })
    await t.page.goto('/paywall')
    await t.page.getByText('left to respond').waitFor()
    await check('paywall')
    await t.page.getByRole('button', { name: 'Continue' }).click()
    await t.page.getByRole('dialog').getByRole('heading', { name: 'Contact Information' }).waitFor()
    await check('paywall-modal')
  })

  it('/cat-assistant, /cat-profile and /progress', async () => {
    await fresh()
    await owner({ subscriber: true })
    await t.page.goto('/cat-assistant')
    await expect
      .poll(() => t.page.locator('.chat__status').innerText(), { timeout: 20_000 })
      .toBe(`Connected to ${EXPERT_NAME}`)
    await expect
      .poll(() => t.page.locator('.bubble[data-role="assistant"]').count(), { timeout: 20_000 })
      .toBe(4)
    await check('cat-assistant')
    // A long answer makes the history scroll: it must stay reachable by keyboard.
    await t.page.getByLabel(`Message ${EXPERT_NAME}`).fill('What should I feed her and how much?')
    await t.page.getByRole('button', { name: 'Send' }).click()
    await expect
      .poll(() => t.page.locator('.bubble[data-role="assistant"]').count(), { timeout: 20_000 })
      .toBe(5)
    await expect
      .poll(() => t.page.getByLabel(`Message ${EXPERT_NAME}`).isEnabled(), { timeout: 30_000 })
      .toBe(true)
    await check('cat-assistant-answer')
    await t.page.goto('/cat-profile')
    await expect.poll(() => t.page.getByLabel('Cat name').inputValue()).toBe('Luna')
    await check('cat-profile')
    await t.page.goto('/progress')
    await t.page.getByRole('heading', { name: 'Review Report', level: 1 }).waitFor()
    await check('progress')
    await t.page.goto('/care')
    await t.page.getByRole('heading', { name: 'Check-in plan' }).waitFor()
    await check('care')
    await t.page.goto('/care/progress')
    await t.page.getByRole('heading', { name: 'For your vet' }).waitFor()
    await check('care-progress')
  })

  it('/privacy, /terms and an unknown path', async () => {
    await fresh()
    await t.page.goto('/privacy')
    await t.page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor()
    await check('privacy')
    await t.page.goto('/terms')
    await t.page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor()
    await check('terms')
    await t.page.goto('/no/such/page')
    await t.page.getByRole('heading', { name: 'Not found' }).waitFor()
    await check('not-found')
  })
})
