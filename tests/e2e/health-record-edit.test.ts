// Editing the health record on the Care page in Chromium at 1280×800 and 390×844 (docs/health-record.md
// "Editing"), with real clicks and keys: each entry's Edit opens the add's form filled in with the focus
// in its first field; Save changes the record (a new due date re-plans the reminders, new times the
// next dose), a refusal reads in the form's words, Escape and Cancel close it and the focus returns to
// Edit; axe finds nothing with a form open and the page never scrolls sideways.
import { AxeBuilder } from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { wallClockInstant } from '../../server/domain/record/local-time.ts'
import { addDays } from '../../server/domain/record/vaccine-schedule.ts'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession, WCAG_22_AA } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')
const day = (date: string) => new Date(`${date}T00:00:00Z`)

describe.each(DESKTOP_AND_PHONE)('editing the health record at $name ($width×$height)', (size) => {
  it('edits a vaccination, a medication and a document from their Edit buttons', {
    timeout: 300_000,
  }, async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`record-edit-${size.name}@example.com`)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 6 } })
    await t.db.vaccination.create({
      data: { catId: cat.id, name: 'Rabies', givenOn: day('2026-01-10'), nextDueOn: day('2027-01-10') },
    })
    const med = await t.db.medication.create({
      data: {
        catId: cat.id,
        name: 'Methimazole',
        dose: '2.5 mg',
        times: ['08:00'],
        startOn: day('2026-06-01'),
      },
    })
    await t.db.catDocument.create({
      data: {
        catId: cat.id,
        title: 'Scan',
        kind: 'other',
        mimetype: 'application/pdf',
        bytes: PDF.length,
        data: PDF,
      },
    })
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/care')
    await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()

    // The vaccination: its form opens filled in, the focus in its first field; a new due date and clinic.
    const editRabies = page.getByRole('button', { name: 'Edit Rabies given 2026-01-10' })
    await editRabies.click()
    const rabies = page.getByRole('form', { name: 'Edit Rabies' })
    const vaccine = rabies.getByLabel('Vaccine', { exact: true })
    expect(await vaccine.inputValue()).toBe('Rabies')
    expect(await vaccine.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await rabies.getByLabel('Next due (optional)').inputValue()).toBe('2027-01-10')
    await rabies.getByLabel('Next due (optional)').fill('2027-06-01')
    await rabies.getByLabel('Clinic (optional)').fill('Oakwood Vets')

    // axe with a form open, and nothing wider than the screen.
    const axe = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)

    await rabies.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Rabies, given 2026-01-10, next due 2027-06-01 at Oakwood Vets').waitFor()
    await expect.poll(() => editRabies.evaluate((el) => el === document.activeElement)).toBe(true)
    const plan = await t.db.carePlan.findUniqueOrThrow({ where: { catId: cat.id } })
    const vaccination = await t.db.vaccination.findFirstOrThrow({ where: { catId: cat.id } })
    expect(vaccination.clinic).toBe('Oakwood Vets')
    expect(vaccination.nextReminderAt).toEqual(
      wallClockInstant(addDays('2027-06-01', -14), plan.reminderTime, plan.timezone),
    )

    // The medication: a time it cannot read is refused in the form's words; Escape closes the form.
    const editMed = page.getByRole('button', { name: 'Edit Methimazole' })
    await editMed.click()
    const form = page.getByRole('form', { name: 'Edit Methimazole' })
    const times = form.getByLabel('Times (HH:MM, comma-separated)')
    await times.fill('eight')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').getByText("Times: each time is 'HH:MM', 24 h").waitFor()
    await times.press('Escape')
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => editMed.evaluate((el) => el === document.activeElement)).toBe(true)
    expect((await t.db.medication.findUniqueOrThrow({ where: { id: med.id } })).times).toEqual(['08:00'])

    // Opened by the keyboard, the new times saved: the next dose is re-planned.
    await editMed.press('Enter')
    await form.getByLabel('Dose', { exact: true }).fill('5 mg')
    await times.fill('21:00, 09:00')
    await times.press('Enter')
    await page.getByText('Methimazole: 5 mg at 09:00, 21:00').waitFor()
    const edited = await t.db.medication.findUniqueOrThrow({ where: { id: med.id } })
    expect(edited.dose).toBe('5 mg')
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: plan.timezone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(edited.nextDoseAt!)
    expect(['09:00', '21:00']).toContain(local)

    // The document: a new title and kind; Cancel first leaves it as it was.
    const editScan = page.getByRole('button', { name: 'Edit Scan' })
    await editScan.click()
    await page.getByRole('form', { name: 'Edit Scan' }).getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => editScan.evaluate((el) => el === document.activeElement)).toBe(true)
    await editScan.click()
    const doc = page.getByRole('form', { name: 'Edit Scan' })
    await doc.getByLabel('Title', { exact: true }).fill('Blood panel, March')
    // The select's name is its label and its chosen option ("Kind other").
    await doc.getByRole('combobox', { name: /^Kind/ }).selectOption('lab')
    await doc.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Blood panel, March (lab)').waitFor()
    expect(await t.db.catDocument.findFirstOrThrow({ where: { catId: cat.id } })).toMatchObject({
      title: 'Blood panel, March',
      kind: 'lab',
    })

    // Who changed the record, in the household's activity.
    const activity = await t.db.careActivity.findMany({ where: { catId: cat.id, authorId: owner.id } })
    expect(activity.map((a) => a.summary)).toEqual([
      'Changed Rabies',
      'Changed Methimazole',
      'Changed Blood panel, March',
    ])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    expect(t.pageErrors).toEqual([])
  })
})
