// The whole walk of a new owner in Chromium at 1280×800 and 390×844, from the first visit to a share link,
// with one page.goto('/') and then only clicks and typing (and, like an owner, the share link opened in
// another page): the receptionist and her interview, the paywall paid through Stripe (the Stripe double
// behind the server, the stand-in Stripe.js in the page), the specialist, the Care page's card asking what
// the plan needs (answered in kilograms), the plan's food line as the nutrition rule gives it for those
// answers, "Add a cat" in the switcher and the wizard for a second cat, back to the first cat, a check-in
// (its due time brought forward in the database, as time passing would), a weight, Progress, the vet
// report and a share link opened as the vet would. axe checks every screen on the way; at the end the
// database shows every check-in, weight, plan and link on the cat it was about.
import { execFileSync } from 'node:child_process'
import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContext, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPERT_NAME, RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { dailyFoodText, type NutritionProfile } from '../../shared/rules/nutrition.ts'
import { type StripeDouble, startStripeDouble } from '../doubles/stripe-server.ts'
import {
  type BrowserTest,
  DESKTOP_AND_PHONE,
  installPageClock,
  paced,
  startBrowserTest,
  startMyJourney,
  untilPath,
  untilVisible,
  WCAG_22_AA,
} from '../helpers/browser.ts'
import { serveFakeStripeJs } from '../helpers/stripe-js.ts'

let stripe: StripeDouble
let t: BrowserTest

beforeAll(async () => {
  stripe = await startStripeDouble()
  t = await startBrowserTest({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_walk',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_walk',
      STRIPE_API_BASE: stripe.apiBase,
    },
    jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 },
  })
})
afterAll(async () => {
  t?.app.server.closeAllConnections()
  await t?.close()
  await stripe?.close()
})

/** axe finds nothing on the screen `page` shows now, and nothing scrolls sideways. */
async function axeClean(page: Page, screen: string, width: number) {
  const results = await new AxeBuilder({ page })
    // Only the violations come back (the passes are large and unread); options() first, since it
    // replaces what withTags set.
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_22_AA)
    .analyze()
  expect(
    results.violations.map(
      (v) => `${screen}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/** The text of a PDF, as a viewer shows it. */
function pdfBytesText(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString()
}

/**
 * The text of a downloaded PDF. Its bytes are read through the connection: the run's Chromium is shared
 * and connected to remotely, where a download has no local path.
 */
async function pdfText(download: Download): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk))
  return pdfBytesText(Buffer.concat(chunks))
}

const plain = (text: string) => text.replace(/^[^:\n]+:\s*/, '').trim()

describe.each(DESKTOP_AND_PHONE)('a new owner at $name ($width×$height)', (size) => {
  it('walks from the first visit to a plan from their answers, a second cat, a check-in, a weight, a report and a share link', async () => {
    // A browser of the owner's own: nothing stored from the other size's walk.
    const context = await t.browser.newContext({
      baseURL: t.baseUrl,
      viewport: { width: size.width, height: size.height },
      serviceWorkers: 'block',
    })
    try {
      await walk(context, size)
    } finally {
      await context.close()
    }
  }, 600_000)
})

async function walk(context: BrowserContext, size: (typeof DESKTOP_AND_PHONE)[number]) {
  await installPageClock(context)
  await serveFakeStripeJs(context)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  page.on('pageerror', (error) => t.pageErrors.push(error.message))
  const email = `walk-${size.name}@example.com`
  const a11y = (screen: string) => axeClean(page, screen, size.width)
  const phone = size.name === 'phone'
  /** A menu entry, as the owner reaches it: the sidebar, or on a phone the menu button first. */
  const menu = async (entry: string) => {
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry }).click()
  }
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 })
  const switcher = page.getByRole('combobox', { name: 'Your cat' })
  const assistantBubbles = page.locator('.bubble[data-role="assistant"]')
  const lastAssistant = async () => plain((await assistantBubbles.allInnerTexts()).at(-1) ?? '')

  // The first visit: '/' opens the sign-in page; a new owner signs up.
  await page.goto('/')
  await page.waitForURL('**/login')
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await a11y('login')
  await page.getByRole('link', { name: 'Sign Up now.' }).click()

  // The receptionist, at her own pace: checked while her lines play (she moves on to the interview by
  // herself after them), then the owner's yes.
  await page.waitForURL('**/onboarding')
  await page.getByRole('heading', { name: 'Welcome to Kitty Care' }).waitFor()
  await assistantBubbles.first().waitFor()
  await a11y('receptionist')
  // She may have moved on while axe ran on a loaded machine: then the yes is not needed.
  const reply = page.getByLabel(`Reply to ${RECEPTIONIST_NAME}`)
  await reply
    .fill('yes', { timeout: 5000 })
    .then(() => reply.press('Enter', { timeout: 5000 }))
    .catch(() => expect(new URL(page.url()).pathname).toBe('/interview'))
  await page.waitForURL('**/interview')

  // The interview: each question answered as it comes, until the paywall.
  const answerBox = page.getByLabel(`Answer ${RECEPTIONIST_NAME}`)
  const answers: Array<[RegExp, string]> = [
    [/name/i, 'His name is Mochi'],
    [/help|struggling|improve/i, 'He begs for food all day and is getting heavy'],
    [/old/i, '6 years'],
    [/breed/i, 'Siamese'],
    [/active|energy/i, 'active'],
  ]
  let interviewChecked = false
  for (let turn = 0; turn < 8 && new URL(page.url()).pathname === '/interview'; turn++) {
    await expect
      .poll(
        paced(page, async () =>
          new URL(page.url()).pathname !== '/interview'
            ? 'left'
            : await answerBox.getAttribute('placeholder'),
        ),
        { timeout: 20_000 },
      )
      .toMatch(/^(Type your answer…|left)$/)
    if (new URL(page.url()).pathname !== '/interview') break
    if (!interviewChecked) {
      await a11y('interview')
      interviewChecked = true
    }
    const question = await lastAssistant()
    const answer = answers.find(([asks]) => asks.test(question))
    if (!answer) break
    const asked = await assistantBubbles.count()
    await answerBox.fill(answer[1])
    await answerBox.press('Enter')
    if (answer[1] === 'active') break
    await expect
      .poll(
        paced(page, () => assistantBubbles.count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(asked)
  }
  await untilPath(page, '/paywall', 30_000)

  // The paywall, paid through Stripe.
  await page.getByText('left to respond').waitFor()
  await a11y('paywall')
  await page.getByRole('button', { name: 'Continue' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor()
  await dialog.getByLabel('Full name').fill('Dana Whitfield')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Country').selectOption('US')
  await dialog.getByLabel('State / Region').selectOption('CA')
  await dialog.getByLabel('Postal code').fill('94105')
  await a11y('payment contact')
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByLabel('Card number (Stripe)').fill('4242 4242 4242 4242')
  await a11y('payment card')
  await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
  await untilVisible(dialog.getByRole('heading', { name: 'Thank you for subscribing!' }))
  await a11y('thank you')
  await startMyJourney(page, dialog)
  await expect.poll(paced(page, lastAssistant), { timeout: 20_000 }).toContain('Mochi')
  await a11y('chat')
  const owner = await t.db.user.findUniqueOrThrow({ where: { email } })
  expect(owner.firstName).toBe('Dana')

  // Care, from the menu: the card asks what the plan still needs; answered in kilograms.
  await menu('Care')
  await heading('Care').waitFor()
  const card = page.getByRole('form', { name: "A few answers for Mochi's plan" })
  await card.waitFor()
  await a11y('care with the plan card')
  await card.getByLabel('Unit').selectOption('Kg')
  await card.getByLabel('Weight', { exact: true }).fill('5,4')
  await card.getByLabel('Target weight', { exact: true }).fill('4,8')
  if (await card.getByLabel('Age', { exact: true }).count()) {
    await card.getByLabel('Age', { exact: true }).selectOption({ label: '6 years' })
  }
  await card.getByLabel('Sex', { exact: true }).selectOption('Male')
  await card.getByLabel('How often to check in').selectOption('Daily')
  await card.getByLabel('Tuesday').check()
  await card.getByLabel('Saturday').check()
  await card.getByRole('button', { name: 'Save answers' }).click()
  await card.waitFor({ state: 'detached' })
  const planRegion = page.getByRole('region', { name: 'Check-in plan' })
  await planRegion.getByText(/Next check-in:/).waitFor()
  await a11y('care')

  // The plan's food line is the nutrition rule's for exactly these answers.
  const mochiAnswers: NutritionProfile = {
    name: 'Mochi',
    age: 6,
    breed: 'Siamese',
    gender: 'Male',
    activity_level: 'Active',
    weight: 5.4,
    target_weight: 4.8,
    unit: 'Kg',
  }
  const food = dailyFoodText(mochiAnswers)
  expect(food).toMatch(/^\d+ kcal a day: about .* cup/)
  const weekPlan = page
    .locator('.report__field', { has: page.locator('dt', { hasText: "This week's plan" }) })
    .locator('dd')
  await menu('Progress')
  await heading('Progress').waitFor()
  await expect.poll(() => weekPlan.innerText()).toContain(food)
  await a11y('progress')

  // A second cat: "Add a cat" beside the switcher, then the wizard.
  await page.getByRole('link', { name: 'Add a cat' }).click()
  const title = () => page.getByRole('heading', { level: 1 }).innerText()
  const next = page.getByRole('button', { name: 'Next', exact: true })
  const pick = (text: string) => page.getByText(text, { exact: true }).click()
  await expect.poll(title).toBe('Does Your Cat Need a Little Help?')
  await a11y('wizard 1')
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect.poll(title).toBe('Tell Us About Your Cat')
  expect(await page.getByLabel("Cat's name").inputValue()).toBe('')
  await page.getByLabel("Cat's name").fill('Pip')
  await pick('Female')
  await page.getByLabel('Age').selectOption({ label: '2 years' })
  await a11y('wizard 2')
  await next.click()
  await expect.poll(title).toBe('Breed and Weight')
  await page.getByLabel('Breed', { exact: true }).selectOption('Persian')
  await page.getByLabel('Unit').selectOption('Kg')
  await page.getByLabel('Weight', { exact: true }).fill('3,9')
  await a11y('wizard 3')
  await next.click()
  await expect.poll(title).toBe('Medical History')
  await a11y('wizard 4')
  await page.getByRole('button', { name: 'Skip Step' }).click()
  await expect.poll(title).toBe('What Progress Matters Most?')
  await a11y('wizard 5')
  await pick('Healthy Coat')
  await next.click()
  await expect.poll(title).toBe("What's Getting in the Way?")
  // Nothing of Mochi's answers is pre-picked for Pip.
  expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0)
  await a11y('wizard 6')
  await pick('Time Constraints')
  await next.click()
  await expect.poll(title).toBe('Any Additional Goals?')
  await a11y('wizard 7')
  await pick('Reduce Anxiety')
  await next.click()
  await expect.poll(title).toBe('How Active Is Your Cat?')
  await a11y('wizard 8')
  await pick('Active')
  await next.click()
  await expect.poll(title).toBe('How Often Should We Check In?')
  await a11y('wizard 9')
  await pick('Weekly')
  await next.click()
  await expect.poll(title).toBe("What's Your Cat's Target Weight?")
  await a11y('wizard 10')
  await next.click()
  await expect.poll(title).toBe('Pick Your Training Days')
  await a11y('wizard 11')
  await pick('Monday')
  await next.click()
  await expect.poll(title).toBe('What Cat Items Do You Own?')
  await a11y('wizard 12')
  await pick('Cat Toys')
  await next.click()
  await expect.poll(paced(page, title), { timeout: 20_000 }).toBe('Is this a new cat or an update?')
  await a11y('wizard 13')
  await pick('A new cat')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect.poll(paced(page, title), { timeout: 20_000 }).toBe('Thanks for Subscribing')
  const pip = await t.db.cat.findFirstOrThrow({ where: { userId: owner.id, name: 'Pip' } })
  const pipFood = dailyFoodText({
    name: 'Pip',
    age: 2,
    breed: 'Persian',
    gender: 'Female',
    activity_level: 'Active',
    weight: 3.9,
    target_weight: pip.targetWeight,
    unit: 'Kg',
  })
  await page.getByRole('region', { name: 'Suggestions' }).getByText(pipFood).waitFor()
  await a11y('wizard 15')
  await page.getByRole('button', { name: 'Chat With Expert Now' }).click()
  await page.waitForURL('**/cat-assistant')
  await expect
    .poll(() => page.getByLabel(`Message ${EXPERT_NAME}`).getAttribute('placeholder'))
    .toBe('Ask about Pip…')

  // Mochi's first check-in comes due (time passing, moved on in the database); the reminder goes out.
  const mochi = await t.db.cat.findFirstOrThrow({ where: { userId: owner.id, name: 'Mochi' } })
  await t.db.carePlan.update({
    where: { catId: mochi.id },
    data: { nextCheckInAt: new Date(Date.now() - 1000) },
  })
  await expect.poll(() => t.db.checkIn.count({ where: { catId: mochi.id } }), { timeout: 20_000 }).toBe(1)

  // Back to Mochi on Care: the open check-in, answered with a weight in kg.
  await menu('Care')
  await heading('Care').waitFor()
  await switcher.selectOption({ label: 'Mochi' })
  const checkInForm = page.getByRole('form', { name: 'Check-in' })
  await checkInForm.waitFor()
  expect(await checkInForm.getByLabel('Unit').inputValue()).toBe('Kg')
  await a11y('care with an open check-in')
  await checkInForm.getByLabel(/^Weight/).fill('5,3')
  await checkInForm.getByRole('button', { name: 'Send check-in' }).click()
  const past = page.locator('.care-check-ins__past')
  await expect.poll(() => past.innerText()).toMatch(/Done, 5\.3 kg/)

  // A weight on Progress, in kg as before.
  await menu('Progress')
  await heading('Progress').waitFor()
  await page.getByRole('heading', { name: 'Mochi', level: 2 }).waitFor()
  const weightForm = page.locator('form.progress-form')
  expect(await weightForm.getByLabel('Unit').inputValue()).toBe('Kg')
  await weightForm.getByLabel('Weight').fill('5,2')
  await weightForm.getByRole('button', { name: 'Save weight' }).click()
  const mochiWeights = page.getByRole('region', { name: "Mochi's weights" })
  await expect.poll(() => mochiWeights.innerText()).toContain('5.2 kg')
  // The logged weight is the profile's now: the plan follows it.
  const foodNow = dailyFoodText({ ...mochiAnswers, weight: 5.2 })
  await expect.poll(() => weekPlan.innerText()).toContain(foodNow)
  await a11y('progress with weights')

  // Pip has none of it.
  await switcher.selectOption({ label: 'Pip' })
  await page.getByRole('heading', { name: 'Pip', level: 2 }).waitFor()
  await expect.poll(() => weekPlan.innerText()).toContain(pipFood)
  expect(await page.locator('main').innerText()).not.toMatch(/5\.2 kg|5\.3 kg/)
  await a11y('progress of the second cat')
  await switcher.selectOption({ label: 'Mochi' })
  await page.getByRole('heading', { name: 'Mochi', level: 2 }).waitFor()
  await expect.poll(() => mochiWeights.innerText()).toContain('5.2 kg')

  // The vet report: Mochi's, with the latest weight of the day and the same food line.
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download for my vet' }).click(),
  ])
  const reportText = await pdfText(report)
  expect(reportText).toContain('Health report: Mochi')
  expect(reportText).toContain('5.2 kg')
  expect(reportText).not.toContain('Pip')
  await page.getByRole('status').filter({ hasText: 'Report downloaded.' }).waitFor()

  // A share link, copied, and opened by the vet in a page of their own.
  await page.getByRole('button', { name: 'Create a share link' }).click()
  const linkField = page.getByLabel(/Anyone with this link/)
  await linkField.waitFor()
  await page.getByRole('button', { name: 'Copy link' }).click()
  await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await linkField.inputValue())
  await a11y('progress with a share link')
  const vetContext = await t.browser.newContext({ viewport: { width: size.width, height: size.height } })
  try {
    const vet = await vetContext.newPage()
    // The browser shows the PDF it is sent: that document, read as the vet's viewer would.
    // The link's address is PUBLIC_URL's; this test's server listens elsewhere, so its path is opened.
    const address = new URL(copied)
    const opened = await vet.goto(`${t.baseUrl}${address.pathname}${address.search}`)
    expect(opened?.status()).toBe(200)
    expect(opened?.headers()['content-type']).toContain('application/pdf')
    // Chromium answers body() of a shown PDF with its viewer's page: the same address is read again
    // from the vet's browser for the document's own bytes.
    const sharedPdf = await vetContext.request.get(`${t.baseUrl}${address.pathname}${address.search}`)
    const sharedText = pdfBytesText(await sharedPdf.body())
    expect(sharedText).toContain('Health report: Mochi')
    expect(sharedText).toContain('5.2 kg')
    expect(sharedText).not.toContain('Pip')
    const figures = (text: string) => [...text.matchAll(/\d+(?:\.\d+)? (?:kcal|kg|lb)\b/g)].map((m) => m[0])
    expect(figures(sharedText)).toEqual(figures(reportText))
  } finally {
    await vetContext.close()
  }

  // Every row is on the cat it was about.
  const rows = async <T extends { catId: number }>(list: Promise<T[]>) =>
    (await list).map((row) => (row.catId === mochi.id ? 'Mochi' : row.catId === pip.id ? 'Pip' : row.catId))
  expect(await rows(t.db.checkIn.findMany({ where: { cat: { userId: owner.id } } }))).toEqual(['Mochi'])
  const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId: mochi.id } })
  expect(checkIn).toMatchObject({ status: 'done', weight: 5.3, unit: 'Kg' })
  const weights = await t.db.weightEntry.findMany({
    where: { cat: { userId: owner.id } },
    orderBy: { id: 'asc' },
  })
  // Pip's log holds at most the wizard's own weight; nothing logged for Mochi is in it.
  for (const w of weights.filter((w) => w.catId !== mochi.id)) {
    expect([w.catId, w.weight, w.unit]).toEqual([pip.id, 3.9, 'Kg'])
  }
  expect(weights.filter((w) => w.catId === mochi.id).map((w) => [w.weight, w.unit])).toEqual(
    expect.arrayContaining([
      [5.3, 'Kg'],
      [5.2, 'Kg'],
    ]),
  )
  const plans = await t.db.carePlan.findMany({
    where: { cat: { userId: owner.id } },
    orderBy: { catId: 'asc' },
  })
  expect(plans.map((p) => [p.catId, p.checkInPeriod, p.trainingDays])).toEqual([
    [mochi.id, 'Daily', ['Tuesday', 'Saturday']],
    [pip.id, 'Weekly', ['Monday']],
  ])
  expect(await rows(t.db.reportShareLink.findMany({ where: { userId: owner.id } }))).toEqual(['Mochi'])
  expect(await t.db.cat.findUniqueOrThrow({ where: { id: mochi.id } })).toMatchObject({
    weight: 5.2,
    weightUnit: 'Kg',
    targetWeight: 4.8,
    gender: 'Male',
    age: 6,
    breed: 'Siamese',
    checkInPeriod: 'Daily',
  })
  expect(t.pageErrors).toEqual([])
}
