// The check-in reminders end to end on the job queue (pg-boss) against the SMTP double, on whichever
// database the run uses (PostgreSQL with DATABASE_URL, else PGlite). Time is moved in the database (a
// plan's next_check_in_at, a queued job's start_after), never waited for.
import { describe, expect, it } from 'vitest'
import { DAY_PLAN_COLUMNS, dayPlan } from '../../server/domain/care/day-plan.ts'
import { startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble } from '../helpers/app.ts'
import { mailedUnsubscribeToken } from '../helpers/unsubscribe-link.ts'

const PUBLIC_URL = 'https://care.example.test'
const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture({ refuse: (address) => address.startsWith('bounce') }),
  (smtp) =>
    createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      jobs: { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200, retryLimit: 2, retryDelaySeconds: 1 },
    }),
)
const t = smtpApp.t

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function ownerWithCat(email: string, cat: Record<string, unknown> = {}) {
  const owner = await t.signIn(email, { firstName: 'Ada' })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/cats',
    headers: bearer(owner.token),
    payload: { cat_name: 'Biscuit', gender: 'Male', weight: 11, target_weight: 10, ...cat },
  })
  expect(res.statusCode).toBe(200)
  return { ...owner, email, catId: res.json().id as number }
}

/** Moves the plan's due time to `msAgo` before now: the reminder is due, as if its minute had come. */
async function makeDue(catId: number, msAgo = 1000): Promise<Date> {
  const due = new Date(Date.now() - msAgo)
  due.setMilliseconds(0)
  await t.db.carePlan.update({ where: { catId }, data: { nextCheckInAt: due } })
  return due
}

async function until<T>(
  read: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Queues the cat's reminder job for `dueAt` again, under its own singleton key (a restart, a retry). */
const queueJob = (catId: number, dueAt: Date, key: string) =>
  t.db.$executeRawUnsafe(
    `INSERT INTO pgboss.job (name, data, singleton_key, policy) VALUES ('care-reminder', $1::jsonb, $2, 'short')`,
    JSON.stringify({ catId, dueAt: dueAt.toISOString() }),
    key,
  )

const jobsOf = (catId: number) =>
  t.db.$queryRawUnsafe<Array<{ singleton_key: string; state: string; start_after: Date }>>(
    `SELECT singleton_key, state::text AS state, start_after FROM pgboss.job WHERE name = 'care-reminder' AND singleton_key LIKE $1 ORDER BY start_after`,
    `${catId}:%`,
  )

describe('a due check-in', () => {
  it('sends one e-mail naming the cat, with the day plan, a PUBLIC_URL link and one-click unsubscribe', async () => {
    const owner = await ownerWithCat('ada-reminder@example.com', { check_in_period: 'Daily' })
    const since = Date.now()
    const due = await makeDue(owner.catId)
    const mail = await smtpApp.double.waitForMail(owner.email, { since })
    expect(mail.subject).toContain('Biscuit')
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i)
    expect(mail.raw).toMatch(/Content-Type: text\/html/i)
    const unfolded = mail.decoded.replace(/\r?\n[ \t]+/g, ' ')
    expect(unfolded).toMatch(
      /^List-Unsubscribe: <https:\/\/care\.example\.test\/api\/care\/unsubscribe\/[\w-]+>/im,
    )
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im)
    expect(mail.decoded).toContain('Food: ')
    const links = [...mail.decoded.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0])
    expect(links.length).toBeGreaterThan(2)
    for (const link of links) expect(link.startsWith(PUBLIC_URL)).toBe(true)

    const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId: owner.catId } })
    expect(checkIn).toMatchObject({ dueAt: due, status: 'due' })
    expect(mail.decoded).toContain(`${PUBLIC_URL}/cat-assistant?check_in=${checkIn.id}`)
    // The day plan is the one the cat's stored profile gives (the worker reads the cat in its own query).
    const cat = await t.db.cat.findUniqueOrThrow({ where: { id: owner.catId }, select: DAY_PLAN_COLUMNS })
    const expectedDay = dayPlan(cat, { trainingDay: false, weighIn: checkIn.weighIn })
    for (const line of expectedDay.lines) expect(mail.decoded.replace(/\r?\n/g, ' ')).toContain(line)
    await until(
      async () => (await t.db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).sentAt,
      'sent_at',
    )

    // The plan moved on to the next 09:00 UTC (Daily), and that reminder is queued with its singleton key.
    const plan = await t.db.carePlan.findUniqueOrThrow({ where: { catId: owner.catId } })
    const ahead = plan.nextCheckInAt!.getTime() - due.getTime()
    expect(ahead).toBeGreaterThan(0)
    expect(ahead).toBeLessThanOrEqual(24 * 3600 * 1000)
    expect(plan.nextCheckInAt!.toISOString().slice(11)).toBe('09:00:00.000Z')
    const next = await until(
      async () =>
        (await jobsOf(owner.catId)).find(
          (j) => j.singleton_key === `${owner.catId}:${plan.nextCheckInAt!.toISOString()}`,
        ),
      'the next job',
    )
    expect(next.state).toBe('created')
    expect(new Date(next.start_after).getTime()).toBe(plan.nextCheckInAt!.getTime())

    // The owner sees it, and answers it with a weight: done, and the weight is in the log.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/care/check-ins',
      headers: bearer(owner.token),
    })
    expect(list.json()[0]).toMatchObject({ id: checkIn.id, status: 'due', due_at: due.toISOString() })
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/care/check-ins/${checkIn.id}`,
      headers: bearer(owner.token),
      payload: { weight: 10.6, unit: 'Lbs', note: 'Ate well' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      id: checkIn.id,
      status: 'done',
      weight: 10.6,
      unit: 'Lbs',
      note: 'Ate well',
    })
    const weights = await t.db.weightEntry.findMany({ where: { catId: owner.catId } })
    expect(weights).toMatchObject([{ weight: 10.6, unit: 'Lbs', source: 'check_in' }])
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/care/check-ins/${checkIn.id}`,
      headers: bearer(owner.token),
      payload: { note: 'twice' },
    })
    expect(again.json()).toMatchObject({ code: 'CHECK_IN_CLOSED' })
    expect(again.statusCode).toBe(409)
  })

  it('is sent once however often its job is queued again, and the chain goes on when its time comes', async () => {
    const owner = await ownerWithCat('ada-once@example.com', { check_in_period: 'Daily' })
    const since = Date.now()
    const due = await makeDue(owner.catId)
    await smtpApp.double.waitForMail(owner.email, { since })
    // The same job again (a restart, a second instance, the sweep): no second e-mail.
    await queueJob(owner.catId, due, `${owner.catId}:${due.toISOString()}:again`)
    await until(
      async () =>
        (await jobsOf(owner.catId)).find(
          (j) => j.singleton_key.endsWith(':again') && j.state === 'completed',
        ),
      'the repeated job to complete',
    )
    expect(smtpApp.double.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(1)
    expect(await t.db.checkIn.count({ where: { catId: owner.catId } })).toBe(1)

    // A day later: the queued job's start is moved into the past, and the second check-in goes out.
    await t.db.$executeRawUnsafe(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'care-reminder' AND singleton_key LIKE $1 AND state = 'created'`,
      `${owner.catId}:%`,
    )
    const plan = await t.db.carePlan.findUniqueOrThrow({ where: { catId: owner.catId } })
    // The plan's due time is tomorrow's; the job carries it, so the worker sends tomorrow's check-in now.
    await until(
      async () => (await t.db.checkIn.count({ where: { catId: owner.catId } })) === 2,
      'the second check-in',
    )
    const second = await t.db.checkIn.findFirstOrThrow({
      where: { catId: owner.catId },
      orderBy: { dueAt: 'desc' },
    })
    expect(second.dueAt).toEqual(plan.nextCheckInAt)
    await until(
      async () => smtpApp.double.messages.filter((m) => m.to.includes(owner.email)).length === 2,
      'the second e-mail',
    )
  })

  it('sent again after its instance died before marking it (kill -9), is the same message: one Message-ID', async () => {
    const owner = await ownerWithCat('ada-again@example.com', { check_in_period: 'Daily' })
    const since = Date.now()
    const due = await makeDue(owner.catId)
    const first = await smtpApp.double.waitForMail(owner.email, { since })
    const checkIn = await until(
      () => t.db.checkIn.findFirst({ where: { catId: owner.catId, sentAt: { not: null } } }),
      'sent_at',
    )
    // What a kill -9 between the mail server's 250 and the sent mark leaves: a row not marked, its
    // lease run out, and the job retried once pg-boss finds it expired.
    await t.db.checkIn.update({
      where: { id: checkIn.id },
      // The e-mail's own mark is written with the sent mark (e-mail only), so neither is there.
      data: { sentAt: null, emailSentAt: null, sendingUntil: new Date(0) },
    })
    await queueJob(owner.catId, due, `${owner.catId}:${due.toISOString()}:expired`)
    await until(
      async () => smtpApp.double.messages.filter((m) => m.to.includes(owner.email)).length === 2,
      'the e-mail sent again',
    )
    const sent = smtpApp.double.messages.filter((m) => m.to.includes(owner.email))
    // The id and the due time: a database restored from a backup reuses ids, and a mailbox would drop a
    // new reminder whose Message-ID it already holds.
    expect(first.messageId).toBe(`<check-in-${checkIn.id}-${due.getTime() / 1000}@care.example.test>`)
    expect(sent.map((m) => m.messageId)).toEqual([first.messageId, first.messageId])
  })

  it('is not sent while the plan is paused', async () => {
    const owner = await ownerWithCat('ada-paused@example.com')
    await t.app.inject({
      method: 'PUT',
      url: '/api/care/plan',
      headers: bearer(owner.token),
      payload: { paused: true },
    })
    const plan = await t.db.carePlan.findUniqueOrThrow({ where: { catId: owner.catId } })
    expect(plan.nextCheckInAt).toBeNull()
    // A job queued before the pause comes due: it finds the plan paused and sends nothing.
    await queueJob(owner.catId, new Date(Date.now() - 1000), `${owner.catId}:paused`)
    await until(
      async () =>
        (await jobsOf(owner.catId)).find(
          (j) => j.singleton_key.endsWith(':paused') && j.state === 'completed',
        ),
      'the job to complete',
    )
    expect(await t.db.checkIn.count({ where: { catId: owner.catId } })).toBe(0)
    expect(smtpApp.double.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(0)
  })
})

describe('failures', () => {
  it('a mail server that refuses once (451) is retried with backoff and the reminder arrives once', async () => {
    const owner = await ownerWithCat('ada-retry@example.com')
    smtpApp.double.failNext(1)
    const since = Date.now()
    await makeDue(owner.catId)
    // The retry waits for its backoff: move its start into the past.
    await until(async () => {
      await t.db.$executeRawUnsafe(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'care-reminder' AND state = 'retry' AND singleton_key LIKE $1`,
        `${owner.catId}:%`,
      )
      return smtpApp.double.messages.some((m) => m.to.includes(owner.email) && m.receivedAt >= since)
    }, 'the retried e-mail')
    expect(t.logs.join('')).toContain('check-in reminder failed; retrying')
    const checkIn = await t.db.checkIn.findFirstOrThrow({ where: { catId: owner.catId } })
    expect(checkIn.status).toBe('due')
    await until(
      async () => (await t.db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).sentAt,
      'sent_at',
    )
    expect(smtpApp.double.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(1)
  })

  it('an address that bounces is logged, retried, then its check-in is missed; the server goes on', async () => {
    const owner = await ownerWithCat('bounce-owner@example.com')
    await makeDue(owner.catId)
    const checkIn = await until(async () => {
      await t.db.$executeRawUnsafe(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'care-reminder' AND state = 'retry' AND singleton_key LIKE $1`,
        `${owner.catId}:%`,
      )
      const row = await t.db.checkIn.findFirst({ where: { catId: owner.catId } })
      return row?.status === 'missed' && row
    }, 'the check-in to be missed')
    expect(checkIn.sentAt).toBeNull()
    const logs = t.logs.join('')
    expect(logs).toContain('check-in reminder failed; retrying')
    expect(logs).toContain('check-in reminder failed for good: the check-in is missed')
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })

  it('a check-in not answered within 24 hours becomes missed and can no longer be answered', async () => {
    const owner = await ownerWithCat('ada-missed@example.com')
    const row = await t.db.checkIn.create({
      data: { catId: owner.catId, dueAt: new Date(Date.now() - 25 * 3600 * 1000), sentAt: new Date() },
    })
    await until(
      async () => (await t.db.checkIn.findUniqueOrThrow({ where: { id: row.id } })).status === 'missed',
      'the sweep to mark it',
    )
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/care/check-ins',
      headers: bearer(owner.token),
    })
    expect(list.json().find((c: { id: number }) => c.id === row.id).status).toBe('missed')
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/care/check-ins/${row.id}`,
      headers: bearer(owner.token),
      payload: { weight: 10, unit: 'Lbs' },
    })
    expect(res.statusCode).toBe(409)
    expect(await t.db.weightEntry.count({ where: { catId: owner.catId } })).toBe(0)
  })
})

describe('check-in answers', () => {
  it('refuses bad input (400 naming the field) and other owners (404)', async () => {
    const owner = await ownerWithCat('ada-answers@example.com')
    const other = await t.signIn('someone-else-care@example.com')
    const row = await t.db.checkIn.create({
      data: { catId: owner.catId, dueAt: new Date(), sentAt: new Date() },
    })
    const post = (token: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/care/check-ins/${row.id}`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      })
    for (const [payload, field] of [
      [{ weight: -1, unit: 'Lbs' }, 'weight'],
      [{ weight: 'heavy', unit: 'Lbs' }, 'weight'],
      [{ weight: 60, unit: 'Lbs' }, 'weight'],
      [{ weight: 5 }, 'unit'],
      [{ weight: 5, unit: 'Stone' }, 'unit'],
      [{ note: 'x'.repeat(2001) }, 'note'],
    ] as const) {
      const res = await post(owner.token, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toContain(field)
    }
    expect((await post(other.token, { note: 'mine?' })).statusCode).toBe(404)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/care/check-ins/999999',
          headers: bearer(owner.token),
          payload: {},
        })
      ).statusCode,
    ).toBe(404)
    expect((await t.db.checkIn.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('due')
  })
})

describe('the unsubscribe link opened in a browser', () => {
  it('GET shows a page with the button and changes nothing; its button pauses the reminders', async () => {
    const owner = await ownerWithCat('ada-page@example.com')
    const unsubscribeToken = await mailedUnsubscribeToken(t, owner.catId)
    const page = await t.app.inject({ method: 'GET', url: `/api/care/unsubscribe/${unsubscribeToken}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toMatch(/<form method="post" action="\/care\/unsubscribe\/[\w-]+">/)
    expect(page.body).toContain('<button type="submit">Pause reminders</button>')
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId: owner.catId } })).paused).toBe(false)
    const pressed = await t.app.inject({
      method: 'POST',
      url: `/care/unsubscribe/${unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(pressed.statusCode).toBe(200)
    expect(pressed.body).toContain('Reminders paused')
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId: owner.catId } })).paused).toBe(true)
    expect((await t.app.inject({ method: 'POST', url: '/care/unsubscribe/not-ours' })).statusCode).toBe(404)
  })
})
