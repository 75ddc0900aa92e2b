// A household of two cats in Chromium: every care, progress and chat action acts on the cat it is about
// (the switcher's cat, or the cat a chat message was about), never on the server's "current cat" (the
// highest id); switching cats refreshes what each screen shows; nothing of one cat's quiz answers ends
// up in another cat's wizard.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { browserTestForFile, paced, replaceSession, untilVisible } from '../helpers/browser.ts'
import { messageBox, openSpecialistChat } from '../helpers/chat-page.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()

/** A subscriber with Mochi (older, lower id) and Luna (newer: the server's "current cat"). */
async function household(tag: string) {
  const user = await t.signIn(`${tag}@example.com`)
  await grantSubscription(t.db, user.id, { status: 'active' })
  const mochi = await t.db.cat.create({
    data: { userId: user.id, name: 'Mochi', breed: 'Siamese', age: 6, weight: 13, weightUnit: 'Lbs' },
  })
  const luna = await t.db.cat.create({
    data: { userId: user.id, name: 'Luna', breed: 'Persian', age: 4, weight: 4, weightUnit: 'Kg' },
  })
  return { user, mochi, luna }
}

async function plan(catId: number, userId: number, period: string, token: string) {
  await t.db.carePlan.create({
    data: { catId, userId, checkInPeriod: period, trainingDays: ['Monday'], unsubscribeToken: token },
  })
}

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Your cat' })
const pressedPeriod = (page: Page) =>
  page
    .getByRole('group', { name: 'How often' })
    .locator('button[aria-pressed="true"]')
    .innerText()
    .then((text) => text.trim())

describe('two cats: every write names its cat', () => {
  it("/care shows and saves the switcher's cat's plan and check-ins, after a reload too", async () => {
    const { page } = t
    const { user, mochi, luna } = await household('plan-two-cats')
    await plan(mochi.id, user.id, 'Weekly', 'two-cats-mochi')
    await plan(luna.id, user.id, 'Daily', 'two-cats-luna')
    const HOUR = 3_600_000
    await t.db.checkIn.create({
      data: {
        catId: mochi.id,
        dueAt: new Date(Date.now() - 30 * HOUR),
        status: 'done',
        weight: 13.5,
        unit: 'Lbs',
      },
    })
    await t.db.checkIn.create({
      data: {
        catId: luna.id,
        dueAt: new Date(Date.now() - 30 * HOUR),
        status: 'done',
        weight: 4.2,
        unit: 'Kg',
      },
    })
    await replaceSession(page, '/login', user.token, {
      subscriptionId: 'sub_x',
      interview_completed: 'true',
      catId: String(mochi.id),
    })
    await page.goto('/care')
    await expect.poll(() => pressedPeriod(page)).toBe('Weekly')
    const past = page.locator('.care-check-ins__past')
    await expect.poll(() => past.innerText()).toContain('13.5 lb')
    expect(await past.innerText()).not.toContain('4.2 kg')
    await page.reload()
    await expect.poll(() => pressedPeriod(page)).toBe('Weekly')

    // Save changes Mochi's plan, not Luna's.
    await page
      .getByRole('group', { name: 'How often' })
      .getByRole('button', { name: '3 Times a Week' })
      .click()
    await page.getByRole('button', { name: 'Save plan' }).click()
    await page.getByText('Plan saved.').waitFor()
    const plans = await t.db.carePlan.findMany({ where: { userId: user.id }, orderBy: { catId: 'asc' } })
    expect(plans.map((p) => [p.catId, p.checkInPeriod])).toEqual([
      [mochi.id, '3 Times a Week'],
      [luna.id, 'Daily'],
    ])

    // Switching to Luna shows Luna's plan and check-ins at once.
    await switcher(page).selectOption({ label: 'Luna' })
    await expect.poll(() => pressedPeriod(page)).toBe('Daily')
    await expect.poll(() => past.innerText()).toContain('4.2 kg')
    expect(await past.innerText()).not.toContain('13.5 lb')
    expect(t.pageErrors).toEqual([])
  })

  it("Progress follows the switcher: one cat's share link and weights never show on the other's", async () => {
    const { page } = t
    const { user, mochi } = await household('progress-two-cats')
    await t.db.weightEntry.create({
      data: { catId: mochi.id, weight: 13, unit: 'Lbs', measuredAt: new Date() },
    })
    await replaceSession(page, '/login', user.token, {
      subscriptionId: 'sub_x',
      interview_completed: 'true',
      catId: String(mochi.id),
    })
    await page.goto('/care/progress')
    await page.getByRole('region', { name: "Mochi's weights" }).waitFor()
    await page.getByRole('button', { name: 'Create a share link' }).click()
    await page.getByLabel(/Anyone with this link/).waitFor()
    await page.getByRole('list', { name: 'Live share links' }).waitFor()

    await switcher(page).selectOption({ label: 'Luna' })
    await page.getByText('No weight logged yet. Weigh Luna', { exact: false }).waitFor()
    expect(await page.getByLabel(/Anyone with this link/).count()).toBe(0)
    expect(await page.getByRole('list', { name: 'Live share links' }).count()).toBe(0)
    // A weight logged now is Luna's.
    const form = page.locator('form.progress-form')
    await form.getByLabel('Weight').fill('4,1')
    await form.getByRole('button', { name: 'Save weight' }).click()
    await page.getByRole('region', { name: "Luna's weights" }).waitFor()
    const rows = await t.db.weightEntry.findMany({
      where: { cat: { userId: user.id } },
      orderBy: { id: 'asc' },
    })
    expect(rows.map((r) => [r.catId === mochi.id ? 'Mochi' : 'Luna', r.weight])).toEqual([
      ['Mochi', 13],
      ['Luna', 4.1],
    ])
    expect(t.pageErrors).toEqual([])
  })

  it('the chat offer logs the weight in the log of the cat the message was about, and stays answered', async () => {
    const { page } = t
    const { user, mochi, luna } = await household('chat-two-cats')
    await replaceSession(page, '/login', user.token, {
      subscriptionId: 'sub_x',
      interview_completed: 'true',
      catId: String(mochi.id),
    })
    await openSpecialistChat(page)
    const input = messageBox(page)
    await expect
      .poll(
        paced(page, () => input.isEnabled()),
        { timeout: 20_000 },
      )
      .toBe(true)
    await input.fill("He's 13.9 lbs today")
    await input.press('Enter')
    const offer = page.getByRole('group', { name: 'Log this weight' })
    await untilVisible(offer, 20_000)
    expect(await offer.innerText()).toContain("to Mochi's weight log")

    // The owner switches to Luna before answering the offer: Luna's own conversation opens, and it
    // holds no trace of Mochi's message nor its offer.
    await switcher(page).selectOption({ label: 'Luna' })
    await expect.poll(() => messageBox(page).getAttribute('placeholder')).toBe('Ask about Luna…')
    await page.getByText('About Luna', { exact: true }).waitFor()
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByText("He's 13.9 lbs today").count()).toBe(0)
    expect(await page.getByRole('group', { name: 'Log this weight' }).count()).toBe(0)

    // Back in Mochi's conversation the offer is still about Mochi, and logging it writes Mochi's
    // log, not the log of the server's "current cat" (Luna, the highest id).
    await switcher(page).selectOption({ label: 'Mochi' })
    await expect.poll(() => messageBox(page).getAttribute('placeholder')).toBe('Ask about Mochi…')
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    await untilVisible(offer, 20_000)
    expect(await offer.innerText()).toContain("to Mochi's weight log")
    await offer.getByRole('button', { name: 'Log it' }).click()
    await page.getByRole('status').filter({ hasText: "in Mochi's weight log" }).waitFor()
    const logged = await t.db.weightEntry.findMany({ where: { catId: { in: [mochi.id, luna.id] } } })
    expect(logged.map((w) => [w.catId, w.weight, w.unit])).toEqual([[mochi.id, 13.9, 'Lbs']])

    // After a reload the offer does not come back.
    await page.reload()
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    await page.getByText("He's 13.9 lbs today").waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('group', { name: 'Log this weight' }).count()).toBe(0)
    expect(t.pageErrors).toEqual([])
  })

  it("a new cat's wizard starts empty: nothing of the first cat's answers is copied", async () => {
    const { page } = t
    const user = await t.signIn('wizard-two-cats@example.com')
    await grantSubscription(t.db, user.id, { status: 'active' })
    // The first cat's run of the wizard: its answers in local storage, then step 13 makes Luna.
    await replaceSession(page, '/login', user.token, {
      cat_name: 'Luna',
      gender: 'Female',
      age: '4',
      breed: 'Persian',
      weight: '9',
      unit: 'Lbs',
      issues_faced: JSON.stringify(['Eats too fast']),
      goals: JSON.stringify(['Lose Weight']),
      activity_level: 'Mostly Inactive',
      check_in_period: 'Daily',
      training_days: JSON.stringify(['Monday']),
      interview_completed: 'true',
      subscriptionId: 'sub_x',
    })
    await page.goto('/onboarding?step=13')
    await untilVisible(page.getByRole('heading', { name: 'Thanks for Subscribing' }), 20_000)
    const luna = await t.db.cat.findFirstOrThrow({ where: { userId: user.id } })
    expect(luna.issuesFaced).toEqual(['Eats too fast'])

    // "Add a cat" beside the switcher leads to the wizard's first step.
    await page.goto('/progress')
    await page.getByRole('link', { name: 'Add a cat' }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('?step=1')

    // An abandoned /start quiz, then the wizard for a second cat: step 2 asks for a name afresh.
    await page.goto('/start')
    await page.getByText('Girl', { exact: true }).click()
    await page.goto('/onboarding?step=2')
    await expect.poll(() => page.getByLabel("Cat's name").inputValue()).toBe('')
    // Nor would the barriers step come pre-picked with Luna's.
    expect(await page.evaluate(() => localStorage.getItem('issues_faced') ?? '')).toBe('')
    expect(t.pageErrors).toEqual([])
  })
})
