// Weights in the unit the owner uses, in Chromium at 1280×800 and 390×844: after kg weighings every weight
// form (the log and the check-in) starts in kg and the chart is in kg, so "3,5" (a decimal comma) is 3.5 kg
// and raises no false alarm; units are written 'lb' and 'kg'; the profile's Weight follows the log; the
// form's errors are sentences; a delete is confirmed first.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()
const DAY = 86_400_000

/** Mochi, made in lb with no weight given, then weighed in kg twice over a week (through the API). */
async function ownerWeighingInKg(tag: string) {
  const owner = await t.signIn(`${tag}@example.com`)
  await grantSubscription(t.db, owner.id, { status: 'active' })
  const cat = await t.db.cat.create({
    data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 6, weightUnit: 'Lbs' },
  })
  const api = await t.caller(owner.token)
  for (const [weight, ago] of [
    [3.5, 8],
    [3.52, 1],
  ] as const) {
    await api.progress.logWeight({
      cat_id: cat.id,
      weight,
      unit: 'Kg',
      measured_at: new Date(Date.now() - ago * DAY).toISOString(),
    })
  }
  await t.db.checkIn.create({ data: { catId: cat.id, dueAt: new Date(Date.now() - 60_000), weighIn: true } })
  return { owner, cat }
}

const field = (page: Page, label: string) =>
  page
    .locator('.report__field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')

describe.each(DESKTOP_AND_PHONE)('weights and their unit at $name ($width×$height)', (size) => {
  it('after kg weighings the forms and the chart are in kg; "3,5" is 3.5 kg; the profile follows', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const { owner, cat } = await ownerWeighingInKg(`units-${size.name}`)
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/care/progress')
    const form = page.locator('form.progress-form')
    await form.waitFor()
    const unitOf = (scope: ReturnType<Page['locator']>) =>
      scope.getByLabel('Unit').evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text)
    expect(await unitOf(form)).toBe('kg')
    const chart = page.getByRole('img', { name: "Mochi's weight over time" })
    expect(await chart.evaluate((svg) => svg.querySelector('desc')?.textContent ?? '')).toContain(
      'from 3.5 kg to 3.5 kg',
    )
    await page.goto('/progress')
    await expect.poll(() => field(page, 'Weight').innerText()).toBe('3.52 kg (7.8 lb)')

    // The check-in, with a decimal comma, in the unit it defaulted to.
    await page.goto('/care')
    const checkIn = page.getByRole('form', { name: 'Check-in' })
    await checkIn.waitFor()
    expect(await unitOf(checkIn)).toBe('kg')
    await checkIn.getByLabel('Weight today').fill('3,5')
    await checkIn.getByRole('button', { name: 'Send check-in' }).click()
    await expect.poll(() => checkIn.count()).toBe(0)
    const rows = await t.db.weightEntry.findMany({ where: { catId: cat.id }, orderBy: { id: 'asc' } })
    expect(rows.map((r) => [r.weight, r.unit])).toEqual([
      [3.5, 'Kg'],
      [3.52, 'Kg'],
      [3.5, 'Kg'],
    ])
    await page.goto('/progress')
    await expect.poll(() => field(page, 'Weight').innerText()).toBe('3.5 kg (7.7 lb)')

    // No alarm on Progress; its form takes a decimal comma too; no 'lbs' or 'Lbs' on the page.
    await page.goto('/care/progress')
    await form.waitFor()
    expect(await page.getByText('hepatic lipidosis', { exact: false }).count()).toBe(0)
    await form.getByLabel('Weight').fill('3,45')
    await form.getByRole('button', { name: 'Save weight' }).click()
    await expect.poll(() => t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(4)
    expect(await page.locator('main').innerText()).not.toMatch(/\blbs\b/i)
    await page.goto('/progress')
    await expect.poll(() => field(page, 'Weight').innerText()).toBe('3.45 kg (7.6 lb)')
    expect(t.pageErrors).toEqual([])
  })

  it('says what is wrong in words, and asks before deleting a weight', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const { owner, cat } = await ownerWeighingInKg(`units-errors-${size.name}`)
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/care/progress')
    const form = page.locator('form.progress-form')
    await form.getByLabel('Weight').fill('abc')
    await form.getByRole('button', { name: 'Save weight' }).click()
    expect(await form.getByRole('alert').first().innerText()).toBe(
      'Enter the weight as a number, like 10.4 or 10,4.',
    )
    await form.getByLabel('Weight').fill('3.5')
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    await form.getByLabel('Date').fill(tomorrow)
    await form.getByRole('button', { name: 'Save weight' }).click()
    await expect
      .poll(() => form.getByRole('alert').first().innerText())
      .toBe('The date cannot be in the future.')

    const table = page.getByRole('region', { name: "Mochi's weights" })
    await table.getByRole('button', { name: /^Delete 3\.52 kg/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this weight?' })
    await dialog.getByRole('button', { name: 'Keep it' }).click()
    expect(await t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(2)
    await table.getByRole('button', { name: /^Delete 3\.52 kg/ }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(1)
    expect(t.pageErrors).toEqual([])
  })
})
