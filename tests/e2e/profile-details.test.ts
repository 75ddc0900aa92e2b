// The profile edits every answer the product uses, in Chromium at 1280×800 and 390×844: age (a kitten's
// band too), sex, weight with a decimal comma and its unit (a new unit converts what is typed), a target
// the nutrition rule questions (saved only once the owner says the vet will check it), activity, medical
// notes and goals; the server stores them through the same field rules; axe finds nothing.
import { AxeBuilder } from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession, WCAG_22_AA } from '../helpers/browser.ts'

const t = browserTestForFile()

describe.each(DESKTOP_AND_PHONE)('the profile details at $name ($width×$height)', (size) => {
  it('edits age, sex, weights, activity, medical notes and goals; questions a low target', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`details-${size.name}@example.com`)
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi', breed: 'Siamese' } })
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/cat-profile')
    const details = page.getByRole('form', { name: 'About Mochi' })
    await details.waitFor()
    const save = details.getByRole('button', { name: 'Save details' })

    await details.getByLabel('Age', { exact: true }).selectOption({ label: '6 years' })
    await details.getByLabel('Sex').selectOption('Male')
    await details.getByLabel('Weight (lb)', { exact: true }).fill('14,5')
    await details.getByLabel('Target weight (lb)').fill('8')
    await details.getByLabel('Activity level').selectOption('Mostly Inactive')
    await details.getByLabel('Medical conditions').fill('Arthritis')
    await details.getByLabel('Medications').fill('Joint supplement')
    await details.getByLabel('Dietary restrictions').fill('No fish')
    await details.getByLabel('Medical history (surgeries and past illnesses)').fill('Neutered in 2021')
    await details.getByLabel('Lose Weight').check()
    // 8 lb is under 70 % of 14.5 lb: the rule's question, and no save until the owner answers it.
    await details.getByText("A target of 8 lb is less than 70 % of Mochi's 14.5 lb").waitFor()
    expect(await save.getAttribute('aria-disabled')).toBe('true')
    // aria-disabled: a click still reaches the form, which sends nothing.
    await save.click({ force: true })
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })).weight).toBeNull()
    const axe = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await details.getByLabel('Save this target anyway: I will check it with my vet').check()
    await save.click()
    await details.getByText('Details saved.').waitFor()
    expect(await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })).toMatchObject({
      age: 6,
      gender: 'Male',
      weight: 14.5,
      targetWeight: 8,
      weightUnit: 'Lbs',
      activityLevel: 'Mostly Inactive',
      medicalConditions: 'Arthritis',
      medications: 'Joint supplement',
      dietaryRestrictions: 'No fish',
      medicalHistory: 'Neutered in 2021',
      goals: ['Lose Weight'],
    })

    // A new unit converts the weights typed; a reload shows what was stored.
    await details.getByLabel('Unit', { exact: true }).selectOption('Kg')
    expect(await details.getByLabel('Weight (kg)', { exact: true }).inputValue()).toBe('6.6')
    await details.getByLabel('Target weight (kg)').fill('6')
    await save.click()
    await details.getByText('Details saved.').waitFor()
    await page.reload()
    await expect.poll(() => page.getByLabel('Weight (kg)', { exact: true }).inputValue()).toBe('6.6')
    expect(await page.getByLabel('Target weight (kg)').inputValue()).toBe('6')
    expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe('6')
    // Above the weight log's range in kg: the form's sentence, and nothing sent.
    await page.getByLabel('Weight (kg)', { exact: true }).fill('30')
    await page.getByRole('form', { name: 'About Mochi' }).getByText('Please enter a valid weight').waitFor()
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })).weight).toBe(6.6)
  })
})
