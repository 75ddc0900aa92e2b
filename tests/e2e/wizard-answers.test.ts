// The wizard's answers the way owners give them, in Chromium at 1280×800 and 390×844: kittens under a
// year among the ages, the one breed list (the profile's too), the weight log's range (80 lb is refused
// with a sentence, 23 kg is the top in kg), a decimal comma read ("12,5"), and a target the nutrition rule
// questions said as a question before the plan is made. axe finds nothing on the steps.
import { AxeBuilder } from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { CAT_BREEDS } from '../../shared/options.ts'
import { CAT_MESSAGES } from '../../shared/schemas/cat.ts'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession, WCAG_22_AA } from '../helpers/browser.ts'

const t = browserTestForFile()

async function axeClean() {
  const result = await new AxeBuilder({ page: t.page }).withTags(WCAG_22_AA).analyze()
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

describe.each(DESKTOP_AND_PHONE)('wizard answers at $name ($width×$height)', (size) => {
  it('offers kittens, one breed list, the weight range with a decimal comma, and questions a low target', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`wizard-answers-${size.name}@example.com`)
    await replaceSession(page, '/login', owner.token, { email: `wizard-answers-${size.name}@example.com` })
    await page.goto('/onboarding?step=2')
    await page.getByRole('heading', { name: 'Tell Us About Your Cat' }).waitFor()

    // Ages: two kitten bands before the years.
    const ages = await page.getByLabel('Age').locator('option:not([value=""])').allInnerTexts()
    expect(ages.slice(0, 4)).toEqual([
      'Kitten, under 4 months',
      'Kitten, 4 to 12 months',
      '1 year',
      '2 years',
    ])
    await page.getByLabel("Cat's name").fill('Pip')
    await page.getByText('Female', { exact: true }).click()
    await page.getByLabel('Age').selectOption({ label: 'Kitten, 4 to 12 months' })
    await axeClean()
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    expect(await page.evaluate(() => localStorage.getItem('age'))).toBe('0.5')

    // Breeds: the one list.
    await page.getByRole('heading', { name: 'Breed and Weight' }).waitFor()
    const breed = page.getByLabel('Breed', { exact: true })
    expect(await breed.locator('option:not([value=""])').allInnerTexts()).toEqual([...CAT_BREEDS])
    await breed.selectOption('Maine Coon')
    const weight = page.getByLabel('Weight', { exact: true })
    const next = page.getByRole('button', { name: 'Next', exact: true })
    // 80 lb is more than the weight log takes: refused with the form's sentence.
    await weight.fill('80')
    await page.getByText(CAT_MESSAGES.weight).waitFor()
    expect(await next.isDisabled()).toBe(true)
    // 30 kg is above the 23 kg top in kg.
    await page.getByLabel('Unit').selectOption('Kg')
    await weight.fill('30')
    await page.getByText(CAT_MESSAGES.weight).waitFor()
    expect(await next.isDisabled()).toBe(true)
    await page.getByLabel('Unit').selectOption('Lbs')
    // A decimal comma: read as 12.5 lb, with the other unit beside it.
    await weight.fill('12,5')
    await page.getByText('That is about 5.7 kg.').waitFor()
    expect(await page.getByText(CAT_MESSAGES.weight).count()).toBe(0)
    expect(await next.isDisabled()).toBe(false)
    await axeClean()
  })

  it("questions a target under 70 % of the cat's weight on the target step", async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`wizard-target-${size.name}@example.com`)
    await replaceSession(page, '/login', owner.token, {
      cat_name: 'Mochi',
      gender: 'Female',
      age: '5',
      breed: 'Siamese',
      weight: '14',
      unit: 'Lbs',
    })
    await page.goto('/onboarding?step=10')
    const target = page.getByLabel('Target weight', { exact: true })
    await target.waitFor()
    await target.selectOption('12')
    expect(await page.getByRole('status').filter({ hasText: 'less than 70 %' }).count()).toBe(0)
    await target.selectOption('8')
    await page
      .getByRole('status')
      .filter({ hasText: "A target of 8 lb is less than 70 % of Mochi's 14 lb" })
      .waitFor()
    await axeClean()
  })
})
