// /care/progress (Progress) as a report read at a glance, in Chromium at 1280 × 800 and 390 × 844: the
// weight chart's accessible name and numbers, the table, the fatty-liver warning, logging a weight,
// "Download for my vet" (the PDF read back with pdftotext), no sideways scroll, and axe finds nothing.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foodText, nutritionRule } from '../../shared/rules/nutrition.ts'
import { type BrowserTest, replaceSession, startBrowserTest } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const DAY = 86_400_000
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

let t: BrowserTest

beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

/** An owner of Mochi (14 → 11 lb) whose log shows 13.9 → 13.2 lb in a week: 5 %, too fast. */
async function ownerOfMochi() {
  const owner = await t.signIn()
  await grantSubscription(t.db, owner.id)
  const cat = await t.db.cat.create({
    data: {
      userId: owner.id,
      name: 'Mochi',
      breed: 'Siamese',
      age: 6,
      weight: 14,
      targetWeight: 11,
      foodBowls: 2,
    },
  })
  await t.db.weightEntry.createMany({
    data: [
      { catId: cat.id, weight: 14, unit: 'Lbs', measuredAt: new Date(Date.now() - 15 * DAY) },
      { catId: cat.id, weight: 13.9, unit: 'Lbs', measuredAt: new Date(Date.now() - 8 * DAY) },
      { catId: cat.id, weight: 13.2, unit: 'Lbs', measuredAt: new Date(Date.now() - DAY) },
    ],
  })
  return owner
}

describe.each(SIZES)('/care/progress at $name ($width×$height)', (size) => {
  it('shows the chart with its name and numbers, the table, the warning, and logs a weight', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await ownerOfMochi()
    await replaceSession(page, '/login', owner.token)
    await page.goto('/care/progress')

    const chart = page.getByRole('img', { name: "Mochi's weight over time" })
    await chart.waitFor()
    const description = await chart.evaluate((svg) => svg.querySelector('desc')?.textContent ?? '')
    expect(description).toContain('3 weighings')
    expect(description).toContain('from 14 lb to 13.2 lb; target 11 lb')
    const table = page.getByRole('region', { name: "Mochi's weights" })
    const rows = table.getByRole('row')
    expect(await rows.count()).toBe(4)
    expect(await rows.nth(1).innerText()).toContain('13.2 lb')
    expect(await rows.nth(1).innerText()).toContain('(6 kg)')
    expect(await rows.nth(3).innerText()).toContain('14 lb')

    // 13.9 → 13.2 lb in a week is 5 %: faster than the safe 2 %.
    expect(await page.getByRole('alert').filter({ hasText: 'hepatic lipidosis' }).count()).toBe(1)
    expect(await page.getByText('No check-ins yet.').count()).toBe(1)
    // The plan's food is the nutrition rule's: 14 → 11 lb is 280 kcal, about 3/4 cup.
    const food = foodText(
      nutritionRule({ age: 6, weight: 14, target_weight: 11, unit: 'Lbs', breed: 'Siamese' }),
    )
    expect(food).toMatch(/^280 kcal a day: about 3\/4 cup/)
    expect(await page.getByText(food, { exact: false }).count()).toBeGreaterThan(0)

    // A missing weight is refused in words an owner reads; a good one lands in the table.
    const form = page.locator('form.progress-form')
    await form.getByRole('button', { name: 'Save weight' }).click()
    expect(await form.getByRole('alert').first().innerText()).toBe(
      'Enter the weight as a number, like 10.4 or 10,4.',
    )
    await form.getByLabel('Weight').fill('13.1')
    await form.getByRole('button', { name: 'Save weight' }).click()
    await table.getByRole('row').nth(4).waitFor()
    expect(await table.getByRole('row').nth(1).innerText()).toContain('13.1 lb')
    expect((await t.db.weightEntry.findMany({ where: { cat: { userId: owner.id } } })).length).toBe(4)

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    await page.waitForLoadState('networkidle')
    const axe = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
    await t.screenshot(`progress-weights-${size.name}`)
    expect(t.pageErrors).toEqual([])
  })

  it('downloads the vet report as a PDF with the bearer token', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await ownerOfMochi()
    await replaceSession(page, '/login', owner.token)
    await page.goto('/care/progress')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download for my vet' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('kitty-care-vet-report.pdf')
    // The browser is shared over a connection (tests/helpers/global-setup-chromium.ts): its download
    // is streamed to a local copy, since its own path is on the browser's side.
    const dir = mkdtempSync(join(tmpdir(), 'vet-report-'))
    const file = join(dir, 'report.pdf')
    await download.saveAs(file)
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString()
    rmSync(dir, { recursive: true })
    expect(text).toContain('Health report: Mochi')
    expect(text).toContain('13.2 lb (6 kg)')
    await page.getByRole('status').filter({ hasText: 'Report downloaded.' }).waitFor()
    expect(t.pageErrors).toEqual([])
  })
})

describe('/care/progress when an action fails', () => {
  it('a weight deleted elsewhere: Delete says so in the error box, and the table catches up', async () => {
    const { page } = t
    await page.setViewportSize({ width: 390, height: 844 })
    const owner = await ownerOfMochi()
    await replaceSession(page, '/login', owner.token)
    await page.goto('/care/progress')
    const table = page.getByRole('region', { name: "Mochi's weights" })
    await table.getByRole('row').nth(3).waitFor()
    // Another tab (or device) deleted the newest entry after this page read the log.
    const newest = await t.db.weightEntry.findFirstOrThrow({
      where: { cat: { userId: owner.id } },
      orderBy: { measuredAt: 'desc' },
    })
    await t.db.weightEntry.delete({ where: { id: newest.id } })

    await table.getByRole('button', { name: /^Delete 13\.2 lb/ }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete this weight?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    const box = page.locator('.error-box[role="alert"]:not(.progress-warning)')
    expect(await box.innerText()).toBe('This weight is no longer in the log: it was deleted already.')
    await expect.poll(() => table.getByRole('row').count()).toBe(3)
    expect(await table.getByRole('button', { name: /^Delete 13\.2 lb/ }).count()).toBe(0)
    expect(t.pageErrors).toEqual([])
  })
})
