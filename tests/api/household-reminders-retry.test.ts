// A household reminder that fails part-way (docs/household.md, "Reminders"): the owner, family and a
// sitter are reminded; the sitter's mailbox refuses once. The retry (the queue's for a check-in, the next
// sweep for a dose or a vaccination, on the other instance of the app) sends only what did not go: each
// address gets its e-mail once. With the plan's push on, every member who subscribed a browser gets the
// reminder pushed too, once, like the owner (a local push receiver per person decrypts what arrives).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReminderDeps, sendCheckInReminder } from '../../server/domain/care/reminders.ts'
import { unsubscribeKey } from '../../server/domain/links/unsubscribe-token.ts'
import { sendDueDoseReminders } from '../../server/domain/record/medication-reminders.ts'
import { sendDueVaccinationReminders } from '../../server/domain/record/vaccination-reminders.ts'
import { createPushSender } from '../../server/services/push.ts'
import { type PushReceiver, startPushReceiver } from '../doubles/push-receiver.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble, type TestApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
/** Addresses whose next delivery the mail server refuses (550), once each. */
const refuseOnce = new Set<string>()
const smtpApp = suiteAppWithDouble(
  () =>
    startSmtpCapture({
      refuse: (address) => refuseOnce.delete(address.toLowerCase()),
    }),
  (smtp) => createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, PUSH_EXTRA_HOSTS: '127.0.0.1' } }),
)
const t = smtpApp.t
let second: TestApp
const receivers: PushReceiver[] = []
beforeAll(async () => {
  second = await createTestApp({
    database: t.database,
    env: { SMTP_URL: smtpApp.double.url, PUBLIC_URL, PUSH_EXTRA_HOSTS: '127.0.0.1' },
  })
})
afterAll(async () => {
  await second?.close()
  await Promise.all(receivers.map((r) => r.close()))
})

const DAY = 86_400_000
const depsOf = (app: TestApp): ReminderDeps => ({
  db: app.db,
  mailer: app.services.mailer,
  log: app.services.log,
  origin: PUBLIC_URL,
  push: createPushSender(app.db, app.services.log, { extraHosts: ['127.0.0.1'] }),
  unsubscribeKey: unsubscribeKey(app.services.tokens.codePepper),
})

type Person = 'owner' | 'family' | 'sitter'
const PEOPLE: Person[] = ['owner', 'family', 'sitter']

/** Subscribes a browser of `token`'s account (its own push receiver) through the API. */
async function subscribeBrowser(token: string): Promise<PushReceiver> {
  const receiver = await startPushReceiver()
  receivers.push(receiver)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/care/push/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: receiver.subscription,
  })
  expect(res.statusCode).toBe(200)
  return receiver
}

/** An owner's cat shared with family and a sitter (three more days), members reminded, push as asked. */
async function household(push: boolean) {
  const tag = randomUUID().slice(0, 8)
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const ownerEmail = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
  const emails: Record<Person, string> = {
    owner: ownerEmail.toLowerCase(),
    family: `family-retry-${tag}@example.com`,
    sitter: `sitter-retry-${tag}@example.com`,
  }
  const tokens: Record<Person, string> = { owner: owner.token, family: '', sitter: '' }
  for (const role of ['family', 'sitter'] as const) {
    const person = await t.signIn(emails[role])
    tokens[role] = person.token
    await t.db.householdMember.create({
      data: {
        ownerId: owner.id,
        memberId: person.id,
        role,
        catIds: [cat.id],
        accessEndsAt: role === 'sitter' ? new Date(Date.now() + 3 * DAY) : null,
      },
    })
  }
  const caller = await t.caller(owner.token)
  await caller.care.updatePlan({
    cat_id: cat.id,
    members_reminded: true,
    channels: { email: true, push },
  })
  const pushed = {} as Record<Person, PushReceiver>
  if (push) for (const person of PEOPLE) pushed[person] = await subscribeBrowser(tokens[person])
  return { cat, caller, emails, pushed }
}

/** E-mails each person got since `since` whose subject matches `subject` (refused ones never arrive). */
function mailsPer(emails: Record<Person, string>, since: number, subject: RegExp) {
  const counts = {} as Record<Person, number>
  for (const person of PEOPLE) {
    counts[person] = smtpApp.double.messages.filter(
      (m) => m.receivedAt >= since && m.to.includes(emails[person]) && subject.test(m.subject),
    ).length
  }
  return counts
}

const pushesPer = (pushed: Record<Person, PushReceiver>) =>
  Object.fromEntries(PEOPLE.map((p) => [p, pushed[p].received.length])) as Record<Person, number>

const ONCE_EACH = { owner: 1, family: 1, sitter: 1 }

/** Lets anything sent a second time arrive before counting (the SMTP double stores a moment after). */
const settle = () => new Promise((r) => setTimeout(r, 300))

describe('a check-in reminder whose sitter copy bounces once', () => {
  it('the retry mails only the sitter; every address has one e-mail', async () => {
    const { cat, emails } = await household(false)
    const due = new Date(Date.now() - 1000)
    due.setMilliseconds(0)
    await t.db.carePlan.update({ where: { catId: cat.id }, data: { nextCheckInAt: due } })
    const job = { catId: cat.id, dueAt: due.toISOString() }
    const since = Date.now()
    refuseOnce.add(emails.sitter)
    await expect(sendCheckInReminder(depsOf(t), job)).rejects.toThrow()
    // The queue's retry, on the other instance.
    expect((await sendCheckInReminder(depsOf(second), job)).sent).toBe(true)
    await settle()
    expect(mailsPer(emails, since, /check-in/)).toEqual(ONCE_EACH)
    // Done: a third delivery of the job sends nothing more.
    expect((await sendCheckInReminder(depsOf(t), job)).sent).toBe(false)
  })

  it('with push on, the owner and each member get one push and one e-mail across the retry', async () => {
    const { cat, emails, pushed } = await household(true)
    const due = new Date(Date.now() - 1000)
    due.setMilliseconds(0)
    await t.db.carePlan.update({ where: { catId: cat.id }, data: { nextCheckInAt: due } })
    const job = { catId: cat.id, dueAt: due.toISOString() }
    const since = Date.now()
    refuseOnce.add(emails.sitter)
    await expect(sendCheckInReminder(depsOf(t), job)).rejects.toThrow()
    expect((await sendCheckInReminder(depsOf(second), job)).sent).toBe(true)
    await settle()
    expect(mailsPer(emails, since, /check-in/)).toEqual(ONCE_EACH)
    expect(pushesPer(pushed)).toEqual(ONCE_EACH)
    const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId: cat.id } })
    for (const person of ['family', 'sitter'] as const) {
      expect(pushed[person].received[0]?.payload).toEqual({
        title: "Biscuit's check-in",
        body: expect.any(String),
        url: `${PUBLIC_URL}/care`,
        tag: `check-in-${checkIn.id}-${Math.floor(checkIn.dueAt.getTime() / 1000)}`,
      })
    }
  })
})

describe('a dose and a vaccination reminder whose sitter copy bounces once', () => {
  it('a dose: the next sweep, on the other instance, mails only the sitter; pushes go once each', async () => {
    const { cat, caller, emails, pushed } = await household(true)
    const med = await caller.record.addMedication({
      cat_id: cat.id,
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
    refuseOnce.add(emails.sitter)
    expect(await sendDueDoseReminders(depsOf(t), now)).toBe(0)
    expect(await sendDueDoseReminders(depsOf(second), now)).toBe(1)
    await settle()
    expect(mailsPer(emails, since, /Methimazole/)).toEqual(ONCE_EACH)
    expect(pushesPer(pushed)).toEqual(ONCE_EACH)
  })

  it('a vaccination: the next sweep mails only the sitter', async () => {
    const { cat, caller, emails } = await household(false)
    const v = await caller.record.addVaccination({
      cat_id: cat.id,
      name: 'FVRCP',
      given_on: new Date(Date.now() - 1000 * DAY).toISOString().slice(0, 10),
      next_due_on: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
    })
    const now = new Date()
    await t.db.vaccination.update({
      where: { id: v.id },
      data: { nextReminderAt: new Date(now.getTime() - 1000) },
    })
    const since = Date.now()
    refuseOnce.add(emails.sitter)
    expect(await sendDueVaccinationReminders(depsOf(t), now)).toBe(0)
    expect(await sendDueVaccinationReminders(depsOf(second), now)).toBe(1)
    await settle()
    expect(mailsPer(emails, since, /FVRCP/)).toEqual(ONCE_EACH)
  })
})
