// The health record on the Care page in Chromium at 1280×800 and 390×844, with real clicks: a
// vaccination added (its due date proposed), a medication added and a dose logged, a PDF uploaded,
// both vets saved; each lands in the database; axe finds nothing and the page never scrolls sideways.
import { AxeBuilder } from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

describe.each(DESKTOP_AND_PHONE)('the health record at $name ($width×$height)', (size) => {
  it('adds a vaccination and a medication, logs a dose, uploads a document and saves the vets', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`record-${size.name}@example.com`)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 6 } })
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/care')
    await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()

    await page.getByText('No vaccination recorded yet.').waitFor()
    await page.getByLabel('Vaccine', { exact: true }).fill('FVRCP')
    await page.getByLabel('Given on', { exact: true }).fill('2026-01-10')
    await page.getByRole('button', { name: 'Add vaccination' }).click()
    await page.getByText(/given 2026-01-10, next due 2029-01-09/).waitFor()

    await page.getByLabel('Medication', { exact: true }).fill('Methimazole')
    await page.getByLabel('Dose', { exact: true }).fill('2.5 mg')
    await page.getByLabel('Times (HH:MM, comma-separated)', { exact: true }).fill('08:00, 20:00')
    await page.getByRole('button', { name: 'Add medication' }).click()
    const med = page.getByRole('listitem').filter({ hasText: 'Methimazole' })
    await med.getByText('2.5 mg at 08:00, 20:00').waitFor()
    await med.getByRole('button', { name: 'Log a dose' }).click()
    await expect.poll(() => t.db.medicationDose.count({ where: { medication: { catId: cat.id } } })).toBe(1)

    await page.getByLabel('Title', { exact: true }).fill('Blood panel')
    await page
      .getByLabel('File (PDF or photo, up to 10 MB)', { exact: true })
      .setInputFiles({ name: 'lab.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: 'Add document' }).click()
    await page.getByRole('button', { name: 'Delete Blood panel' }).waitFor()

    await page.getByLabel('Usual vet name', { exact: true }).fill('Oakwood Vets')
    await page.getByLabel('Usual vet phone', { exact: true }).fill('0123 456 789')
    await page.getByLabel('Emergency vet name', { exact: true }).fill('City Pet ER')
    await page.getByLabel('Emergency vet phone', { exact: true }).fill('020 7946 0000')
    await page.getByRole('button', { name: 'Save vets' }).click()
    await page.getByText('Saved.').waitFor()

    expect(await t.db.vaccination.count({ where: { catId: cat.id } })).toBe(1)
    expect(await t.db.catDocument.count({ where: { catId: cat.id } })).toBe(1)
    const vets = await t.db.catVets.findUniqueOrThrow({ where: { catId: cat.id } })
    expect(vets.usual).toMatchObject({ name: 'Oakwood Vets', phone: '0123 456 789' })
    expect(vets.emergency).toMatchObject({ name: 'City Pet ER', phone: '020 7946 0000' })

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    expect(t.pageErrors).toEqual([])
  })
})
