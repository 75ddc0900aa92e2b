// The short quizzes /start and /start-b in Chromium: four forward-only steps, the answers under the
// keys of docs/product.md §3, Continue only after a choice, each step from the top, and the two endings.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  // A short screen, so every step is taller than the window and scrolling matters.
  t = await startBrowserTest({ viewport: { width: 390, height: 560 } })
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await t.page.goto('/login')
  await t.page.evaluate(() => localStorage.clear())
})

const stored = (key: string) => t.page.evaluate((k) => localStorage.getItem(k), key)
const heading = () => t.page.getByRole('heading', { level: 1 })
const continueButton = () => t.page.getByRole('button', { name: 'Continue' })

async function scrollToBottom() {
  await t.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  // The step is taller than the window, so there is somewhere to scroll back from.
  expect(await t.page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
}

describe.each([
  ['/start', '/interview'],
  ['/start-b', '/cat-assistant-b'],
])('the short quiz on %s', (path, ending) => {
  it(`takes the four steps and ends at ${ending}`, async () => {
    await t.page.goto(path)
    await expect.poll(() => heading().innerText()).toBe("What's Your Cat's Gender?")
    expect(await t.page.getByRole('button', { name: 'Back' }).count()).toBe(0)

    // Step 1: picking a card stores the value and moves on at once.
    await t.page.getByText('Girl', { exact: true }).click()
    await expect.poll(() => heading().innerText()).toBe("Choose your cat's age")
    expect(await stored('gender')).toBe('female')

    // Step 2: four cards; Continue appears only after a choice.
    for (const card of ['Kitten', 'Young Adult', 'Mature Adult', 'Senior Cat']) {
      await t.page.getByText(card, { exact: true }).waitFor()
    }
    await t.page.getByText('Older than 10 years').waitFor()
    expect(await continueButton().count()).toBe(0)
    await t.page.getByText('Mature Adult', { exact: true }).click()
    expect(await t.page.getByRole('radio', { name: /Mature Adult/ }).isChecked()).toBe(true)
    expect(await stored('age')).toBe('7')
    await scrollToBottom()
    await continueButton().click()

    // Step 3 starts at the top; Continue again only after a choice.
    await expect.poll(() => heading().innerText()).toBe('How much does your cat weigh?')
    expect(await t.page.evaluate(() => window.scrollY)).toBe(0)
    for (const band of ['Under 5 pounds', '5-10 pounds', '10-15 pounds', 'Over 15 pounds']) {
      await t.page.getByText(band, { exact: true }).waitFor()
    }
    expect(await continueButton().count()).toBe(0)
    await t.page.getByText('10-15 pounds', { exact: true }).click()
    expect(await stored('weight')).toBe('10-15 pounds')
    await scrollToBottom()
    await continueButton().click()

    // Step 4: the message and Join Meeting.
    await t.page
      .getByText(
        "We have a live specialist available to speak with you now. If you're ready to connect, please click the button below.",
      )
      .waitFor()
    expect(await t.page.evaluate(() => window.scrollY)).toBe(0)
    await t.screenshot(`quiz${path.replace('/', '-')}-step4`)
    await t.page.getByRole('button', { name: 'Join Meeting' }).click()
    await t.page.waitForURL(`**${ending}`)
  })
})

describe('the short quiz answers', () => {
  it('store the band values of every age card', async () => {
    for (const [card, value] of [
      ['Kitten', '0'],
      ['Young Adult', '1'],
      ['Senior Cat', '10'],
    ]) {
      await t.page.goto('/start')
      await t.page.getByText('Boy', { exact: true }).click()
      await t.page.getByText(card!, { exact: true }).click()
      expect(await stored('age')).toBe(value)
      expect(await stored('gender')).toBe('male')
    }
  })

  it('can be chosen with the keyboard', async () => {
    await t.page.goto('/start')
    await heading().waitFor()
    await t.page.getByRole('radio', { name: 'Girl' }).focus()
    await t.page.keyboard.press('Space')
    await expect.poll(() => heading().innerText()).toBe("Choose your cat's age")
    await t.page.getByRole('radio', { name: /Kitten/ }).focus()
    await t.page.keyboard.press('Space')
    await continueButton().focus()
    await t.page.keyboard.press('Enter')
    await expect.poll(() => heading().innerText()).toBe('How much does your cat weigh?')
  })
})
