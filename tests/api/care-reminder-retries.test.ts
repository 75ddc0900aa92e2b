// A reminder whose push failed was retried whole: every retry mailed the e-mail again (5 e-mails with
// one Message-ID), and a retry after an RFC 8058 one-click unsubscribe still sent. Now e-mail and push
// deliveries are recorded apart, a retry never mails a delivered e-mail again, and the plan's `paused`
// and channels are read before every send, retries included. The worker's own send function on a real
// database; the mail server and the push service are the doubles (a counting mailer, a failing push).
import { describe, expect, it } from 'vitest'
import { type ReminderDeps, sendCheckInReminder } from '../../server/domain/care/reminders.ts'
import { unsubscribeKey } from '../../server/domain/links/unsubscribe-token.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { careSubscriber } from '../helpers/subscribers.ts'

const t = suiteApp(() => createTestApp())

function doubles(options: { pushFails: () => boolean }) {
  const mails: object[] = []
  let pushes = 0
  const deps: ReminderDeps = {
    db: t.db,
    log: { info() {}, warn() {}, error() {} },
    origin: 'https://care.example.test',
    unsubscribeKey: unsubscribeKey(t.services.tokens.codePepper),
    mailer: {
      async send(mail) {
        mails.push(mail)
      },
    },
    push: async () => {
      pushes += 1
      if (options.pushFails()) throw Object.assign(new Error('push service 500'), { statusCode: 500 })
    },
  }
  return { deps, mails, pushes: () => pushes }
}

async function dueCat(tag: string) {
  const { owner, catId } = await careSubscriber(t, `retry-${tag}-${Date.now()}@example.com`, tag)
  const dueAt = new Date(Date.now() - 1_000)
  await t.db.carePlan.update({
    where: { catId },
    data: { pushOn: true, emailOn: true, nextCheckInAt: dueAt },
  })
  return { owner, catId, job: { catId, dueAt: dueAt.toISOString() } }
}

/** What the queue does after a failed attempt: the same job again, once the lease is free. */
const retry = (deps: ReminderDeps, job: { catId: number; dueAt: string }) => sendCheckInReminder(deps, job)

describe('a reminder retried after its push failed', () => {
  it('mails the e-mail once, and sends the push again until it goes', async () => {
    const { job } = await dueCat('push')
    let failing = true
    const d = doubles({ pushFails: () => failing })
    await expect(sendCheckInReminder(d.deps, job)).rejects.toThrow('push service 500')
    await expect(retry(d.deps, job)).rejects.toThrow('push service 500')
    await expect(retry(d.deps, job)).rejects.toThrow('push service 500')
    failing = false
    expect(await retry(d.deps, job)).toMatchObject({ sent: true })
    expect(d.mails).toHaveLength(1)
    expect(d.pushes()).toBe(4)
    const row = await t.db.checkIn.findFirstOrThrow({ where: { catId: job.catId } })
    expect(row.emailSentAt).not.toBeNull()
    expect(row.pushSentAt).not.toBeNull()
    expect(row.sentAt).not.toBeNull()
  })

  it('sends nothing once the owner unsubscribed (RFC 8058 one-click), retries included', async () => {
    const { job } = await dueCat('unsub')
    const d = doubles({ pushFails: () => true })
    await expect(sendCheckInReminder(d.deps, job)).rejects.toThrow()
    // The link the e-mail carried.
    const link = /\/api\/care\/unsubscribe\/([\w-]+)/.exec(JSON.stringify(d.mails))?.[1]
    expect(link).toBeDefined()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/care/unsubscribe/${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    const pushesBefore = d.pushes()
    expect(await retry(d.deps, job)).toMatchObject({ sent: false })
    expect(d.mails).toHaveLength(1)
    expect(d.pushes()).toBe(pushesBefore)
  })

  it('reads the channels before every send: push switched off after a failure is not retried', async () => {
    const { job, catId } = await dueCat('channels')
    const d = doubles({ pushFails: () => true })
    await expect(sendCheckInReminder(d.deps, job)).rejects.toThrow()
    await t.db.carePlan.update({ where: { catId }, data: { pushOn: false } })
    expect(await retry(d.deps, job)).toMatchObject({ sent: true })
    expect(d.mails).toHaveLength(1)
    expect(d.pushes()).toBe(1)
  })
})
