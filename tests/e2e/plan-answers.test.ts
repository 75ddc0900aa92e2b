// A plan built from the owner's answers, and one number for one fact, in Chromium at 1280×800 and 390×844.
// A cat made without the wizard (name and breed only) shows no plan figure anywhere: /care/progress asks
// for the weight instead. On the first Care visit a skippable card asks for only what is missing, once;
// after it, the day plan on /care/progress, the check-in card in the chat, the reminder e-mail and the
// wizard's last step all give the same food line, the nutrition rule's. axe finds nothing on the screens.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dayPlan } from '../../server/domain/care/day-plan.ts'
import { checkInReminderMail } from '../../server/domain/care/reminder-mail.ts'
import { dailyFoodText } from '../../shared/rules/nutrition.ts'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession, WCAG_22_AA } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()

async function axeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

const weekPlan = (page: Page) =>
  page.locator('.report__field', { has: page.locator('dt', { hasText: "This week's plan" }) }).locator('dd')

describe.each(DESKTOP_AND_PHONE)('the plan from the owner answers at $name ($width×$height)', (size) => {
  it('asks once for what is missing, then every screen and message says the same food', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`plan-answers-${size.name}@example.com`)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const api = await t.caller(owner.token)
    // Made the way the receptionist's path makes it: a name and a breed, nothing the plan needs.
    const { id: catId } = await api.cat.create({ name: 'Mochi', breed: 'Siamese' })
    await replaceSession(page, '/login', owner.token, { catId: String(catId), subscriptionId: 'sub_x' })

    // No weight given: no figure, the sentence asking for it.
    await page.goto('/care/progress')
    await expect.poll(() => weekPlan(page).innerText()).toContain("Add Mochi's weight to see the plan.")
    expect(await weekPlan(page).innerText()).not.toMatch(/kcal|cup/)

    // The first Care visit: the card asks for the missing answers only.
    await page.goto('/care')
    const card = page.getByRole('form', { name: "A few answers for Mochi's plan" })
    await card.waitFor()
    await axeClean(page)
    await card.getByLabel('Weight', { exact: true }).fill('14,5')
    await card.getByLabel('Target weight', { exact: true }).fill('12')
    await card.getByLabel('Age', { exact: true }).selectOption({ label: '6 years' })
    await card.getByLabel('Sex', { exact: true }).selectOption('Female')
    await card.getByLabel('How often to check in').selectOption('Daily')
    await card.getByLabel('Tuesday').check()
    await card.getByLabel('Saturday').check()
    await card.getByRole('button', { name: 'Save answers' }).click()
    await card.waitFor({ state: 'detached' })
    const cat = await api.cat.get({ id: catId })
    expect(cat).toMatchObject({
      weight: 14.5,
      target_weight: 12,
      unit: 'Lbs',
      age: 6,
      gender: 'Female',
      check_in_period: 'Daily',
      training_days: ['Tuesday', 'Saturday'],
    })
    expect(await api.care.plan({ cat_id: catId })).toMatchObject({
      check_in_period: 'Daily',
      training_days: ['Tuesday', 'Saturday'],
    })
    // Asked once: not again on the next visit.
    await page.reload()
    await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()
    await page.getByText('Check-in plan', { exact: false }).first().waitFor()
    expect(await card.count()).toBe(0)

    // One number for one fact: the nutrition rule's food line, everywhere.
    const food = dailyFoodText(cat)
    expect(food).toMatch(/^\d+ kcal a day: about .* cup/)
    await page.goto('/care/progress')
    await expect.poll(() => weekPlan(page).innerText()).toContain(food)
    await axeClean(page)

    const checkIn = await t.db.checkIn.create({
      data: { catId, dueAt: new Date(Date.now() - 60_000), weighIn: false },
    })
    const opening = (await api.care.checkIn({ id: checkIn.id })).opening
    expect(opening).toContain(`Food: ${food}`)
    const row = await t.db.cat.findUniqueOrThrow({ where: { id: catId } })
    const mail = checkInReminderMail({
      to: 'owner@example.com',
      ownerName: 'Dana',
      plan: dayPlan(row, { trainingDay: true, weighIn: false }),
      origin: 'http://127.0.0.1',
      checkInId: checkIn.id,
      dueAt: checkIn.dueAt,
      unsubscribeToken: 'token',
    })
    expect(mail.text).toContain(`Food: ${food}`)
    for (const text of [opening, mail.text]) expect(text).not.toMatch(/\b\d+ cups? of food\b/)

    // The wizard's last step, for the cat it just made.
    await page.evaluate((details) => localStorage.setItem('catDetails', JSON.stringify(details)), cat)
    await page.goto('/onboarding?step=15')
    const suggestions = page.getByRole('region', { name: 'Suggestions' })
    await suggestions.getByText(food).waitFor()
    expect(await suggestions.getByText(/\b\d+ cups? of food per day/).count()).toBe(0)
    await axeClean(page)
  })

  it("'Not now' puts the card away for good, and the plan still asks for the weight", async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`plan-skip-${size.name}@example.com`)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const api = await t.caller(owner.token)
    const { id: catId } = await api.cat.create({ name: 'Luna', breed: 'Persian', age: 3 })
    await replaceSession(page, '/login', owner.token, { catId: String(catId), subscriptionId: 'sub_x' })
    await page.goto('/care')
    const card = page.getByRole('form', { name: "A few answers for Luna's plan" })
    await card.waitFor()
    // Only what is missing: the age was given.
    expect(await card.getByLabel('Age', { exact: true }).count()).toBe(0)
    await card.getByRole('button', { name: 'Not now' }).click()
    await card.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()
    await page.waitForTimeout(500)
    expect(await card.count()).toBe(0)
    await page.goto('/care/progress')
    await expect.poll(() => weekPlan(page).innerText()).toContain("Add Luna's weight to see the plan.")
  })
})
