// The one-click unsubscribe token sat in care_plans as it is mailed, and stayed the same forever. Now
// only its SHA-256 is stored, and resuming reminders rotates it: the links of earlier e-mails stop
// working. The worker's send function on a real database, a capturing mailer as the mail server.
import { describe, expect, it } from 'vitest'
import { type ReminderDeps, sendCheckInReminder } from '../../server/domain/care/reminders.ts'
import { unsubscribeKey } from '../../server/domain/links/unsubscribe-token.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { careSubscriber } from '../helpers/subscribers.ts'

const t = suiteApp(() => createTestApp())

async function remind(catId: number, mails: string[]) {
  const dueAt = new Date(Date.now() - 1_000)
  await t.db.carePlan.update({ where: { catId }, data: { nextCheckInAt: dueAt, paused: false } })
  const deps: ReminderDeps = {
    db: t.db,
    log: { info() {}, warn() {}, error() {} },
    origin: 'https://care.example.test',
    mailer: {
      async send(mail) {
        mails.push(JSON.stringify(mail))
      },
    },
    unsubscribeKey: unsubscribeKey(t.services.tokens.codePepper),
  }
  expect(await sendCheckInReminder(deps, { catId, dueAt: dueAt.toISOString() })).toMatchObject({ sent: true })
  const token = /\/api\/care\/unsubscribe\/([\w-]+)/.exec(mails.at(-1) ?? '')?.[1]
  expect(token).toBeDefined()
  return token as string
}

const unsubscribe = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/care/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })

describe('the unsubscribe token', () => {
  it('is stored hashed, works from the e-mail, and is rotated when reminders are resumed', async () => {
    const { owner, catId } = await careSubscriber(t, `unsub-${Date.now()}@example.com`, 'unsub')
    const mails: string[] = []
    const token = await remind(catId, mails)
    const row = await t.db.$queryRaw<unknown[]>`SELECT * FROM care_plans WHERE cat_id = ${catId}`
    expect(JSON.stringify(row)).not.toContain(token)

    expect((await unsubscribe(token)).statusCode).toBe(200)
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId } })).paused).toBe(true)

    const resumed = await t.app.inject({
      method: 'PUT',
      url: '/api/care/plan',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { paused: false },
    })
    expect(resumed.statusCode).toBe(200)
    // The old e-mail's link no longer pauses anything; the next e-mail carries a new one that does.
    expect((await unsubscribe(token)).statusCode).toBe(404)
    const next = await remind(catId, mails)
    expect(next).not.toBe(token)
    expect((await unsubscribe(next)).statusCode).toBe(200)
  })
})
