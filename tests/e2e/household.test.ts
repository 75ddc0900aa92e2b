// A household of cats in Chromium at 1280×800 and 390×844: the cat switcher on the chat,
// /cat-profile and /progress (one remembered choice, so the three screens agree), no switcher for an
// owner of one cat, and the numbered wizard asking an owner who has a cat whether this is a new cat or
// an update, so nothing disappears.
import { AxeBuilder } from '@axe-core/playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { recommend } from '../../shared/rules/recommendations.ts'
import {
  browserTestForFile,
  DESKTOP_AND_PHONE,
  paced,
  replaceSession,
  untilVisible,
  WCAG_22_AA,
} from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const SIZES = DESKTOP_AND_PHONE

const t = browserTestForFile()

/** A subscriber with cats made in the database (oldest first), the first with a photo. */
async function owner(email: string, names: string[]) {
  const user = await t.signIn(email)
  await grantSubscription(t.db, user.id, { status: 'active' })
  const cats = []
  for (const [index, name] of names.entries()) {
    cats.push(
      await t.db.cat.create({
        data: {
          userId: user.id,
          name,
          breed: 'Persian',
          age: 4 + index,
          weight: 10 + index,
          ...(index === 0
            ? {
                photo: {
                  create: { mimetype: 'image/png', name: `${name}.png`, bytes: PNG.length, data: PNG },
                },
              }
            : {}),
        },
      }),
    )
  }
  return { user, cats }
}

const switcher = () => t.page.getByRole('combobox', { name: 'Your cat' })
const chosenName = () =>
  switcher()
    .locator('option:checked')
    .innerText()
    .then((text) => text.trim())

async function expectNoAxeViolations() {
  const results = await new AxeBuilder({ page: t.page }).withTags(WCAG_22_AA).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
}

describe.each(SIZES)('a household of cats at $name ($width×$height)', (size) => {
  beforeAll(async () => {
    await t.page.setViewportSize({ width: size.width, height: size.height })
  })

  it('switches cats on the chat, the profile and the report, and all three agree', async () => {
    const { user } = await owner(`household-${size.name}@example.com`, ['Luna', 'Oscar'])
    const { page } = t
    await replaceSession(page, '/login', user.token, { subscriptionId: 'sub_x', interview_completed: 'true' })

    // The chat opens on the current cat (the newest) and offers the other one.
    await page.goto('/cat-assistant')
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    await expect.poll(chosenName).toBe('Oscar')
    expect(await switcher().locator('option').allInnerTexts()).toEqual(['Luna', 'Oscar'])
    await switcher().selectOption({ label: 'Luna' })
    await expect
      .poll(() => page.getByLabel(`Message ${EXPERT_NAME}`).getAttribute('placeholder'))
      .toBe('Ask about Luna…')
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    // The specialist answers about the chosen cat.
    await page.getByLabel(`Message ${EXPERT_NAME}`).fill('How much should I feed her each day?')
    await page.getByRole('button', { name: 'Send' }).click()
    const reply = page.locator('.bubble[data-role="assistant"]').last()
    await expect
      .poll(
        paced(page, () => reply.innerText()),
        { timeout: 20_000 },
      )
      .toContain('Luna')
    expect(await reply.innerText()).not.toContain('Oscar')
    // Each cat its own conversation: the chat says which cat it is about.
    expect(await page.locator('.chat__about').innerText()).toBe('About Luna')
    await page.getByRole('button', { name: 'Send' }).waitFor()
    await expectNoAxeViolations()
    await t.screenshot(`household-chat-${size.name}`)

    // The profile shows the chosen cat (remembered), its photo included, and edits the one chosen.
    await page.goto('/cat-profile')
    await expect.poll(chosenName).toBe('Luna')
    await expect.poll(() => page.getByLabel('Cat name').inputValue()).toBe('Luna')
    await page.locator('.photo-area img').waitFor()
    await expectNoAxeViolations()
    await switcher().selectOption({ label: 'Oscar' })
    await expect.poll(() => page.getByLabel('Cat name').inputValue()).toBe('Oscar')
    expect(await page.locator('.photo-area img').count()).toBe(0)
    await t.screenshot(`household-profile-${size.name}`)

    // The report follows the same choice.
    await page.goto('/progress')
    await expect.poll(chosenName).toBe('Oscar')
    await page.getByRole('heading', { name: 'Oscar', level: 2 }).waitFor()
    await switcher().selectOption({ label: 'Luna' })
    await page.getByRole('heading', { name: 'Luna', level: 2 }).waitFor()
    await expectNoAxeViolations()

    // Chat B offers the same choice; picking a cat opens that cat's chat.
    await page.goto('/cat-assistant-b')
    await expect.poll(chosenName).toBe('Luna')
    await switcher().selectOption({ label: 'Oscar' })
    await page.waitForURL('**/cat-assistant')
    await expect.poll(chosenName).toBe('Oscar')
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    // Oscar's chat is his own: the question about Luna is not in it.
    await expect.poll(() => page.locator('.chat__about').innerText()).toBe('About Oscar')
    await expect.poll(paced(page, () => page.locator('.bubble[data-role="assistant"]').count())).toBe(4)
    expect(await page.locator('.bubble[data-role="user"]').count()).toBe(0)
    expect(t.pageErrors).toEqual([])
  })

  it('shows no switcher to an owner of one cat', async () => {
    const { user } = await owner(`one-cat-${size.name}@example.com`, ['Solo'])
    const { page } = t
    // A choice another account left in this browser is not this owner's: the chat opens on their cat.
    await replaceSession(page, '/login', user.token, {
      subscriptionId: 'sub_x',
      interview_completed: 'true',
      catId: '2147483000',
    })
    await page.goto('/cat-assistant')
    await page.getByText(`Connected to ${EXPERT_NAME}`).waitFor()
    expect(await page.getByLabel(`Message ${EXPERT_NAME}`).getAttribute('placeholder')).toBe(
      'Ask about Solo…',
    )
    await page.goto('/cat-profile')
    await expect.poll(() => page.getByLabel('Cat name').inputValue()).toBe('Solo')
    await page.goto('/progress')
    await page.getByRole('heading', { name: 'Solo', level: 2 }).waitFor()
    expect(await switcher().count()).toBe(0)
    expect(t.pageErrors).toEqual([])
  })

  /** The quiz answers of a second run of the wizard, as steps 2 to 12 leave them. */
  const answers = (name: string) => ({
    subscriptionId: 'sub_x',
    interview_completed: 'true',
    cat_name: name,
    gender: 'Female',
    age: '5',
    breed: 'Persian',
    weight: '11',
    unit: 'Lbs',
    activity_level: 'Moderately Active',
  })

  it('asks whether the wizard is about a new cat or an update, and an update keeps the cat and its photo', async () => {
    const { user, cats } = await owner(`wizard-update-${size.name}@example.com`, ['Luna', 'Oscar'])
    const { page } = t
    // Luna's suggestions and plan from her first run: the update makes them again.
    await t.db.cat.update({ where: { id: cats[0]!.id }, data: { foodBowls: 3, treats: 9, playtime: 55 } })
    await t.db.carePlan.create({
      data: {
        catId: cats[0]!.id,
        userId: user.id,
        checkInPeriod: 'Weekly',
        trainingDays: ['Thursday'],
        unsubscribeToken: `wizard-update-${size.name}`,
      },
    })
    const fresh = recommend({
      name: 'Luna Rose',
      age: 5,
      weight: 11,
      unit: 'Lbs',
      activity_level: 'Moderately Active',
    })
    await replaceSession(page, '/login', user.token, {
      ...answers('Luna Rose'),
      check_in_period: 'Daily',
      playtime: '55',
    })
    await page.goto('/onboarding?step=13')
    const question = page.getByRole('group', { name: 'Is this a new cat or an update?' })
    await question.waitFor()
    await expectNoAxeViolations()
    // Nothing is created or changed before the owner answers.
    expect(await t.db.cat.count({ where: { userId: user.id } })).toBe(2)
    await question.getByText('Update Luna', { exact: true }).click()
    expect(await question.getByRole('radio', { name: 'Update Luna' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Continue' }).click()
    await untilVisible(page.getByRole('heading', { name: 'Thanks for Subscribing' }), 20_000)
    const rows = await t.db.cat.findMany({
      where: { userId: user.id },
      orderBy: { id: 'asc' },
      include: { photo: { select: { mimetype: true } } },
    })
    expect(rows.map((row) => [row.id, row.name, row.weight, row.photo !== null])).toEqual([
      [cats[0]!.id, 'Luna Rose', 11, true],
      [cats[1]!.id, 'Oscar', 11, false],
    ])
    // The new answers' suggestions, on screen and stored, and the plan's new rhythm.
    await page.getByText(`${fresh.playtime} minutes`).waitFor()
    expect([rows[0]!.foodBowls, rows[0]!.treats, rows[0]!.playtime]).toEqual([
      fresh.food_bowls,
      fresh.treats,
      fresh.playtime,
    ])
    const plan = await t.db.carePlan.findUniqueOrThrow({ where: { catId: cats[0]!.id } })
    expect([plan.checkInPeriod, plan.nextCheckInAt !== null]).toEqual(['Daily', true])
    // The renamed cat and its photo are what the profile shows.
    await page.goto('/cat-profile')
    await expect.poll(chosenName).toBe('Luna Rose')
    await expect.poll(() => page.getByLabel('Cat name').inputValue()).toBe('Luna Rose')
    await page.locator('.photo-area img').waitFor()
    expect(t.pageErrors).toEqual([])
  })

  it('adds a new cat when the owner says so, and the new one becomes the chosen cat', async () => {
    const { user } = await owner(`wizard-new-${size.name}@example.com`, ['Luna'])
    const { page } = t
    await replaceSession(page, '/login', user.token, answers('Pepper'))
    await page.goto('/onboarding?step=13')
    const question = page.getByRole('group', { name: 'Is this a new cat or an update?' })
    await question.getByText('A new cat', { exact: true }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await untilVisible(page.getByRole('heading', { name: 'Thanks for Subscribing' }), 20_000)
    const rows = await t.db.cat.findMany({
      where: { userId: user.id },
      orderBy: { id: 'asc' },
      include: { photo: { select: { mimetype: true } } },
    })
    expect(rows.map((row) => row.name)).toEqual(['Luna', 'Pepper'])
    await page.goto('/progress')
    await expect.poll(chosenName).toBe('Pepper')
    expect(await switcher().locator('option').allInnerTexts()).toEqual(['Luna', 'Pepper'])
    expect(t.pageErrors).toEqual([])
  })
})
