// The vaccination reminders end to end against the SMTP double: 14 days before the due date, on it and
// 7 days after it while still due, at the plan's reminder time in the plan's zone, by its channels, sent
// once however many instances sweep. Time is moved in the database (a reminder's instant), never waited for.
import { describe, expect, it } from 'vitest'
import { wallClockInstant } from '../../server/domain/record/local-time.ts'
import { sendDueVaccinationReminders } from '../../server/domain/record/vaccination-reminders.ts'
import { addDays } from '../../server/domain/record/vaccine-schedule.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture(),
  (smtp) =>
    createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      // The worker runs, but the tests sweep themselves (t.jobs.sweep) right after moving the clock.
      jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 60_000, recordSweepIntervalMs: 60_000 },
    }),
)
const t = smtpApp.t

const DAY = 86_400_000
const dateIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10)

async function ownerWithPlan(plan: Record<string, unknown> = {}) {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({ reminder_time: '08:30', timezone: 'America/New_York', ...plan })
  const email = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
  return { owner, cat, caller, email }
}

/** What one instance's sweep sends with (the worker's own dependencies). */
const deps = () => ({ db: t.db, mailer: t.services.mailer, log: t.services.log, origin: PUBLIC_URL })

const mailsTo = (email: string, since: number) =>
  smtpApp.double.messages.filter((m) => m.receivedAt >= since && m.to.includes(email.toLowerCase()))

describe('vaccination reminders', () => {
  it('falls 14 days before, on and 7 days after the due date at the plan’s time in its zone', async () => {
    const { caller } = await ownerWithPlan()
    const due = dateIn(30 * DAY)
    const v = await caller.record.addVaccination({
      name: 'Rabies',
      given_on: dateIn(-300 * DAY),
      next_due_on: due,
    })
    const row = await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })
    expect(row.nextReminderAt).toEqual(wallClockInstant(addDays(due, -14), '08:30', 'America/New_York'))
    // 08:30 in New York is 13:30 or 12:30 UTC, by the season.
    expect([12, 13]).toContain(row.nextReminderAt!.getUTCHours())
    expect(row.nextReminderAt!.getUTCMinutes()).toBe(30)
  })

  it('sends each reminder once by e-mail, naming the cat and the date, then moves to the next', async () => {
    const { caller, email } = await ownerWithPlan()
    const due = dateIn(10 * DAY)
    const v = await caller.record.addVaccination({
      name: 'FVRCP',
      given_on: dateIn(-1000 * DAY),
      next_due_on: due,
    })
    // Ten days ahead: the two-weeks-ahead reminder has passed, the next is on the day.
    const onTheDay = wallClockInstant(due, '08:30', 'America/New_York')
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toEqual(
      onTheDay,
    )

    const since = Date.now()
    await t.db.vaccination.update({
      where: { id: v.id },
      data: { nextReminderAt: new Date(Date.now() - 1000) },
    })
    await t.jobs!.sweep()
    const mail = await smtpApp.double.waitForMail(email, { since })
    expect(mail.subject).toContain('Biscuit')
    expect(mail.subject).toContain('FVRCP')
    expect(mail.decoded).toContain(due)
    expect(mail.decoded).toContain(PUBLIC_URL)
    // The next one: the on-the-day reminder follows the moved one; a second sweep sends nothing more.
    const after = await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })
    expect(after.nextReminderAt).toEqual(onTheDay)
    await t.jobs!.sweep()
    expect(mailsTo(email, since)).toHaveLength(1)
  })

  it('two instances sweeping at once send one e-mail', async () => {
    const { caller, email } = await ownerWithPlan()
    const v = await caller.record.addVaccination({
      name: 'FeLV',
      given_on: dateIn(-360 * DAY),
      next_due_on: dateIn(5 * DAY),
    })
    const since = Date.now()
    await t.db.vaccination.update({
      where: { id: v.id },
      data: { nextReminderAt: new Date(Date.now() - 1000) },
    })
    const sent = await Promise.all([
      sendDueVaccinationReminders(deps()),
      sendDueVaccinationReminders(deps()),
      sendDueVaccinationReminders(deps()),
    ])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    await smtpApp.double.waitForMail(email, { since })
    expect(mailsTo(email, since)).toHaveLength(1)
  })

  it('the late reminder goes 7 days after while still due; then there are none left', async () => {
    const { caller, email } = await ownerWithPlan()
    const due = dateIn(-3 * DAY)
    const v = await caller.record.addVaccination({
      name: 'FVRCP',
      given_on: dateIn(-1100 * DAY),
      next_due_on: due,
    })
    const late = wallClockInstant(addDays(due, 7), '08:30', 'America/New_York')
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toEqual(late)
    const since = Date.now()
    // The clock moved to just past the late reminder's minute.
    expect(await sendDueVaccinationReminders(deps(), new Date(late.getTime() + 1000))).toBe(1)
    const mail = await smtpApp.double.waitForMail(email, { since })
    expect(mail.subject).toMatch(/overdue/)
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toBeNull()
  })

  it('no late reminder once the vaccine was given again', async () => {
    const { caller, email, cat } = await ownerWithPlan()
    const due = dateIn(-3 * DAY)
    const v = await caller.record.addVaccination({
      name: 'FVRCP',
      given_on: dateIn(-1100 * DAY),
      next_due_on: due,
    })
    const late = wallClockInstant(addDays(due, 7), '08:30', 'America/New_York')
    // The booster was given yesterday (under another of its names): the late reminder is not sent.
    await caller.record.addVaccination({
      cat_id: cat.id,
      name: 'Feline distemper',
      given_on: dateIn(-1 * DAY),
    })
    const since = Date.now()
    expect(await sendDueVaccinationReminders(deps(), new Date(late.getTime() + 1000))).toBe(0)
    expect((await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt).toBeNull()
    expect(mailsTo(email, since)).toHaveLength(0)
  })

  it('follows the plan’s channels: with e-mail off, none is mailed', async () => {
    const { caller, email } = await ownerWithPlan({ channels: { email: false, push: false } })
    const v = await caller.record.addVaccination({
      name: 'Rabies',
      given_on: dateIn(-300 * DAY),
      next_due_on: dateIn(20 * DAY),
    })
    const since = Date.now()
    await t.db.vaccination.update({
      where: { id: v.id },
      data: { nextReminderAt: new Date(Date.now() - 1000) },
    })
    await t.jobs!.sweep()
    expect(
      (await t.db.vaccination.findUniqueOrThrow({ where: { id: v.id } })).nextReminderAt!.getTime(),
    ).toBeGreaterThan(Date.now())
    expect(mailsTo(email, since)).toHaveLength(0)
  })

  it('a deleted vaccination sends nothing', async () => {
    const { caller, email } = await ownerWithPlan()
    const v = await caller.record.addVaccination({
      name: 'Rabies',
      given_on: dateIn(-300 * DAY),
      next_due_on: dateIn(20 * DAY),
    })
    await t.db.vaccination.update({
      where: { id: v.id },
      data: { nextReminderAt: new Date(Date.now() - 1000) },
    })
    await caller.record.deleteVaccination({ id: v.id })
    const since = Date.now()
    await t.jobs!.sweep()
    expect(mailsTo(email, since)).toHaveLength(0)
  })
})
