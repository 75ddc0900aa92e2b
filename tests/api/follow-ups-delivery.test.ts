// A due follow-up arrives once (docs/follow-ups.md): in the chat as the specialist's message and by the
// plan's channels (e-mail to a local SMTP server, Web Push to a local push service that decrypts it), with
// a link per answer, however many instances run the worker. Time is moved in the database (the
// follow-up's due_at), never waited for, as the check-in reminder tests do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db.ts'
import { type PushReceiver, startPushReceiver } from '../doubles/push-receiver.ts'
import { type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { freshDatabase } from '../helpers/database.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const BLOCKED = 'in and out of the tray, only a couple of drops each time'

let database: Database
let smtp: SmtpCapture
let receiver: PushReceiver
let first: TestApp
let second: TestApp

beforeAll(async () => {
  database = await freshDatabase()
  smtp = await startSmtpCapture()
  receiver = await startPushReceiver()
  const jobs = { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 }
  const env = { SMTP_URL: smtp.url, PUBLIC_URL, PUSH_EXTRA_HOSTS: '127.0.0.1' }
  first = await createTestApp({ database, env, jobs })
  second = await createTestApp({ database, env, jobs })
})

afterAll(async () => {
  await first?.close()
  await second?.close()
  await smtp?.close()
  await receiver?.close()
  await database?.close()
})

async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, ms = 15_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('a due follow-up', () => {
  it('arrives once in the chat and by e-mail, with one-click answer links and the saved vets, across two instances', async () => {
    const chat = await subscriberInChat(first, { cat: { name: 'Milo', gender: 'Male', age: 6 } })
    await chat.api.record.updateVets({
      cat_id: chat.cat.id,
      usual: { name: 'Oakwood Vets', phone: '0123 456 789', address: '1 Oak Lane' },
    })
    const email = (await first.db.user.findUniqueOrThrow({ where: { id: chat.user.id } })).email
    await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId: 'q1' })
    const followUp = await first.db.followUp.findFirstOrThrow({
      where: { conversationId: chat.conversation.id },
    })
    // Not due yet: nothing is sent.
    await Promise.all([first.jobs!.sweep(), second.jobs!.sweep()])
    await new Promise((r) => setTimeout(r, 1000))
    expect((await first.db.followUp.findUniqueOrThrow({ where: { id: followUp.id } })).status).toBe('pending')

    // Its time comes.
    const since = Date.now()
    await first.db.followUp.update({
      where: { id: followUp.id },
      data: { dueAt: new Date(Date.now() - 1000) },
    })
    await Promise.all([first.jobs!.sweep(), second.jobs!.sweep()])
    const mail = await smtp.waitForMail(email, { since })
    expect(mail.subject).toBe('Did Milo see a vet?')
    for (const answer of ['yes', 'not_yet', 'not_needed']) {
      expect(mail.decoded).toContain(
        `${PUBLIC_URL}/cat-assistant?follow_up=${followUp.id}&seen_vet=${answer}`,
      )
    }
    // The owner's vet, named with the phone (a tel: link in the HTML part); no clinic saved, none named.
    expect(mail.decoded).toContain('Your usual vet: Oakwood Vets, 0123 456 789, 1 Oak Lane')
    expect(mail.decoded).toContain('href="tel:0123456789"')
    expect(mail.decoded).not.toContain('emergency clinic')
    const sent = await until(async () => {
      const row = await first.db.followUp.findUniqueOrThrow({ where: { id: followUp.id } })
      return row.status === 'sent' && row
    }, 'the follow-up marked sent')
    expect(sent.sentAt).not.toBeNull()

    // In the chat, from the specialist, keeping the conversation's level (the escalation stays open).
    const question = await first.db.conversationMessage.findFirstOrThrow({
      where: { conversationId: chat.conversation.id },
      orderBy: { id: 'desc' },
    })
    expect(question).toMatchObject({
      role: 'assistant',
      content: 'Did Milo see a vet? What did they say?',
      clientId: `follow-up-${followUp.id}`,
      urgency: 'emergency',
    })

    // More sweeps on both instances send nothing more.
    await Promise.all([first.jobs!.sweep(), second.jobs!.sweep()])
    await new Promise((r) => setTimeout(r, 1500))
    expect(
      smtp.messages.filter((m) => m.to.includes(email) && m.subject === 'Did Milo see a vet?'),
    ).toHaveLength(1)
    expect(
      await first.db.conversationMessage.count({
        where: { conversationId: chat.conversation.id, content: 'Did Milo see a vet? What did they say?' },
      }),
    ).toBe(1)

    // The owner answers in the chat: the follow-up is answered with what the vet said.
    await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'yes, the vet said it was cystitis',
      clientId: 'q2',
    })
    expect(await first.db.followUp.findUniqueOrThrow({ where: { id: followUp.id } })).toMatchObject({
      status: 'answered',
      seenVet: 'yes',
      finding: 'yes, the vet said it was cystitis',
    })
  })
})

const HOUR = 3_600_000
const MINUTE = 60_000
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * Moves the worker's clock to `instant` for follow-up `id` due at `dueAt`: its due_at is shifted by
 * the difference, so "now" stands where `instant` is relative to it (the worker compares due_at with now).
 */
async function clockAt(id: number, dueAt: Date, instant: Date) {
  await first.db.followUp.update({
    where: { id },
    data: { dueAt: new Date(dueAt.getTime() - (instant.getTime() - Date.now())) },
  })
  await Promise.all([first.jobs!.sweep(), second.jobs!.sweep()])
}

/** An owner of Milo in the chat, with a plan in `timezone` on both channels and a browser subscribed. */
async function ownerOnBothChannels(timezone: string, gender: 'Male' | 'Female') {
  const chat = await subscriberInChat(first, { cat: { name: 'Milo', gender, age: 6 } })
  const headers = bearer(chat.user.token)
  const plan = await first.app.inject({
    method: 'PUT',
    url: '/api/care/plan',
    headers,
    payload: { cat_id: chat.cat.id, timezone, channels: { email: true, push: true } },
  })
  expect(plan.statusCode).toBe(200)
  const sub = await first.app.inject({
    method: 'POST',
    url: '/api/care/push/subscriptions',
    headers,
    payload: receiver.subscription,
  })
  expect(sub.statusCode).toBe(200)
  const email = (await first.db.user.findUniqueOrThrow({ where: { id: chat.user.id } })).email
  return { chat, email }
}

const pushesOf = (followUpId: number) =>
  receiver.received.filter((p) => String(p.payload.tag).startsWith(`follow-up-${followUpId}-`))
const mailsTo = (email: string) =>
  smtp.messages.filter((m) => m.to.includes(email) && m.subject === 'Did Milo see a vet?')
const questionsIn = (conversationId: number) =>
  first.db.conversationMessage.count({
    where: { conversationId, content: 'Did Milo see a vet? What did they say?' },
  })

/** Nothing of follow-up `id` has gone out on any channel (after the workers had time to act). */
async function nothingSent(id: number, email: string, conversationId: number) {
  await new Promise((r) => setTimeout(r, 1500))
  expect((await first.db.followUp.findUniqueOrThrow({ where: { id } })).status).toBe('pending')
  expect(pushesOf(id)).toHaveLength(0)
  expect(mailsTo(email)).toHaveLength(0)
  expect(await questionsIn(conversationId)).toBe(0)
}

/** Follow-up `id` went out exactly once on each channel: the chat, e-mail and push. */
async function sentOnceEverywhere(id: number, email: string, conversationId: number) {
  await until(() => Promise.resolve(pushesOf(id).length > 0), 'the push')
  await until(() => Promise.resolve(mailsTo(email).length > 0), 'the e-mail')
  // More sweeps on both instances, and time for any duplicate to land: still one of each.
  await Promise.all([first.jobs!.sweep(), second.jobs!.sweep()])
  await new Promise((r) => setTimeout(r, 1500))
  const pushes = pushesOf(id)
  expect(pushes).toHaveLength(1)
  expect(pushes[0]!.payload).toMatchObject({
    title: 'Did Milo see a vet? What did they say?',
    url: `${PUBLIC_URL}/cat-assistant?follow_up=${id}`,
  })
  expect(pushes[0]!.authorization).toMatch(/^vapid t=/)
  expect(mailsTo(email)).toHaveLength(1)
  expect(await questionsIn(conversationId)).toBe(1)
  expect((await first.db.followUp.findUniqueOrThrow({ where: { id } })).status).toBe('sent')
}

describe('a follow-up on every channel, at its time', () => {
  it('after an emergency: two hours later, once by push, e-mail and in the chat across two instances', async () => {
    const { chat, email } = await ownerOnBothChannels('Europe/Paris', 'Male')
    const before = Date.now()
    await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId: 'e1' })
    const after = Date.now()
    const followUp = await first.db.followUp.findFirstOrThrow({
      where: { conversationId: chat.conversation.id },
    })
    const reply = await first.db.conversationMessage.findUniqueOrThrow({ where: { id: followUp.messageId } })
    expect(reply.urgency).toBe('emergency')
    expect(followUp.dueAt.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR)
    expect(followUp.dueAt.getTime()).toBeLessThanOrEqual(after + 2 * HOUR)

    // The clock at 1 h 59 min after the reply: nothing goes out.
    await clockAt(followUp.id, followUp.dueAt, new Date(followUp.dueAt.getTime() - MINUTE))
    await nothingSent(followUp.id, email, chat.conversation.id)

    // Two hours after: once on each channel.
    await clockAt(followUp.id, followUp.dueAt, followUp.dueAt)
    await sentOnceEverywhere(followUp.id, email, chat.conversation.id)
  })

  it('after an urgent answer: 09:00 the next morning in the plan’s time zone, once on each channel', async () => {
    // India keeps no daylight saving: 09:00 there is 03:30 UTC. A blocked bladder is urgent in a female.
    const { chat, email } = await ownerOnBothChannels('Asia/Kolkata', 'Female')
    const before = Date.now()
    const text = await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId: 'u1' })
    expect(text).not.toMatch(/^\*\*This could be an emergency/)
    const followUp = await first.db.followUp.findFirstOrThrow({
      where: { conversationId: chat.conversation.id },
    })
    expect(followUp.urgency).toBe('urgent')
    const kolkataToday = new Date(before + 5.5 * HOUR).toISOString().slice(0, 10)
    const nineNextMorning = new Date(Date.parse(`${kolkataToday}T03:30:00Z`) + 24 * HOUR)
    expect(followUp.dueAt).toEqual(nineNextMorning)

    // 08:59 there: nothing yet.
    await clockAt(followUp.id, followUp.dueAt, new Date(nineNextMorning.getTime() - MINUTE))
    await nothingSent(followUp.id, email, chat.conversation.id)

    // 09:00 there: once on each channel.
    await clockAt(followUp.id, followUp.dueAt, nineNextMorning)
    await sentOnceEverywhere(followUp.id, email, chat.conversation.id)
  })
})

describe('follow-ups stop', () => {
  it('when the owner turns them off, or the cat goes, after the worker queued them: nothing is sent', async () => {
    for (const stop of ['off', 'cat deleted'] as const) {
      const { chat, email } = await ownerOnBothChannels('UTC', 'Male')
      await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId: `s-${stop}` })
      const followUp = await first.db.followUp.findFirstOrThrow({
        where: { conversationId: chat.conversation.id },
      })
      // Due in two seconds: the sweeps queue it to start then.
      await first.db.followUp.update({
        where: { id: followUp.id },
        data: { dueAt: new Date(Date.now() + 2000) },
      })
      await Promise.all([first.jobs!.sweep(), second.jobs!.sweep()])
      if (stop === 'off') {
        await chat.api.followUp.updateSettings({ cat_id: chat.cat.id, follow_ups_on: false })
      } else {
        await first.db.cat.delete({ where: { id: chat.cat.id } })
      }
      await new Promise((r) => setTimeout(r, 4000))
      expect(pushesOf(followUp.id)).toHaveLength(0)
      expect(mailsTo(email)).toHaveLength(0)
      expect(await questionsIn(chat.conversation.id)).toBe(0)
    }
  })

  it('for a cat turned off even when a follow-up was scheduled as the owner turned them off', async () => {
    const { chat, email } = await ownerOnBothChannels('UTC', 'Male')
    await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId: 'race' })
    // The switch goes off while the reply's follow-up is being written: the row outlives the switch.
    await first.db.cat.update({ where: { id: chat.cat.id }, data: { followUpsOn: false } })
    const followUp = await first.db.followUp.findFirstOrThrow({
      where: { conversationId: chat.conversation.id },
    })
    await clockAt(followUp.id, followUp.dueAt, followUp.dueAt)
    // Dropped as the switch drops it (the sweep stops queuing it), and never sent.
    await until(
      async () => (await first.db.followUp.count({ where: { id: followUp.id } })) === 0,
      'the follow-up dropped',
    )
    await new Promise((r) => setTimeout(r, 1000))
    expect(pushesOf(followUp.id)).toHaveLength(0)
    expect(mailsTo(email)).toHaveLength(0)
    expect(await questionsIn(chat.conversation.id)).toBe(0)
  })
})
