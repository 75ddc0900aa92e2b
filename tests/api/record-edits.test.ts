// Editing the health record (docs/health-record.md "Editing"): a vaccination, a medication and a
// document edited on both surfaces (PATCH rows and createCaller); a changed due date re-plans the
// vaccination's reminders and changed times or end re-plan the next dose, a reminder already sent never
// again; the add's validation (400, never 500); another owner's record and a sitter's edit are 404;
// family may edit; every edit is in the household's activity.
import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { describe, expect, it } from 'vitest'
import { wallClockInstant } from '../../server/domain/record/local-time.ts'
import { sendDueDoseReminders } from '../../server/domain/record/medication-reminders.ts'
import { sendDueVaccinationReminders } from '../../server/domain/record/vaccination-reminders.ts'
import { addDays } from '../../server/domain/record/vaccine-schedule.ts'
import type { OutgoingMail } from '../../server/services/mail.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

function patch(url: string, token: string, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })
}

const DAY = 86_400_000
const dateIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10)
const ZONE = 'America/New_York'

async function ownerInNewYork() {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({ reminder_time: '08:30', timezone: ZONE })
  return { owner, cat, caller }
}

/** A member of the owner's household for the cat, signed in. */
async function member(ownerId: number, catId: number, role: 'family' | 'sitter') {
  const person = await t.signIn(`${role}-${randomUUID().slice(0, 8)}@example.com`)
  await t.db.householdMember.create({
    data: {
      ownerId,
      memberId: person.id,
      role,
      catIds: [catId],
      ...(role === 'sitter' ? { accessEndsAt: new Date(Date.now() + 2 * DAY) } : {}),
    },
  })
  return person
}

/** What one sweep sends with, every mail kept. */
function capturingDeps() {
  const sent: OutgoingMail[] = []
  const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) }
  return { sent, deps: { db: t.db, mailer, log: t.services.log, origin: 'https://care.example.test' } }
}

const summaries = async (catId: number) =>
  (await t.db.careActivity.findMany({ where: { catId }, orderBy: { id: 'asc' } })).map((a) => a.summary)

describe('PATCH /api/care/vaccinations/{id}', () => {
  it('edits the fields sent, keeps the others, and logs who changed the record', async () => {
    const { owner, cat, caller } = await ownerInNewYork()
    const v = await caller.record.addVaccination({
      name: 'Rabies',
      given_on: '2026-01-10',
      next_due_on: '2029-01-10',
      clinic: 'Downtown Vets',
    })
    const res = await patch(`/api/care/vaccinations/${v.id}`, owner.token, {
      name: 'Rabies 3-year',
      notes: 'left leg',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: v.id,
      cat_id: cat.id,
      name: 'Rabies 3-year',
      given_on: '2026-01-10',
      next_due_on: '2029-01-10',
      clinic: 'Downtown Vets',
      notes: 'left leg',
    })
    const cleared = await caller.record.updateVaccination({ id: v.id, clinic: null, given_on: '2026-01-11' })
    expect(cleared).toMatchObject({ clinic: null, given_on: '2026-01-11', notes: 'left leg' })
    expect(await caller.record.vaccinations({})).toEqual([cleared])
    // Two edits by one person within minutes are one entry (activity-coalesced.test.ts).
    expect(await summaries(cat.id)).toEqual(['Recorded Rabies', 'Changed Rabies 3-year'])
  })

  it('re-plans the reminders of a changed due date: 14 days before, on it, 7 days after', async () => {
    const { caller } = await ownerInNewYork()
    const v = await caller.record.addVaccination({
      name: 'FVRCP',
      given_on: dateIn(-300 * DAY),
      next_due_on: dateIn(100 * DAY),
    })
    const due = dateIn(30 * DAY)
    await caller.record.updateVaccination({ id: v.id, next_due_on: due })
    const row = await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })
    expect(row.nextReminderAt).toEqual(wallClockInstant(addDays(due, -14), '08:30', ZONE))
    // Ten days ahead: the two-weeks-ahead reminder has passed, the first left is on the day.
    const soon = dateIn(10 * DAY)
    await caller.record.updateVaccination({ id: v.id, next_due_on: soon })
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toEqual(
      wallClockInstant(soon, '08:30', ZONE),
    )
    const none = await caller.record.updateVaccination({ id: v.id, next_due_on: null })
    expect(none.next_due_on).toBeNull()
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toBeNull()
  })

  it('never sends a reminder twice: one sent stays sent when the date moves away and back', async () => {
    const { caller } = await ownerInNewYork()
    const due = dateIn(10 * DAY)
    const v = await caller.record.addVaccination({
      name: 'FeLV',
      given_on: dateIn(-700 * DAY),
      next_due_on: due,
    })
    // The reminder two weeks ahead fell four days ago and the server sweeps it now (it was down).
    const passed = wallClockInstant(addDays(due, -14), '08:30', ZONE)
    await t.db.vaccination.update({ where: { id: v.id }, data: { nextReminderAt: passed } })
    // An edit that leaves the date alone keeps that reminder due: it still goes, once.
    await caller.record.updateVaccination({ id: v.id, notes: 'booked' })
    const { sent, deps } = capturingDeps()
    expect(await sendDueVaccinationReminders(deps)).toBe(1)
    await caller.record.updateVaccination({ id: v.id, next_due_on: dateIn(40 * DAY) })
    await caller.record.updateVaccination({ id: v.id, next_due_on: due })
    expect(await sendDueVaccinationReminders(deps)).toBe(0)
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toEqual(
      wallClockInstant(due, '08:30', ZONE),
    )
    expect(sent).toHaveLength(1)
  })

  it.each([
    ['a name with a line feed', { name: 'Rabies\nshot' }, /name/],
    ['a name with a bidi override', { name: 'Rabies \u202Eesab' }, /name/],
    ['an empty name', { name: '   ' }, /name/],
    ['a date that does not exist', { given_on: '2026-02-30' }, /given_on/],
    ['a due date as text', { next_due_on: 'soon' }, /next_due_on/],
    ['a clinic with a zero-width space', { clinic: 'Vet\u200Bs' }, /clinic/],
    ['a name that is a number', { name: 42 }, /name/],
  ])('refuses %s with 400', async (_what, body, message) => {
    const { owner, caller } = await ownerInNewYork()
    const v = await caller.record.addVaccination({ name: 'Rabies', given_on: '2026-01-10' })
    const res = await patch(`/api/care/vaccinations/${v.id}`, owner.token, body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', error: expect.stringMatching(message) })
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).name).toBe('Rabies')
  })
})

describe('PATCH /api/care/medications/{id}', () => {
  it('edits and re-plans the next dose in the plan’s zone from the new times', async () => {
    const { owner, cat, caller } = await ownerInNewYork()
    const med = await caller.record.addMedication({
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['08:00'],
      start_on: '2027-03-01',
      end_on: '2027-03-31',
    })
    expect(med.next_dose_at).toBe(wallClockInstant('2027-03-01', '08:00', ZONE).toISOString())
    const res = await patch(`/api/care/medications/${med.id}`, owner.token, {
      dose: '5 mg',
      times: ['21:00', '07:15'],
      notes: 'with food',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: med.id,
      cat_id: cat.id,
      name: 'Methimazole',
      dose: '5 mg',
      times: ['07:15', '21:00'],
      start_on: '2027-03-01',
      end_on: '2027-03-31',
      notes: 'with food',
      next_dose_at: wallClockInstant('2027-03-01', '07:15', ZONE).toISOString(),
    })
    const later = await caller.record.updateMedication({ id: med.id, start_on: '2027-03-20' })
    expect(later.next_dose_at).toBe(wallClockInstant('2027-03-20', '07:15', ZONE).toISOString())
    // Two edits by one person within minutes are one entry (activity-coalesced.test.ts).
    expect(await summaries(cat.id)).toEqual(['Added Methimazole', 'Changed Methimazole'])
  })

  it('an end date in the past ends the reminders; a dose already sent is not sent again', async () => {
    const { caller } = await ownerInNewYork()
    const med = await caller.record.addMedication({
      name: 'Gabapentin',
      dose: '50 mg',
      times: ['08:00', '20:00'],
    })
    // A dose due a minute ago, not swept yet: an edit of the name alone keeps it, and it goes once.
    const due = new Date(Date.now() - 60_000)
    await t.db.medication.update({ where: { id: med.id }, data: { nextDoseAt: due } })
    await caller.record.updateMedication({ id: med.id, name: 'Gabapentin liquid' })
    expect((await t.db.medication.findUniqueOrThrow({ where: { id: med.id } })).nextDoseAt).toEqual(due)
    const { sent, deps } = capturingDeps()
    expect(await sendDueDoseReminders(deps)).toBe(1)
    // New times are planned from now: the dose just sent is behind it, so it is not sent again.
    const edited = await caller.record.updateMedication({ id: med.id, times: ['08:00', '20:00', '23:59'] })
    expect(Date.parse(edited.next_dose_at!)).toBeGreaterThan(Date.now() - 1000)
    expect(await sendDueDoseReminders(deps)).toBe(0)
    expect(sent).toHaveLength(1)
    const ended = await caller.record.updateMedication({
      id: med.id,
      end_on: dateIn(-2 * DAY),
      start_on: dateIn(-9 * DAY),
    })
    expect(ended.next_dose_at).toBeNull()
  })

  it.each([
    ['times that are not HH:MM', { times: ['8 am'] }, /times/],
    ['no times', { times: [] }, /times/],
    ['a time twice', { times: ['08:00', '08:00'] }, /times/],
    ['an end before the start sent', { start_on: '2027-03-10', end_on: '2027-03-01' }, /end_on/],
    ['an end before the stored start', { end_on: '2020-01-01' }, /end_on/],
    ['a dose with a bell character', { dose: '5\u0007mg' }, /dose/],
  ])('refuses %s with 400', async (_what, body, message) => {
    const { owner, caller } = await ownerInNewYork()
    const med = await caller.record.addMedication({
      name: 'Prednisolone',
      dose: '5 mg',
      times: ['08:00'],
      start_on: '2026-06-01',
    })
    const res = await patch(`/api/care/medications/${med.id}`, owner.token, body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', error: expect.stringMatching(message) })
    expect((await t.db.medication.findUniqueOrThrow({ where: { id: med.id } })).times).toEqual(['08:00'])
  })
})

describe('PATCH /api/care/documents/{id}', () => {
  it('renames a document and changes its kind; a kind it does not know is 400', async () => {
    const { owner, cat, caller } = await ownerInNewYork()
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')
    const doc = await caller.record.uploadDocument({ title: 'Scan', data: pdf.toString('base64') })
    const res = await patch(`/api/care/documents/${doc.id}`, owner.token, {
      title: 'Blood panel',
      kind: 'lab',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...doc, title: 'Blood panel', kind: 'lab' })
    expect(await caller.record.updateDocument({ id: doc.id, kind: 'invoice' })).toMatchObject({
      title: 'Blood panel',
      kind: 'invoice',
    })
    const bad = await patch(`/api/care/documents/${doc.id}`, owner.token, { kind: 'x-ray' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/kind/)
    const hidden = await patch(`/api/care/documents/${doc.id}`, owner.token, { title: '\u2066Lab' })
    expect(hidden.statusCode).toBe(400)
    // The two edits by one person within minutes are one entry (activity-coalesced.test.ts); the refused
    // ones log nothing.
    expect(await summaries(cat.id)).toEqual(['Added Scan', 'Changed Blood panel'])
  })
})

describe('who may edit', () => {
  async function records() {
    const { owner, cat, caller } = await ownerInNewYork()
    const vaccination = await caller.record.addVaccination({ name: 'Rabies', given_on: '2026-01-10' })
    const medication = await caller.record.addMedication({
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['08:00'],
    })
    const document = await caller.record.uploadDocument({
      title: 'Lab',
      data: Buffer.from('%PDF-1.4\ntrailer<<>>\n%%EOF\n').toString('base64'),
    })
    return {
      owner,
      cat,
      edits: [
        [`/api/care/vaccinations/${vaccination.id}`, { notes: 'x' }],
        [`/api/care/medications/${medication.id}`, { dose: '1 mg' }],
        [`/api/care/documents/${document.id}`, { title: 'Other' }],
      ] as const,
      ids: { vaccination: vaccination.id, medication: medication.id, document: document.id },
    }
  }

  it('a stranger, a sitter and a missing id get 404 on both surfaces; nothing changes', async () => {
    const { owner, cat, edits, ids } = await records()
    const stranger = (await subscriberWithCat(t)).owner
    const sitter = await member(owner.id, cat.id, 'sitter')
    for (const who of [stranger, sitter]) {
      for (const [url, body] of edits) {
        const res = await patch(url, who.token, body)
        expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
          url,
          status: 404,
          code: 'NOT_FOUND',
        })
      }
      const api = await t.caller(who.token)
      for (const call of [
        () => api.record.updateVaccination({ id: ids.vaccination, notes: 'x' }),
        () => api.record.updateMedication({ id: ids.medication, dose: '1 mg' }),
        () => api.record.updateDocument({ id: ids.document, title: 'Other' }),
      ]) {
        const error = await call().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(TRPCError)
        expect((error as TRPCError).code).toBe('NOT_FOUND')
      }
    }
    expect((await patch('/api/care/vaccinations/999999999', owner.token, { notes: 'x' })).statusCode).toBe(
      404,
    )
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: ids.vaccination } })).notes).toBeNull()
    expect((await t.db.medication.findUniqueOrThrow({ where: { id: ids.medication } })).dose).toBe('2.5 mg')
    expect((await t.db.catDocument.findUniqueOrThrow({ where: { id: ids.document } })).title).toBe('Lab')
  })

  it('family may edit, and the activity names them', async () => {
    const { owner, cat, edits } = await records()
    const family = await member(owner.id, cat.id, 'family')
    for (const [url, body] of edits) expect((await patch(url, family.token, body)).statusCode).toBe(200)
    const changes = await t.db.careActivity.findMany({ where: { catId: cat.id, authorId: family.id } })
    expect(changes.map((c) => c.summary)).toEqual(['Changed Rabies', 'Changed Methimazole', 'Changed Other'])
  })
})
