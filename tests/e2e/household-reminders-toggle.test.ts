// The owner turns the household's reminders on from the care plan editor in a real Chromium at
// 390 × 844: the box is saved with the plan (care_plans.members_reminded), read back on a reload, and
// turned off the same way (docs/household.md, "Reminders").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'
import { careSubscriber } from '../helpers/subscribers.ts'

const EMAIL = 'household-toggle-browser@example.com'

let t: BrowserTest
let catId: number

beforeAll(async () => {
  t = await startBrowserTest({ viewport: { width: 390, height: 844 } })
  const subscriber = await careSubscriber(t, EMAIL, 'household')
  catId = subscriber.catId
  await t.storeSession(subscriber.owner.token, { email: EMAIL })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const plan = () => t.page.getByRole('region', { name: 'Check-in plan' })
const householdBox = () =>
  plan().getByRole('checkbox', {
    name: 'E-mail my household too (family, and sitters while their access lasts)',
  })
const membersReminded = async () =>
  (await t.db.carePlan.findUniqueOrThrow({ where: { catId } })).membersReminded

describe('the household box of the care plan at 390 × 844', () => {
  it('is off at first, saved on with the plan, still on after a reload, and saved off again', async () => {
    await t.page.goto('/care')
    expect(await householdBox().isChecked()).toBe(false)
    await householdBox().click()
    await plan().getByRole('button', { name: 'Save plan' }).click()
    await plan().getByText('Plan saved.').waitFor()
    expect(await membersReminded()).toBe(true)

    await t.page.reload()
    await expect.poll(() => householdBox().isChecked()).toBe(true)
    await householdBox().click()
    await plan().getByRole('button', { name: 'Save plan' }).click()
    await plan().getByText('Plan saved.').waitFor()
    expect(await membersReminded()).toBe(false)
  })
})
