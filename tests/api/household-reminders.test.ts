// The household's reminders (docs/household.md, "Reminders"): with the owner's `members_reminded` on, a
// check-in, a dose and a vaccination reminder reach the owner, family and a sitter whose access lasts,
// each once, and never a sitter whose access ended or a removed member; off, only the owner. Two
// instances of the app (each its own mailer) share the database and send at once: each address still
// gets one e-mail. Clocks are moved (the due instants in the database, the sweep's "now"), never waited for.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReminderDeps, sendCheckInReminder } from '../../server/domain/care/reminders.ts'
import { unsubscribeKey } from '../../server/domain/links/unsubscribe-token.ts'
import { sendDueDoseReminders } from '../../server/domain/record/medication-reminders.ts'
import { sendDueVaccinationReminders } from '../../server/domain/record/vaccination-reminders.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble, type TestApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture(),
  (smtp) => createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } }),
)
const t = smtpApp.t
let second: TestApp
beforeAll(async () => {
  second = await createTestApp({ database: t.database, env: { SMTP_URL: smtpApp.double.url, PUBLIC_URL } })
})
afterAll(async () => {
  await second?.close()
})

const DAY = 86_400_000
const dateIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10)
const depsOf = (app: TestApp): ReminderDeps => ({
  db: app.db,
  mailer: app.services.mailer,
  log: app.services.log,
  origin: PUBLIC_URL,
  unsubscribeKey: unsubscribeKey(app.services.tokens.codePepper),
})
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

type Role = 'owner' | 'family' | 'sitter' | 'expired' | 'removed' | 'otherCat'

/**
 * An owner whose cat is shared with family, a sitter for two more days, a sitter whose access ended,
 * a removed family member, and family of the owner's other cat only; the owner is listed in their own
 * household too (an address that must still get one e-mail).
 */
async function household() {
  const tag = randomUUID().slice(0, 8)
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const other = await t.db.cat.create({ data: { userId: owner.id, name: 'Pepper' } })
  const ownerEmail = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
  const emails: Record<Role, string> = {
    owner: ownerEmail,
    family: `family-${tag}@example.com`,
    sitter: `sitter-${tag}@example.com`,
    expired: `expired-${tag}@example.com`,
    removed: `removed-${tag}@example.com`,
    otherCat: `other-${tag}@example.com`,
  }
  const member = async (role: Role, fields: Record<string, unknown>) => {
    const person = await t.signIn(emails[role])
    return t.db.householdMember.create({
      data: { ownerId: owner.id, memberId: person.id, role: 'family', catIds: [cat.id], ...fields },
    })
  }
  await member('family', { allCats: true, catIds: [] })
  await member('sitter', { role: 'sitter', accessEndsAt: new Date(Date.now() + 2 * DAY) })
  await member('expired', { role: 'sitter', accessEndsAt: new Date(Date.now() - 1000) })
  const removed = await member('removed', {})
  await member('otherCat', { catIds: [other.id] })
  await t.db.householdMember.create({
    data: { ownerId: owner.id, memberId: owner.id, role: 'family', catIds: [cat.id] },
  })
  const caller = await t.caller(owner.token)
  await caller.household.removeMember({ id: removed.id })
  return { owner, cat, caller, emails }
}

/** How many e-mails each of the household got since `since`, whose subject matches `subject`. */
function mailsPerRole(emails: Record<Role, string>, since: number, subject: RegExp) {
  const counts = {} as Record<Role, number>
  for (const [role, email] of Object.entries(emails) as Array<[Role, string]>) {
    counts[role] = smtpApp.double.messages.filter(
      (m) => m.receivedAt >= since && m.to.includes(email.toLowerCase()) && subject.test(m.subject),
    ).length
  }
  return counts
}

const ONLY_OWNER = { owner: 1, family: 0, sitter: 0, expired: 0, removed: 0, otherCat: 0 }
const REMINDED = { owner: 1, family: 1, sitter: 1, expired: 0, removed: 0, otherCat: 0 }

/** Waits until `count` e-mails came since `since` (the SMTP double receives them a moment after). */
async function settle(since: number, count: number) {
  const end = Date.now() + 10_000
  while (smtpApp.double.messages.filter((m) => m.receivedAt >= since).length < count && Date.now() < end)
    await new Promise((r) => setTimeout(r, 50))
  // Anything more (a second send) would come within this too.
  await new Promise((r) => setTimeout(r, 300))
}

describe('members_reminded on the care plan', () => {
  it('is off for a new plan, and the owner turns it on and off on tRPC and REST', async () => {
    const { owner, cat, caller } = await household()
    expect((await caller.care.plan({ cat_id: cat.id })).members_reminded).toBe(false)
    expect((await caller.care.updatePlan({ cat_id: cat.id, members_reminded: true })).members_reminded).toBe(
      true,
    )
    const headers = { authorization: `Bearer ${owner.token}` }
    const read = await t.app.inject({ method: 'GET', url: `/api/care/plan?cat_id=${cat.id}`, headers })
    expect(read.statusCode).toBe(200)
    expect(read.json().members_reminded).toBe(true)
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/care/plan',
      headers,
      payload: { cat_id: cat.id, members_reminded: false },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json().members_reminded).toBe(false)
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/care/plan',
      headers,
      payload: { cat_id: cat.id, members_reminded: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('members_reminded must be true or false')
    // Changing the rhythm keeps the choice.
    await caller.care.updatePlan({ cat_id: cat.id, members_reminded: true })
    expect((await caller.care.updatePlan({ cat_id: cat.id, reminder_time: '07:30' })).members_reminded).toBe(
      true,
    )
  })
})

describe('a check-in reminder, two instances', () => {
  async function checkIn(on: boolean) {
    const h = await household()
    await h.caller.care.updatePlan({ cat_id: h.cat.id, members_reminded: on })
    const due = new Date(Date.now() - 1000)
    due.setMilliseconds(0)
    await t.db.carePlan.update({ where: { catId: h.cat.id }, data: { nextCheckInAt: due } })
    const since = Date.now()
    const job = { catId: h.cat.id, dueAt: due.toISOString() }
    const outcomes = await Promise.all([
      sendCheckInReminder(depsOf(t), job),
      sendCheckInReminder(depsOf(second), job),
    ])
    expect(outcomes.filter((o) => o.sent)).toHaveLength(1)
    return { ...h, since }
  }

  it('off: only the owner, with the one-click unsubscribe', async () => {
    const { emails, since } = await checkIn(false)
    await settle(since, 1)
    expect(mailsPerRole(emails, since, /check-in/)).toEqual(ONLY_OWNER)
    const mail = smtpApp.double.messages.find((m) => m.receivedAt >= since && m.to.includes(emails.owner))!
    expect(mail.raw).toMatch(/List-Unsubscribe:/i)
  })

  it('on: the owner, family and the active sitter once each; members without the owner’s unsubscribe link', async () => {
    const { emails, since } = await checkIn(true)
    await settle(since, 3)
    expect(mailsPerRole(emails, since, /check-in/)).toEqual(REMINDED)
    for (const role of ['family', 'sitter'] as const) {
      const mail = smtpApp.double.messages.find((m) => m.receivedAt >= since && m.to.includes(emails[role]))!
      expect(mail.subject).toBe("Biscuit's check-in with Dr. Olivia")
      expect(mail.raw).not.toMatch(/List-Unsubscribe/i)
      expect(mail.decoded).not.toContain('/api/care/unsubscribe/')
    }
  })
})

describe('dose and vaccination reminders, two instances', () => {
  async function dose(on: boolean) {
    const h = await household()
    await h.caller.care.updatePlan({ cat_id: h.cat.id, members_reminded: on })
    const med = await h.caller.record.addMedication({
      cat_id: h.cat.id,
      name: 'Methimazole',
      dose: '2.5 mg',
      times: ['07:15'],
    })
    const now = new Date()
    await t.db.medication.update({
      where: { id: med.id },
      data: { nextDoseAt: new Date(now.getTime() - 1000) },
    })
    const since = Date.now()
    const sent = await Promise.all([
      sendDueDoseReminders(depsOf(t), now),
      sendDueDoseReminders(depsOf(second), now),
    ])
    return { ...h, since, sent: sum(sent) }
  }

  it('a dose, off: only the owner', async () => {
    const { emails, since, sent } = await dose(false)
    expect(sent).toBe(1)
    await settle(since, 1)
    expect(mailsPerRole(emails, since, /Methimazole/)).toEqual(ONLY_OWNER)
  })

  it('a dose, on: the owner, family and the active sitter once each, across both instances', async () => {
    const { emails, since, sent } = await dose(true)
    expect(sent).toBe(1)
    await settle(since, 3)
    expect(mailsPerRole(emails, since, /Methimazole/)).toEqual(REMINDED)
  })

  it('a dose on the day a sitter’s access has ended (the clock moved past it): family and owner only', async () => {
    const h = await household()
    await h.caller.care.updatePlan({ cat_id: h.cat.id, members_reminded: true })
    const med = await h.caller.record.addMedication({
      cat_id: h.cat.id,
      name: 'Gabapentin',
      dose: '50 mg',
      times: ['06:00'],
    })
    const now = new Date(Date.now() + 3 * DAY)
    await t.db.medication.update({
      where: { id: med.id },
      data: { nextDoseAt: new Date(now.getTime() - 1000) },
    })
    const since = Date.now()
    expect(
      sum(
        await Promise.all([sendDueDoseReminders(depsOf(t), now), sendDueDoseReminders(depsOf(second), now)]),
      ),
    ).toBe(1)
    await settle(since, 2)
    expect(mailsPerRole(h.emails, since, /Gabapentin/)).toEqual({ ...REMINDED, sitter: 0 })
  })

  it('a vaccination, on: the owner, family and the active sitter once each; off: only the owner', async () => {
    for (const on of [true, false]) {
      const h = await household()
      await h.caller.care.updatePlan({ cat_id: h.cat.id, members_reminded: on })
      const v = await h.caller.record.addVaccination({
        cat_id: h.cat.id,
        name: 'FVRCP',
        given_on: dateIn(-1000 * DAY),
        next_due_on: dateIn(10 * DAY),
      })
      const now = new Date()
      await t.db.vaccination.update({
        where: { id: v.id },
        data: { nextReminderAt: new Date(now.getTime() - 1000) },
      })
      const since = Date.now()
      const sent = await Promise.all([
        sendDueVaccinationReminders(depsOf(t), now),
        sendDueVaccinationReminders(depsOf(second), now),
      ])
      expect(sum(sent)).toBe(1)
      await settle(since, on ? 3 : 1)
      expect(mailsPerRole(h.emails, since, /FVRCP/)).toEqual(on ? REMINDED : ONLY_OWNER)
    }
  })
})
