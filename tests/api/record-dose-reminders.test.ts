// The dose reminders end to end against the SMTP double: one at each dose time in the plan's zone until
// end_on, sent once however many instances sweep, none after the medication is deleted. The clock is
// moved (a medication's next dose instant in the database, or the sweep's "now"), never waited for.
import { describe, expect, it } from 'vitest'
import { wallClockInstant } from '../../server/domain/record/local-time.ts'
import { sendDueDoseReminders } from '../../server/domain/record/medication-reminders.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture(),
  (smtp) =>
    createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 60_000, recordSweepIntervalMs: 60_000 },
    }),
)
const t = smtpApp.t
const ZONE = 'America/Los_Angeles'

const deps = () => ({ db: t.db, mailer: t.services.mailer, log: t.services.log, origin: PUBLIC_URL })

async function ownerInLosAngeles() {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({ timezone: ZONE })
  const email = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
  return { owner, cat, caller, email }
}

const mailsTo = (email: string, since: number) =>
  smtpApp.double.messages.filter((m) => m.receivedAt >= since && m.to.includes(email.toLowerCase()))

const nextDose = async (id: number) => (await t.db.medication.findUniqueOrThrow({ where: { id } })).nextDoseAt

describe('dose reminders', () => {
  it("go at each dose time in the owner's zone until end_on, then stop", async () => {
    const { caller, email } = await ownerInLosAngeles()
    const med = await caller.record.addMedication({
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['07:15'],
      start_on: '2027-03-01',
      end_on: '2027-03-02',
    })
    const first = wallClockInstant('2027-03-01', '07:15', ZONE)
    const second = wallClockInstant('2027-03-02', '07:15', ZONE)
    expect(first.toISOString()).toBe('2027-03-01T15:15:00.000Z')
    expect(await nextDose(med.id)).toEqual(first)

    const since = Date.now()
    expect(await sendDueDoseReminders(deps(), new Date(first.getTime() + 1000))).toBe(1)
    const mail = await smtpApp.double.waitForMail(email, { since })
    expect(mail.subject).toContain('Biscuit')
    expect(mail.subject).toContain('Methimazole')
    expect(mail.subject).toContain('07:15')
    // The link leads where a dose is logged: the Care page's medications, not the weight log.
    expect(mail.decoded).toContain(`${PUBLIC_URL}/care`)
    expect(mail.decoded).not.toContain(`${PUBLIC_URL}/progress`)
    expect(await nextDose(med.id)).toEqual(second)
    expect(await sendDueDoseReminders(deps(), new Date(second.getTime() + 1000))).toBe(1)
    expect(await nextDose(med.id)).toBeNull()
    expect(mailsTo(email, since)).toHaveLength(2)
  })

  it('the worker sends a due dose once, however many instances sweep', async () => {
    const { caller, email } = await ownerInLosAngeles()
    const med = await caller.record.addMedication({
      name: 'Gabapentin',
      dose: '50 mg',
      times: ['06:00', '18:00'],
    })
    const since = Date.now()
    await t.db.medication.update({ where: { id: med.id }, data: { nextDoseAt: new Date(Date.now() - 1000) } })
    const sent = await Promise.all([
      sendDueDoseReminders(deps()),
      sendDueDoseReminders(deps()),
      t.jobs!.sweep().then(() => 0),
    ])
    await smtpApp.double.waitForMail(email, { since })
    expect(mailsTo(email, since)).toHaveLength(1)
    expect(sent[0] + sent[1]).toBeLessThanOrEqual(1)
    expect((await nextDose(med.id))!.getTime()).toBeGreaterThan(Date.now())
  })

  it('one sweep takes every dose due, page after page (here 520 at once)', async () => {
    const { cat, caller } = await ownerInLosAngeles()
    // Channels off: each due dose is taken and counted, none mailed (the bench mails 10,000).
    await caller.care.updatePlan({ channels: { email: false, push: false } })
    const due = new Date(Date.now() - 1000)
    await t.db.medication.createMany({
      data: Array.from({ length: 520 }, (_, i) => ({
        catId: cat.id,
        name: `Pill ${i}`,
        dose: '1 mg',
        times: ['08:00'],
        startOn: new Date(Date.now() - 86_400_000),
        nextDoseAt: due,
      })),
    })
    expect(await sendDueDoseReminders(deps())).toBe(520)
    expect(await t.db.medication.count({ where: { catId: cat.id, nextDoseAt: { lte: new Date() } } })).toBe(0)
  })

  it('a deleted medication sends nothing more', async () => {
    const { caller, email } = await ownerInLosAngeles()
    const med = await caller.record.addMedication({ name: 'Amlodipine', dose: '0.625 mg', times: ['08:00'] })
    await t.db.medication.update({ where: { id: med.id }, data: { nextDoseAt: new Date(Date.now() - 1000) } })
    await caller.record.deleteMedication({ id: med.id })
    const since = Date.now()
    await t.jobs!.sweep()
    expect(mailsTo(email, since)).toHaveLength(0)
  })

  it('a dose time slept through by hours is skipped, not sent late', async () => {
    const { caller, email } = await ownerInLosAngeles()
    const med = await caller.record.addMedication({ name: 'Prednisolone', dose: '5 mg', times: ['08:00'] })
    await t.db.medication.update({
      where: { id: med.id },
      data: { nextDoseAt: new Date(Date.now() - 5 * 3600_000) },
    })
    const since = Date.now()
    expect(await sendDueDoseReminders(deps())).toBe(0)
    expect(mailsTo(email, since)).toHaveLength(0)
    expect((await nextDose(med.id))!.getTime()).toBeGreaterThan(Date.now())
  })
})
