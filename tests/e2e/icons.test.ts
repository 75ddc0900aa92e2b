import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

/** Pictographic characters (emoji); without an emoji font they render as empty boxes. */
const EMOJI = /\p{Extended_Pictographic}/u

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

async function expectIconsNotEmoji(minimumIcons: number) {
  const text = (await t.page.locator('body').innerText()) ?? ''
  expect(text.match(EMOJI)?.[0] ?? null).toBeNull()
  const icons = t.page.locator('.choice__icon svg, .wizard__hero svg')
  await expect.poll(() => icons.count()).toBeGreaterThanOrEqual(minimumIcons)
  for (const box of await icons.evaluateAll((svgs) =>
    svgs.map((svg) => svg.getBoundingClientRect()).map((r) => [r.width, r.height]),
  ))
    expect(Math.min(...box)).toBeGreaterThan(16)
}

describe('the product draws its own SVG icons, never emoji', () => {
  it('on the quiz cards, the wizard intro, the activity and the items steps', async () => {
    await t.page.goto('/start')
    await t.page.getByText('Girl').waitFor()
    await expectIconsNotEmoji(2)
    await t.page.goto('/onboarding?step=1')
    await t.page.getByRole('button', { name: 'Start Quiz' }).waitFor()
    await expectIconsNotEmoji(1)
    const { token } = await t.signIn()
    await t.storeSession(token)
    await t.page.goto('/onboarding?step=8')
    await t.page.getByText('Very Active').waitFor()
    await expectIconsNotEmoji(5)
    await t.page.goto('/onboarding?step=12')
    await t.page.getByText('Litter Box').waitFor()
    await expectIconsNotEmoji(9)
    await t.screenshot('icons-items')
  })
})
