// Honesty: every chat screen says, in one always-visible line, that the assistants are AI and
// not veterinarians; chat B's scripts are spoken by the persona who speaks them (Dr. Olivia does not read
// the receptionist's lines about herself in the third person); no screen promises what nothing does yet.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { EXPERT_NAME, RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { browserTestForFile, paced, signedOut, untilPath } from '../helpers/browser.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
const DISCLOSURE = /AI assistants?, not (a )?veterinarians?/

/** The disclosure line is on screen (inside the viewport, not under the fold or behind the composer). */
async function expectDisclosureInView(page: Page) {
  const line = page.locator('.ai-disclosure')
  const viewport = page.viewportSize()!
  // Laid out inside the viewport (a route change may have the new screen's line in the DOM a moment
  // before it has a box): the wait ends when it is on screen, and fails if it never is.
  await expect
    .poll(
      paced(page, async () => {
        if ((await line.count()) !== 1) return 'not one line'
        const box = await line.boundingBox()
        if (!box) return 'no box'
        return box.y >= 0 && box.y + box.height <= viewport.height ? 'in view' : `at y=${box.y}`
      }),
      { timeout: 20_000 },
    )
    .toBe('in view')
  expect(await line.innerText()).toMatch(DISCLOSURE)
  expect(await line.innerText()).toContain(EXPERT_NAME)
  expect(await line.isVisible()).toBe(true)
}

describe('the AI disclosure line', () => {
  for (const size of SIZES) {
    it(`is on screen on /cat-assistant at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const { owner, cat } = await subscriberWithCat(t)
      await t.storeSession(owner.token, {
        subscriptionId: 'sub_browser',
        interview_completed: 'true',
        catId: String(cat.id),
      })
      await page.goto('/cat-assistant')
      await expectDisclosureInView(page)
    })

    it(`is on screen on /cat-assistant-b at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      await page.goto('/cat-assistant-b')
      await expectDisclosureInView(page)
    })

    it(`is on screen on /onboarding and /interview at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      await page.goto('/onboarding')
      await expectDisclosureInView(page)
      expect(await page.locator('.ai-disclosure').innerText()).toContain(RECEPTIONIST_NAME)
      // The receptionist's lines lead on to the interview by themselves (the page's clock moved through them).
      await untilPath(page, '/interview', 20_000)
      await expectDisclosureInView(page)
    })
  }
})

describe('chat B speaks as Dr. Olivia', () => {
  it('never names Dr. Olivia in the third person in her own lines', async () => {
    const { page } = t
    await page.goto('/cat-assistant-b')
    await expect
      .poll(
        paced(page, () => page.locator('.bubble[data-role="assistant"]').count()),
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(6)
    const lines = (await page.locator('.bubble[data-role="assistant"]').allInnerTexts()).map((text) =>
      text.replace(`${EXPERT_NAME}:`, '').trim(),
    )
    expect(lines[0]).toContain(`I'm ${EXPERT_NAME}`)
    for (const line of lines.slice(1)) expect(line).not.toContain(EXPERT_NAME)
  })
})

describe('no promise the product does not keep', () => {
  it('the check-in step does not say the specialist will check in', async () => {
    const { page } = t
    const owner = await t.signIn()
    await t.storeSession(owner.token, { cat_name: 'Luna' })
    await page.goto('/onboarding?step=9')
    await page.getByRole('heading', { name: 'How Often Should We Check In?' }).waitFor()
    expect(await page.locator('main').innerText()).not.toMatch(/will check in/i)
  })

  it('the terms describe the trial as it is: paid, once per owner, with the AI specialist', async () => {
    const { page } = t
    await page.goto('/terms')
    await page.getByRole('heading', { name: 'Terms of Use' }).waitFor()
    const text = await page.locator('main').innerText()
    expect(text).not.toMatch(/free trial/i)
    expect(text).toMatch(/one trial per owner/i)
    expect(text).not.toMatch(/chat with specialists/i)
  })
})
