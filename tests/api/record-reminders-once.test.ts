// A dose and a vaccination reminder arrive once, at their minute in the owner's zone, with two
// instances of the app sweeping the same database (each its own worker and mailer, as two servers
// behind a proxy). The clock is moved (the sweep's "now", or the reminder's instant in the database),
// never waited for, as the check-in reminders' tests do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wallClockInstant } from '../../server/domain/record/local-time.ts'
import { sendDueDoseReminders } from '../../server/domain/record/medication-reminders.ts'
import type { RecordReminderDeps } from '../../server/domain/record/record-reminder.ts'
import { sendDueVaccinationReminders } from '../../server/domain/record/vaccination-reminders.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble, type TestApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
// The workers sweep the record every 200 ms: the tests' moved instants are taken at once.
const JOBS = { pollingIntervalSeconds: 0.5, sweepIntervalMs: 60_000, recordSweepIntervalMs: 200 }
const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture(),
  (smtp) => createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL }, jobs: JOBS }),
)
const t = smtpApp.t
let second: TestApp
beforeAll(async () => {
  second = await createTestApp({
    database: t.database,
    env: { SMTP_URL: smtpApp.double.url, PUBLIC_URL },
    jobs: JOBS,
  })
})
afterAll(async () => {
  await second?.close()
})

const DAY = 86_400_000
const dateIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10)
const depsOf = (app: TestApp): RecordReminderDeps => ({
  db: app.db,
  mailer: app.services.mailer,
  log: app.services.log,
  origin: PUBLIC_URL,
})
const mailsTo = (email: string, since: number) =>
  smtpApp.double.messages.filter((m) => m.receivedAt >= since && m.to.includes(email.toLowerCase()))
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

async function owner(timezone: string, reminderTime = '09:00') {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({ timezone, reminder_time: reminderTime })
  const email = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
  return { cat, caller, email }
}

/** Both instances sweep at once with the clock at `now`; how many each sent. */
const bothSweep = (sweep: typeof sendDueDoseReminders, now: Date) =>
  Promise.all([sweep(depsOf(t), now), sweep(depsOf(second), now)])

describe('health record reminders, two instances', () => {
  it('a dose: nothing a second before its minute in Tokyo, one e-mail at it, none after', async () => {
    const { caller, email } = await owner('Asia/Tokyo')
    const med = await caller.record.addMedication({
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['07:15'],
      start_on: '2027-06-01',
      end_on: '2027-06-03',
    })
    const minute = wallClockInstant('2027-06-01', '07:15', 'Asia/Tokyo')
    // 07:15 in Tokyo (UTC+9) is 22:15 UTC the day before.
    expect(minute.toISOString()).toBe('2027-05-31T22:15:00.000Z')
    const since = Date.now()
    expect(sum(await bothSweep(sendDueDoseReminders, new Date(minute.getTime() - 1000)))).toBe(0)
    expect(sum(await bothSweep(sendDueDoseReminders, new Date(minute.getTime() + 1000)))).toBe(1)
    const mail = await smtpApp.double.waitForMail(email, { since })
    expect(mail.subject).toBe("Biscuit's Methimazole (2.5 mg) at 07:15")
    expect(sum(await bothSweep(sendDueDoseReminders, new Date(minute.getTime() + 30_000)))).toBe(0)
    expect(mailsTo(email, since)).toHaveLength(1)
    // The next one is the next morning's 07:15 in Tokyo.
    const row = await t.db.medication.findUniqueOrThrow({ where: { id: med.id } })
    expect(row.nextDoseAt).toEqual(wallClockInstant('2027-06-02', '07:15', 'Asia/Tokyo'))
  })

  it('a vaccination: on the due day at the plan’s 08:30 in New York, once', async () => {
    const { caller, email } = await owner('America/New_York', '08:30')
    const due = dateIn(10 * DAY)
    await caller.record.addVaccination({ name: 'FVRCP', given_on: dateIn(-1000 * DAY), next_due_on: due })
    const minute = wallClockInstant(due, '08:30', 'America/New_York')
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
      }).format(minute),
    ).toBe('08:30')
    const since = Date.now()
    expect(sum(await bothSweep(sendDueVaccinationReminders, new Date(minute.getTime() - 1000)))).toBe(0)
    expect(sum(await bothSweep(sendDueVaccinationReminders, new Date(minute.getTime() + 1000)))).toBe(1)
    const mail = await smtpApp.double.waitForMail(email, { since })
    expect(mail.subject).toBe(`Biscuit's FVRCP vaccination is due on ${due}`)
    expect(sum(await bothSweep(sendDueVaccinationReminders, new Date(minute.getTime() + 30_000)))).toBe(0)
    expect(mailsTo(email, since)).toHaveLength(1)
  })

  it("both instances' running workers send a dose and a vaccination that come due once each", async () => {
    const { caller, email } = await owner('Europe/Paris')
    const med = await caller.record.addMedication({ name: 'Gabapentin', dose: '50 mg', times: ['06:00'] })
    const v = await caller.record.addVaccination({
      name: 'Rabies',
      given_on: dateIn(-300 * DAY),
      next_due_on: dateIn(20 * DAY),
    })
    const since = Date.now()
    // Their minute comes: the instants are moved to a second ago, and both workers sweep every 200 ms.
    const now = new Date(Date.now() - 1000)
    await t.db.medication.update({ where: { id: med.id }, data: { nextDoseAt: now } })
    await t.db.vaccination.update({ where: { id: v.id }, data: { nextReminderAt: now } })
    const end = Date.now() + 10_000
    while (mailsTo(email, since).length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    // Many more sweeps by both: still one each.
    await new Promise((r) => setTimeout(r, 1500))
    expect(
      mailsTo(email, since)
        .map((m) => m.subject.replace(/ at .*| is due .*/, ''))
        .sort(),
    ).toEqual(["Biscuit's Gabapentin (50 mg)", "Biscuit's Rabies vaccination"])
  })
})
