// In Chromium: on the short quiz's first step the arrow keys browse the choices and only a
// click, Enter or Space picks one and moves on; and the numbered wizard's steps above 3 refuse an
// anonymous visitor however they are reached (docs/product.md §6: visitors may use steps 1 to 3).
import { beforeEach, describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
import { browserTestForFile, signedOut } from '../helpers/browser.ts'

const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

const heading = () => t.page.getByRole('heading', { level: 1 })
const stored = (key: string) => t.page.evaluate((k) => localStorage.getItem(k), key)
const stepInUrl = () => new URL(t.page.url()).searchParams.get('step')

describe('the short quiz from the keyboard', () => {
  it('browses the first step with the arrow keys and picks with Space', async () => {
    const { page } = t
    await page.goto('/start')
    await expect.poll(() => heading().innerText()).toBe("What's Your Cat's Gender?")
    await page.getByRole('radio', { name: 'Girl' }).focus()
    await page.keyboard.press('ArrowRight')
    // The next card is selected and focused, and the step stays.
    await expect.poll(() => page.getByRole('radio', { name: 'Boy' }).isChecked()).toBe(true)
    expect(
      await page.getByRole('radio', { name: 'Boy' }).evaluate((el) => el === document.activeElement),
    ).toBe(true)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => page.getByRole('radio', { name: 'Girl' }).isChecked()).toBe(true)
    // A pick is made in the same key or change handler as the browse, so it would show in this render.
    expect(await heading().innerText()).toBe("What's Your Cat's Gender?")
    expect(await stored('gender')).toBeNull()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Space')
    await expect.poll(() => heading().innerText()).toBe("Choose your cat's age")
    expect(await stored('gender')).toBe('male')
  })

  it('picks with Enter, and with a click', async () => {
    const { page } = t
    await page.goto('/start')
    await page.getByRole('radio', { name: 'Girl' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.getByRole('radio', { name: 'Boy' }).isChecked()).toBe(true)
    expect(await heading().innerText()).toBe("What's Your Cat's Gender?")
    await page.keyboard.press('Enter')
    await expect.poll(() => heading().innerText()).toBe("Choose your cat's age")
    expect(await stored('gender')).toBe('male')

    await page.goto('/start')
    await page.getByText('Girl', { exact: true }).click()
    await expect.poll(() => heading().innerText()).toBe("Choose your cat's age")
    expect(await stored('gender')).toBe('female')
  })
})

describe('the wizard for an anonymous visitor', () => {
  it('refuses a deep link to step 5, says why, and offers the sign-in and the steps that are open', async () => {
    const { page } = t
    await page.goto('/onboarding?step=5')
    await page.getByRole('alert').getByText(ERRORS.authenticateToContinue).waitFor()
    expect(await heading().innerText()).toBe('Sign in to continue')
    // Nothing of step 5 is shown.
    expect(await page.getByText('What Progress Matters Most?').count()).toBe(0)
    expect(await page.getByRole('checkbox').count()).toBe(0)
    await page.getByRole('link', { name: 'Sign in' }).waitFor()
    await t.screenshot('wizard-visitor-deep-link-refused')
    // The visitor can start the quiz's open steps instead.
    await page.getByRole('button', { name: 'Start the quiz' }).click()
    await expect.poll(stepInUrl).toBe('1')
    await expect.poll(() => heading().innerText()).toBe('Does Your Cat Need a Little Help?')
  })

  it('refuses every step above 3 however it is reached: URL, saved step or the start step', async () => {
    const { page } = t
    for (const step of [4, 8, 12, 13, 15]) {
      await page.goto(`/onboarding?step=${step}`)
      await page.getByRole('alert').getByText(ERRORS.authenticateToContinue).waitFor()
      expect(await heading().innerText()).toBe('Sign in to continue')
    }
    // Step 13 made nothing for the visitor.
    expect(await t.db.cat.count()).toBe(0)
    // A saved step above 3, and the start step (15) of an invalid value, are refused as well.
    await page.evaluate(() => localStorage.setItem('currentStep', '9'))
    await page.goto('/onboarding?step=abc')
    await page.getByRole('alert').getByText(ERRORS.authenticateToContinue).waitFor()
    await page.evaluate(() => localStorage.removeItem('currentStep'))
    await page.goto('/onboarding?step=0')
    await page.getByRole('alert').getByText(ERRORS.authenticateToContinue).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    // Steps 1 to 3 stay open.
    await page.goto('/onboarding?step=3')
    await expect.poll(() => heading().innerText()).toBe('Breed and Weight')
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('brings the visitor to the refused step once signed in', async () => {
    const { page } = t
    await page.goto('/onboarding?step=5')
    await page.getByRole('alert').getByText(ERRORS.authenticateToContinue).waitFor()
    expect(await stored('currentStep')).toBe('5')
    const { token } = await t.signIn(`deep-link-${Date.now()}@example.com`)
    await page.evaluate((tok) => {
      localStorage.setItem('token', tok)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
    }, token)
    await page.goto('/onboarding?step=5')
    await expect.poll(() => heading().innerText()).toBe('What Progress Matters Most?')
    expect(await page.getByRole('alert').count()).toBe(0)
  })
})
