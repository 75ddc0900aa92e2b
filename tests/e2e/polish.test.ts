// Polish, each at 1280 × 800 and 390 × 844: the collapsed sidebar, the account buttons'
// spacing, the price line beside the payment buttons, the payment dialog while paying, the contact
// step's error, the whole profile photo, no council areas for UK owners, and the password-change code.
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { browserTestForFile, continueToCardStep, signedOut, untilVisible } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

// Info level: the password-change test reads the mail's log entry.
const t = browserTestForFile({ env: { LOG_LEVEL: 'info' } })
beforeEach(() => signedOut(t.page))

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

/** A signed-in owner named Jane with a cat, subscribed unless told, in the browser. */
async function owner(page: Page, options: { subscribed?: boolean } = {}) {
  const email = `jane-${Math.random().toString(36).slice(2)}@example.com`
  const signedIn = await t.signIn(email, { firstName: 'Jane', fullName: 'Jane Doe' })
  if (options.subscribed !== false) await grantSubscription(t.db, signedIn.id)
  const cat = await t.db.cat.create({ data: { userId: signedIn.id, name: 'Luna', breed: 'Persian', age: 5 } })
  await t.storeSession(
    signedIn.token,
    {
      email,
      catId: String(cat.id),
      interview_completed: 'true',
      ...(options.subscribed !== false ? { subscriptionId: 'sub_polish' } : {}),
    },
    page,
  )
  return { ...signedIn, email, cat }
}

/** The unsubscribed owner's paywall, at the contact step of the payment dialog (the dialog). */
async function contactStep(page: Page) {
  await owner(page, { subscribed: false })
  await page.goto('/paywall')
  await page.getByRole('button', { name: 'Continue' }).click()
  return page.getByRole('dialog')
}

/** The unsubscribed owner's paywall, at the card step of the payment dialog. */
async function cardStep(page: Page) {
  await owner(page, { subscribed: false })
  await page.goto('/paywall')
  return continueToCardStep(page)
}

describe('polish', () => {
  for (const size of SIZES) {
    const at = `at ${size.width}×${size.height}`

    it(`the sidebar writes the greeting on one line and reaches the page bottom ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      await owner(page)
      await page.goto('/progress')
      // By its class: the closed drawer (phones) is hidden, so not found by its role.
      const sidebar = page.locator('aside.sidebar')
      const greeting = sidebar.locator('.sidebar__greeting, .sidebar__top p').first()
      await greeting.waitFor({ state: 'attached' })
      /** The greeting's tallest box over the next 400 ms (an animation included): one line is < 40 px. */
      const tallestGreeting = () =>
        greeting.evaluate(
          (el) =>
            new Promise<number>((resolve) => {
              let tallest = 0
              const end = performance.now() + 400
              const sample = () => {
                const visible = el.checkVisibility({ visibilityProperty: true })
                const box = el.getBoundingClientRect()
                if (visible && box.width > 2) tallest = Math.max(tallest, box.height)
                if (performance.now() < end) requestAnimationFrame(sample)
                else resolve(tallest)
              }
              requestAnimationFrame(sample)
            }),
        )
      if (size.width > 768) {
        await page.getByRole('button', { name: 'Collapse sidebar' }).click()
        expect(await tallestGreeting()).toBeLessThan(40)
        await page.getByRole('button', { name: 'Expand sidebar' }).click()
        expect(await tallestGreeting()).toBeLessThan(40)
        // The column runs down to the bottom of the (longer than the screen) page.
        const heights = await page.evaluate(() => ({
          page: document.documentElement.scrollHeight,
          sidebar: document.querySelector('.sidebar')!.getBoundingClientRect().height,
        }))
        expect(heights.page).toBeGreaterThan(size.height)
        expect(heights.sidebar).toBeGreaterThanOrEqual(heights.page - 1)
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click()
        expect(await tallestGreeting()).toBeLessThan(40)
        const box = await sidebar.boundingBox()
        expect(box!.y).toBeLessThanOrEqual(0)
        expect(box!.y + box!.height).toBeGreaterThanOrEqual(size.height - 1)
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await t.screenshot(`polish-sidebar-${size.width}`)
    })

    it(`the account buttons keep clear of the headings below them ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      await owner(page)
      await page.goto('/cat-profile')
      await page.getByRole('heading', { name: 'Your data' }).waitFor()
      const gaps = await page.evaluate(() => {
        const account = document.getElementById('account-title')!.closest('section')!
        const sections = [...account.querySelectorAll(':scope > section')]
        return sections.slice(1).map((section, i) => {
          const buttons = [...sections[i]!.querySelectorAll('button')]
          const above = Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom))
          return section.querySelector('h3')!.getBoundingClientRect().top - above
        })
      })
      expect(gaps.length).toBeGreaterThanOrEqual(2)
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(16)
    })

    it(`the price line stays in view beside the payment buttons ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const dialog = await cardStep(page)
      const summary = dialog.locator('.payment-summary')
      await summary.waitFor()
      expect(await summary.innerText()).toContain('$49.99/month')
      // Every line of the summary is the topmost element where it is drawn: nothing covers it.
      const covered = await summary.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const hidden: number[] = []
        for (let y = box.top + 4; y < box.bottom; y += 8) {
          const hit = document.elementFromPoint(box.left + box.width / 2, y)
          if (!hit || !el.contains(hit)) hidden.push(Math.round(y))
        }
        return { hidden, inView: box.top >= 0 && box.bottom <= window.innerHeight }
      })
      expect(covered).toEqual({ hidden: [], inView: true })
      await t.screenshot(`polish-price-${size.width}`)
    })

    it(`the payment dialog keeps its size and shows progress while paying ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const dialog = await cardStep(page)
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
      await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
      await dialog.getByLabel('CVC').fill('123')
      const before = await dialog.evaluate((el) => el.getBoundingClientRect().height)
      // The answer after the payment (whether to show the thank-you) takes a moment.
      await page.route('**/trpc/billing.welcome**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
      await page.evaluate(() => {
        const seen = { minHeight: Number.POSITIVE_INFINITY, texts: [] as string[], progress: false }
        ;(window as unknown as { seen: typeof seen }).seen = seen
        const sample = () => {
          const box = document.querySelector('dialog.payment-modal')
          // Until the thank-you replaces the form (a screen of its own size).
          if (box && !box.querySelector('.thank-you')) {
            seen.minHeight = Math.min(seen.minHeight, box.getBoundingClientRect().height)
            const text = (box as HTMLElement).innerText
            if (seen.texts.at(-1) !== text) seen.texts.push(text)
            if (box.querySelector('[role="progressbar"], progress')) seen.progress = true
          }
          if (!document.querySelector('.thank-you')) requestAnimationFrame(sample)
        }
        requestAnimationFrame(sample)
      })
      await dialog.getByRole('button', { name: /^Pay / }).click()
      await untilVisible(page.locator('.thank-you'), 20_000)
      const seen = await page.evaluate(
        () => (window as unknown as { seen: { minHeight: number; texts: string[]; progress: boolean } }).seen,
      )
      expect(seen.texts.some((text) => /One moment/.test(text))).toBe(false)
      expect(seen.minHeight).toBeGreaterThanOrEqual(before * 0.9)
      expect(seen.progress).toBe(true)
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    })

    it(`the contact step's error names the missing fields ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const dialog = await contactStep(page)
      await dialog.getByLabel('Full name').fill('')
      await dialog.getByRole('button', { name: 'Next' }).click()
      const alert = dialog.getByRole('alert')
      await alert.waitFor()
      const text = await alert.innerText()
      for (const field of ['Full name', 'Country', 'Postal code']) expect(text).toContain(field)
      await dialog.getByLabel('Full name').fill('Jane Doe')
      await dialog.getByLabel('Country').selectOption('US')
      await dialog.getByRole('button', { name: 'Next' }).click()
      await expect.poll(() => alert.innerText()).not.toContain('Full name')
      expect(await alert.innerText()).toContain('State')
      expect(await alert.innerText()).toContain('Postal code')
    })

    it(`the profile photo is shown whole, not cropped to a banner ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      await owner(page)
      await page.goto('/cat-profile')
      // A tall photo: a banner crop would cut most of it.
      const tall = await sharp({
        create: { width: 300, height: 600, channels: 3, background: { r: 200, g: 120, b: 60 } },
      })
        .png()
        .toBuffer()
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: tall })
      const image = page.locator('.photo-area img')
      await image.waitFor()
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300)
      const shown = await image.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect()
        const frame = img.parentElement!.getBoundingClientRect()
        // The image's box lies within its frame (a taller box would be cut by the frame's edges).
        const inFrame =
          box.top >= frame.top - 1 &&
          box.bottom <= frame.bottom + 1 &&
          box.left >= frame.left - 1 &&
          box.right <= frame.right + 1
        const fit = getComputedStyle(img).objectFit
        // With 'cover' the painted image is cut to the box; with 'contain' (or a box of the photo's shape) it is whole.
        const boxRatio = box.width / box.height
        const photoRatio = img.naturalWidth / img.naturalHeight
        return {
          inFrame,
          whole: fit === 'contain' || fit === 'scale-down' || Math.abs(boxRatio - photoRatio) < 0.02,
        }
      })
      expect(shown).toEqual({ inFrame: true, whole: true })
      await t.screenshot(`polish-photo-${size.width}`)
    })

    it(`UK owners are asked no state or council area ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const dialog = await contactStep(page)
      await dialog.getByLabel('Full name').fill('Jane Doe')
      await dialog.getByLabel('Country').selectOption('GB')
      expect(await dialog.getByLabel('State / Region').count()).toBe(0)
      await dialog.getByLabel('Postal code').fill('SW1A 1AA')
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByLabel('Card number').waitFor()
    })

    it(`the password-change code is mailed and logged as a password-change code ${at}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const { email } = await owner(page)
      await page.goto('/cat-profile')
      const before = t.logs.length
      await page.getByRole('button', { name: 'Email me a code' }).click()
      await page.getByLabel('Code from the e-mail').waitFor()
      const lines = t.logs
        .slice(before)
        .flatMap((chunk) => chunk.split('\n'))
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { mail?: string; to?: string; msg?: string })
        .filter((entry) => entry.to === email && entry.mail)
      expect(lines).toHaveLength(1)
      expect(lines[0]!.mail).toBe('password-code')
      expect(lines[0]!.msg).toMatch(/^Password change code for /)
      expect(lines[0]!.msg).not.toMatch(/Sign-in code/)
    })
  }
})
