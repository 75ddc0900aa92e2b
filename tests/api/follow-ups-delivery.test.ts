// A due follow-up arrives once (docs/follow-ups.md): in the chat as the specialist's message and by the
// plan's channels, with a link per answer, however many instances run the worker. Time is moved in the
// database (the follow-up's due_at), never waited for, as the check-in reminder tests do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db.ts'
import { type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { freshDatabase } from '../helpers/database.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const BLOCKED = 'in and out of the tray, only a couple of drops each time'

let database: Database
let smtp: SmtpCapture
let first: TestApp
let second: TestApp

beforeAll(async () => {
  database = await freshDatabase()
  smtp = await startSmtpCapture()
  const jobs = { pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 }
  const env = { SMTP_URL: smtp.url, PUBLIC_URL }
  first = await createTestApp({ database, env, jobs })
  second = await createTestApp({ database, env, jobs })
})

afterAll(async () => {
  await first?.close()
  await second?.close()
  await smtp?.close()
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
  it('arrives once in the chat and by e-mail, with one-click answer links, across two instances', async () => {
    const chat = await subscriberInChat(first, { cat: { name: 'Milo', gender: 'Male', age: 6 } })
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
