// Follow-ups after an urgent answer (docs/product.md §11, docs/follow-ups.md): scheduled when an
// escalated reply is stored, one per episode, answered on both surfaces or in the chat; "not yet" after
// an emergency says the escalation again; the finding reaches the vet report; the owner can turn them off.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { URGENT_SIGNS } from '../../server/knowledge/index.ts'
import { suiteApp, type TestApp } from '../helpers/app.ts'
import { freshCodeHeaders } from '../helpers/mailed-codes.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp()
const HOUR = 3_600_000
const BLOCKED = 'in and out of the tray, only a couple of drops each time'
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function milo(cat: Record<string, unknown> = {}) {
  return subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male', age: 6, ...cat } })
}

type Chat = Awaited<ReturnType<typeof milo>>

const followUpsOf = (conversationId: number) =>
  t.db.followUp.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

/** Marks the conversation's follow-up sent (as the worker does when it is due) with its chat message. */
async function markSent(db: TestApp['db'], id: number) {
  await db.followUp.update({ where: { id }, data: { status: 'sent', sentAt: new Date(Date.now() - 1000) } })
}

async function escalated(chat: Chat, clientId = 'q1') {
  const before = Date.now()
  const text = await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId })
  expect(text).toMatch(/^\*\*This could be an emergency/)
  return before
}

describe('a follow-up for every escalation', () => {
  it('an emergency reply gets one follow-up due two hours later, with its sign; a kept escalation adds none', async () => {
    const chat = await milo()
    const before = await escalated(chat)
    const [followUp, ...more] = await followUpsOf(chat.conversation.id)
    expect(more).toHaveLength(0)
    const reply = await t.db.conversationMessage.findFirstOrThrow({
      where: { conversationId: chat.conversation.id, role: 'assistant' },
    })
    expect(reply.urgency).toBe('emergency')
    expect(reply.sign).toBe('urinary-blockage')
    expect(followUp).toMatchObject({
      userId: chat.user.id,
      catId: chat.cat.id,
      messageId: reply.id,
      urgency: 'emergency',
      sign: 'urinary-blockage',
      status: 'pending',
    })
    const due = followUp!.dueAt.getTime()
    expect(due).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000)
    expect(due).toBeLessThanOrEqual(Date.now() + 2 * HOUR + 1000)

    // The owner puts it off: the escalation is kept, and no second follow-up is scheduled.
    const kept = await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'he seems fine now, can I just watch him tonight?',
      clientId: 'q2',
    })
    expect(kept).toMatch(/still needs a vet now/)
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(1)
  })

  it('an urgent reply gets its follow-up at 09:00 the next morning in the plan’s time zone', async () => {
    const chat = await milo({ name: 'Luna', gender: 'Female' })
    await t.db.carePlan.create({
      data: {
        catId: chat.cat.id,
        userId: chat.user.id,
        checkInPeriod: 'Daily',
        timezone: 'Asia/Tokyo',
        unsubscribeToken: `tok-${chat.cat.id}-${Date.now()}`,
      },
    })
    const before = new Date()
    const text = await sendInChat(chat, { catId: chat.cat.id, content: BLOCKED, clientId: 'u1' })
    expect(text).not.toMatch(/^\*\*This could be an emergency/)
    const [followUp] = await followUpsOf(chat.conversation.id)
    expect(followUp?.urgency).toBe('urgent')
    // Tokyo has no daylight saving: 09:00 there is 00:00 UTC, on the day after today's date in Tokyo.
    const tokyoToday = new Date(before.getTime() + 9 * HOUR).toISOString().slice(0, 10)
    const expected = new Date(`${tokyoToday}T00:00:00Z`).getTime() + 24 * HOUR
    expect(followUp!.dueAt.getTime()).toBe(expected)
  })

  it('no follow-up for a routine reply, nor for a cat whose owner turned them off (both surfaces)', async () => {
    const chat = await milo()
    await sendInChat(chat, { catId: chat.cat.id, content: 'what toys does he like best?', clientId: 'r1' })
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(0)

    // Off over REST, read back over tRPC.
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/care/follow-ups/settings',
      headers: bearer(chat.user.token),
      payload: { cat_id: chat.cat.id, follow_ups_on: false },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toEqual({ cat_id: chat.cat.id, follow_ups_on: false })
    expect(await chat.api.followUp.settings({ cat_id: chat.cat.id })).toEqual({
      cat_id: chat.cat.id,
      follow_ups_on: false,
    })
    await escalated(chat, 'r2')
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(0)

    // On again (tRPC): the next escalation is followed up.
    await chat.api.followUp.updateSettings({ cat_id: chat.cat.id, follow_ups_on: true })
    await sendInChat(chat, { catId: chat.cat.id, content: 'he has been seen by the vet', clientId: 'r3' })
    await escalated(chat, 'r4')
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(1)
  })

  it('turning follow-ups off drops those not yet sent; deleting the cat or the account deletes them', async () => {
    const chat = await milo()
    await escalated(chat)
    await chat.api.followUp.updateSettings({ cat_id: chat.cat.id, follow_ups_on: false })
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(0)
    await chat.api.followUp.updateSettings({ cat_id: chat.cat.id, follow_ups_on: true })

    await sendInChat(chat, { catId: chat.cat.id, content: 'he has been seen by the vet', clientId: 'd2' })
    await escalated(chat, 'd3')
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(1)
    await t.db.cat.delete({ where: { id: chat.cat.id } })
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(0)

    // The account deleted as the owner deletes it (a mailed code): its follow-ups go with it.
    const other = await milo()
    await escalated(other)
    expect(await t.db.followUp.count({ where: { userId: other.user.id } })).toBe(1)
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/supabase/account',
      headers: await freshCodeHeaders(t, other.user),
    })
    expect(gone.statusCode).toBe(200)
    expect(await t.db.followUp.count({ where: { userId: other.user.id } })).toBe(0)
  })

  it('"not yet" after the owner turned follow-ups off says the escalation again but asks no more', async () => {
    const chat = await milo()
    await escalated(chat)
    const [row] = await followUpsOf(chat.conversation.id)
    await markSent(t.db, row!.id)
    await chat.api.followUp.updateSettings({ cat_id: chat.cat.id, follow_ups_on: false })
    const answer = await chat.api.followUp.answer({ id: row!.id, seen_vet: 'not_yet', reason: 'closed' })
    expect(answer.reply).toContain(URGENT_SIGNS.followUps.keep.emergency.replaceAll('{name}', 'Milo'))
    expect(await followUpsOf(chat.conversation.id)).toHaveLength(1)
  })
})

describe('answering a follow-up', () => {
  it('GET lists it on both surfaces; POST yes stores the finding; someone else’s is 404; bad input 400', async () => {
    const chat = await milo()
    await escalated(chat)
    const [row] = await followUpsOf(chat.conversation.id)
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/care/follow-ups?cat_id=${chat.cat.id}`,
      headers: bearer(chat.user.token),
    })
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toEqual([
      {
        id: row!.id,
        cat_id: chat.cat.id,
        message_id: row!.messageId,
        urgency: 'emergency',
        due_at: row!.dueAt.toISOString(),
        status: 'pending',
        seen_vet: null,
        finding: null,
        reason: null,
      },
    ])
    expect(await chat.api.followUp.list({})).toEqual(listed.json())

    const stranger = await milo()
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/care/follow-ups/${row!.id}`,
      headers: bearer(stranger.user.token),
      payload: { seen_vet: 'yes' },
    })
    expect(theirs.statusCode).toBe(404)
    for (const payload of [{ seen_vet: 'maybe' }, { seen_vet: 'not_yet', reason: 'weather' }, {}]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/care/follow-ups/${row!.id}`,
        headers: bearer(chat.user.token),
        payload,
      })
      expect(bad.statusCode).toBe(400)
    }

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/care/follow-ups/${row!.id}`,
      headers: bearer(chat.user.token),
      payload: { seen_vet: 'yes', finding: 'Cystitis; he is on painkillers and wet food' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: row!.id,
      status: 'answered',
      seen_vet: 'yes',
      finding: 'Cystitis; he is on painkillers and wet food',
      reason: null,
      reply: null,
    })
    const stored = await t.db.followUp.findUniqueOrThrow({ where: { id: row!.id } })
    expect(stored.answeredAt).not.toBeNull()
  })

  it('not_yet after an emergency repeats the escalation, answers the reason, stays open and asks again', async () => {
    const chat = await milo()
    await escalated(chat)
    const [row] = await followUpsOf(chat.conversation.id)
    await markSent(t.db, row!.id)
    const before = Date.now()
    const answer = await chat.api.followUp.answer({ id: row!.id, seen_vet: 'not_yet', reason: 'cost' })
    expect(answer).toMatchObject({ status: 'answered', seen_vet: 'not_yet', reason: 'cost' })
    expect(answer.reply).toContain(URGENT_SIGNS.followUps.keep.emergency.replaceAll('{name}', 'Milo'))
    expect(answer.reply).toContain(URGENT_SIGNS.followUps.cost.replaceAll('{name}', 'Milo'))

    // The chat says it too, at the emergency's level: the escalation is not closed by the answer.
    const last = await t.db.conversationMessage.findFirstOrThrow({
      where: { conversationId: chat.conversation.id },
      orderBy: { id: 'desc' },
    })
    expect(last).toMatchObject({ role: 'assistant', urgency: 'emergency', content: answer.reply })
    const next = await sendInChat(chat, { catId: chat.cat.id, content: 'ok thanks', clientId: 'n2' })
    expect(next).toMatch(/still needs a vet now/)

    // One more follow-up, two hours on; the same answer sent again does not ask a third time.
    await chat.api.followUp.answer({ id: row!.id, seen_vet: 'not_yet', reason: 'cost' })
    const all = await followUpsOf(chat.conversation.id)
    expect(all).toHaveLength(2)
    expect(all[1]).toMatchObject({ status: 'pending', urgency: 'emergency', messageId: row!.messageId })
    expect(all[1]!.dueAt.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000)
  })

  it('the owner’s next message in the chat, saying the vet was seen, answers it with the finding', async () => {
    const chat = await milo()
    await escalated(chat)
    const [row] = await followUpsOf(chat.conversation.id)
    await markSent(t.db, row!.id)
    await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'yes the vet said it was cystitis',
      clientId: 'c2',
    })
    const answered = await t.db.followUp.findUniqueOrThrow({ where: { id: row!.id } })
    expect(answered).toMatchObject({
      status: 'answered',
      seenVet: 'yes',
      finding: 'yes the vet said it was cystitis',
    })
  })

  it('a message that does not say the vet was seen leaves it open', async () => {
    const chat = await milo()
    await escalated(chat)
    const [row] = await followUpsOf(chat.conversation.id)
    await markSent(t.db, row!.id)
    await sendInChat(chat, { catId: chat.cat.id, content: 'no, not yet, he is sleeping', clientId: 'o2' })
    expect((await t.db.followUp.findUniqueOrThrow({ where: { id: row!.id } })).status).toBe('sent')
  })
})

describe('what the vet found reaches the vet report', () => {
  it('the report’s urgent concern carries the finding', async () => {
    const chat = await milo()
    await escalated(chat)
    const [row] = await followUpsOf(chat.conversation.id)
    await chat.api.followUp.answer({
      id: row!.id,
      seen_vet: 'yes',
      finding: 'Idiopathic cystitis, no stones',
    })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/care/report.pdf?cat_id=${chat.cat.id}`,
      headers: bearer(chat.user.token),
    })
    expect(res.statusCode).toBe(200)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'follow-up-report-')), 'report.pdf')
    fs.writeFileSync(file, res.rawPayload)
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ')
    expect(text).toContain(BLOCKED)
    expect(text).toContain('Vet found: Idiopathic cystitis, no stones')
  })
})
