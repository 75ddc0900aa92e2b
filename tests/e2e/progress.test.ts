// /progress 'Review Report' in Chromium: the current cat's fields, its daily suggestions and the
// subscription; the empty state for an owner without a cat; and the /dashboard and /signup redirects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cupsText, nutritionRule } from '../../shared/rules/nutrition.ts'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const MOCHI_PLAN = (() => {
  const outcome = nutritionRule({
    age: 5,
    weight: 8.5,
    unit: 'Lbs',
    target_weight: 7,
    activity_level: 'Mostly Inactive',
    breed: 'Siamese',
  })
  if (outcome.kind !== 'plan') throw new Error(outcome.text)
  return outcome
})()

let t: BrowserTest
let owner: { id: number; token: string }
let catless: { id: number; token: string }
const END = new Date(Date.now() + 3 * 86_400_000)
// Mochi's lists, stored in this order and shown by the report one entry per line in the same order.
const TRAINING_DAYS = ['Monday', 'Wednesday']
const ITEMS = ['Litter Box', 'Cat Toys']

beforeAll(async () => {
  t = await startBrowserTest()
  owner = await t.signIn('report-owner@example.com')
  catless = await t.signIn('report-catless@example.com')
  // An older cat first: the report is about the current one, the highest id.
  await t.db.cat.create({ data: { userId: owner.id, name: 'Old Tom', breed: 'Persian', foodBowls: 3 } })
  await t.db.cat.create({
    data: {
      userId: owner.id,
      name: 'Mochi',
      breed: 'Siamese',
      age: 5,
      weight: 8.5,
      weightUnit: 'Lbs',
      targetWeight: 7,
      activityLevel: 'Mostly Inactive',
      checkInPeriod: '3 Times a Week',
      goals: ['Lose Weight'],
      requiredProgress: ['Healthy Coat'],
      issuesFaced: ['Eats too fast'],
      medicalConditions: 'Diabetes',
      medications: 'Insulin twice a day',
      trainingDays: TRAINING_DAYS,
      items: ITEMS,
      foodBowls: 1,
      treats: 1,
      playtime: 35,
    },
  })
  await grantSubscription(t.db, owner.id, {
    email: 'report-owner@example.com',
    endDate: END,
    providerSubscriptionId: `sub_report_${owner.id}`,
  })
})
afterAll(async () => {
  await t?.close()
})

async function signInAs(user: { token: string } | null, email = '') {
  await t.page.goto('/login')
  await t.page.evaluate(
    ({ token, email }) => {
      localStorage.clear()
      if (!token) return
      localStorage.setItem('token', token)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
      localStorage.setItem('email', email)
    },
    { token: user?.token ?? '', email },
  )
}

describe('/progress Review Report', () => {
  it("shows the current cat's fields, daily suggestions and subscription", async () => {
    const { page } = t
    await signInAs(owner, 'report-owner@example.com')
    await page.goto('/progress')
    await page.getByRole('heading', { name: 'Review Report' }).waitFor()
    const report = page.locator('.report')
    await report.getByRole('heading', { name: 'Mochi' }).waitFor()
    // Old Tom is only an option of the cat switcher, nowhere in the report itself.
    expect(await report.getByText('Old Tom').and(report.locator(':not(option)')).count()).toBe(0)

    const field = (label: string) =>
      report
        .locator('.report__field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd')
    expect(await field('Breed').innerText()).toBe('Siamese')
    expect(await field('Age').innerText()).toBe('5 years')
    expect(await field('Weight').innerText()).toBe('8.5 lb (3.9 kg)')
    expect(await field('Target weight').innerText()).toBe('7 lb (3.2 kg)')
    expect(await field('Activity level').innerText()).toBe('Mostly Inactive')
    expect(await field('Check-in frequency').innerText()).toBe('3 Times a Week')
    expect(await field('Goals').innerText()).toBe('Lose Weight')
    expect(await field('Progress wanted').innerText()).toBe('Healthy Coat')
    expect(await field('Barriers and issues').innerText()).toBe('Eats too fast')
    expect(await field('Medical conditions').innerText()).toBe('Diabetes')
    expect(await field('Medications').innerText()).toBe('Insulin twice a day')
    expect(await field('Dietary restrictions').innerText()).toBe('Not given')
    expect((await field('Training days').innerText()).split('\n')).toEqual(TRAINING_DAYS)
    expect((await field('Items').innerText()).split('\n')).toEqual(ITEMS)

    // The daily suggestions, singular at 1.
    const daily = report.locator('.report__daily li')
    expect(await daily.allInnerTexts()).toEqual([
      // The nutrition rule's plan for 8.5 → 7 lb, mostly inactive: 170 kcal (never under RER at 7 lb).
      `${MOCHI_PLAN.kcalPerDay} kcal of food: about ${cupsText(MOCHI_PLAN.cupsPerDay)} of dry food (${MOCHI_PLAN.gramsPerDay} g)`,
      '1 Treat',
      '35 minutes of playtime',
    ])

    // The subscription (loaded separately).
    await field('Status').waitFor()
    expect(await field('Plan').innerText()).toBe('Free Trial (Monthly)')
    expect(await field('Status').innerText()).toBe('Trialing')
    const endText = await field('Ends on').innerText()
    expect(new Date(endText).toDateString()).toBe(END.toDateString())

    expect(await report.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/cat-profile')
    expect(await report.getByRole('link', { name: 'Chat with Expert' }).getAttribute('href')).toBe(
      '/cat-assistant',
    )

    // Mobile: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 740 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await t.screenshot('progress-report-mobile')
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it('shows the empty state to an owner with no cat', async () => {
    const { page } = t
    await signInAs(catless, 'report-catless@example.com')
    await page.goto('/progress')
    await page.getByRole('heading', { name: 'No cat profile yet' }).waitFor()
    const link = page.getByRole('link', { name: "Create your cat's profile" })
    expect(await link.getAttribute('href')).toBe('/onboarding?step=1')
    await page.getByText('No subscription yet.').waitFor()
  })
})

describe('redirects', () => {
  it('/dashboard goes to the report when signed in, else to /login', async () => {
    const { page } = t
    await signInAs(owner, 'report-owner@example.com')
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/progress')
    await page.getByRole('heading', { name: 'Review Report' }).waitFor()

    await signInAs(null)
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/login')
  })

  it('/signup goes to /login and keeps the query string', async () => {
    const { page } = t
    await signInAs(null)
    await page.goto('/signup?planSelection=yearly')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).search).toBe('?planSelection=yearly')
  })
})
