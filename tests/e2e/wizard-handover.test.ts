// A visitor answers the quiz, is stopped after step 3 with 'Please authenticate to continue.', signs in,
// and carries on: the cat created at step 13 belongs to the account and holds everything typed before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
import { type BrowserTest, paced, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest({ viewport: { width: 390, height: 800 } })
})
afterAll(async () => {
  await t?.close()
})

describe('visitor to owner', () => {
  it('keeps every answer across the sign-in and creates the cat for the account', async () => {
    const { page } = t
    const stepInUrl = () => new URL(page.url()).searchParams.get('step')
    const title = () => page.getByRole('heading', { level: 1 }).innerText()
    const next = () => page.getByRole('button', { name: 'Next', exact: true })
    const pick = (text: string) => page.getByText(text, { exact: true }).click()

    // The short quiz first: its gender carries into the wizard.
    await page.goto('/start')
    await pick('Girl')
    await expect.poll(title).toBe("Choose your cat's age")

    // Steps 1 to 3 as a visitor (on a phone-sized screen).
    await page.goto('/onboarding?step=1')
    await page.getByRole('button', { name: 'Start Quiz' }).click()
    await expect.poll(title).toBe('Tell Us About Your Cat')
    expect(await page.getByRole('radio', { name: 'Female' }).isChecked()).toBe(true)
    await page.getByLabel("Cat's name").fill('Biscuit')
    await page.getByLabel('Age').selectOption('6')
    await next().click()
    await expect.poll(title).toBe('Breed and Weight')
    await page.getByLabel('Breed', { exact: true }).selectOption('Persian')
    await page.getByLabel('Weight', { exact: true }).fill('9.25')
    await page.getByLabel('Unit').selectOption('Kg')
    await next().click()

    // Past step 3 a visitor is stopped.
    await page.getByRole('alert').getByText(ERRORS.authenticateToContinue).waitFor()
    expect(stepInUrl()).toBe('3')
    expect(await title()).toBe('Breed and Weight')
    await page.getByRole('link', { name: 'Sign in' }).waitFor()
    await t.screenshot('wizard-visitor-stopped')
    expect(await t.db.cat.count()).toBe(0)

    // Signing in (the accounts screens store these three keys) and coming back to the saved step.
    const { id: userId, token } = await t.signIn('handover@example.com')
    await page.evaluate(
      ({ token }) => {
        localStorage.setItem('token', token)
        localStorage.setItem('expiry', String(Date.now() + 3_600_000))
        localStorage.setItem('email', 'handover@example.com')
      },
      { token },
    )
    const saved = await page.evaluate(() => localStorage.getItem('currentStep'))
    await page.goto(`/onboarding?step=${saved}`)
    await expect.poll(title).toBe('Breed and Weight')
    expect(await page.getByLabel('Weight', { exact: true }).inputValue()).toBe('9.25')
    expect(await page.getByLabel('Breed', { exact: true }).inputValue()).toBe('Persian')
    await next().click()

    // Steps 4 to 12 as an owner.
    await expect.poll(title).toBe('Medical History')
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.getByRole('button', { name: 'Skip Step' }).click()
    await expect.poll(title).toBe('What Progress Matters Most?')
    await pick('Recovery')
    await next().click()
    await expect.poll(title).toBe("What's Getting in the Way?")
    await pick('Lack of Knowledge')
    await next().click()
    await expect.poll(title).toBe('Any Additional Goals?')
    await pick('Reduce Anxiety')
    await next().click()
    await expect.poll(title).toBe('How Active Is Your Cat?')
    await pick('Mostly Inactive')
    await next().click()
    await expect.poll(title).toBe('How Often Should We Check In?')
    await pick('Weekly')
    await next().click()
    await expect.poll(title).toBe("What's Your Cat's Target Weight?")
    // The options are in lbs; the cat's unit is kg, so the target is kept in kg.
    await page.getByLabel('Target weight', { exact: true }).selectOption('18')
    await next().click()
    await expect.poll(title).toBe('Pick Your Training Days')
    await pick('Saturday')
    await pick('Any Day')
    await next().click()
    await expect.poll(title).toBe('What Cat Items Do You Own?')
    await pick('Wet Food')
    await next().click()

    // 13 creates the cat for the account; 15 follows and, with no subscription, opens the payment modal.
    await expect.poll(paced(page, stepInUrl), { timeout: 20_000 }).toBe('15')
    await page.getByRole('dialog').waitFor()
    const cats = await t.db.cat.findMany({ where: { userId } })
    const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'))
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(cats).toHaveLength(1)
    expect(cats[0]).toMatchObject({
      sessionId,
      name: 'Biscuit',
      gender: 'Female',
      age: 6,
      breed: 'Persian',
      weight: 9.25,
      weightUnit: 'Kg',
      // Stored as the chosen option's label shows it in kilograms: 18 lb (8.2 kg).
      targetWeight: 8.2,
      medicalConditions: '',
      requiredProgress: ['Recovery'],
      issuesFaced: ['Lack of Knowledge'],
      goals: ['Reduce Anxiety'],
      activityLevel: 'Mostly Inactive',
      checkInPeriod: 'Weekly',
      trainingDays: ['Any Day'],
      items: ['Wet Food'],
    })
    expect(await page.evaluate(() => localStorage.getItem('catId'))).toBe(String(cats[0]!.id))
  })
})
