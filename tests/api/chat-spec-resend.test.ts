// Exactly once for clients of docs/product.md §7: a message without an id is recognised by its conversation,
// role, text and timestamp. A client that resends its newest message after a lost answer (same text, same
// timestamp) gets the first one's reply back: no second row, no second reply.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp()

const rows = (conversationId: number) =>
  t.db.conversationMessage.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

type Msg = { role: 'user' | 'assistant'; content: string; timestamp?: string | number }

async function restChat(token: string, body: { session_id: string; messages: Msg[] }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/openai/chat',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  })
  return { status: res.statusCode, body: res.json() as { message: string; id: string } }
}

async function chatWithHistory() {
  const chat = await subscriberInChat(t, { sessionId: (id) => `spec-resend-${id}` })
  const sessionId = chat.sessionId as string
  // An earlier exchange, so the resent message is not at the conversation's first position.
  const earlier = await restChat(chat.user.token, {
    session_id: sessionId,
    messages: [{ role: 'user', content: 'Hello there', timestamp: '2026-11-28T20:00:00.000Z' }],
  })
  expect(earlier.status).toBe(200)
  return { ...chat, sessionId }
}

describe('POST /api/openai/chat: a resent message without an id', () => {
  it('same text and timestamp: the first reply comes back, nothing is stored twice', async () => {
    const { user, conversation, sessionId } = await chatWithHistory()
    const question: Msg = {
      role: 'user',
      content: 'Is tuna ok for her?',
      timestamp: '2026-11-28T21:00:00.000Z',
    }
    const first = await restChat(user.token, { session_id: sessionId, messages: [question] })
    const before = await rows(conversation.id)
    const retry = await restChat(user.token, { session_id: sessionId, messages: [question] })
    expect(first.status).toBe(200)
    expect(retry).toEqual(first)
    const after = await rows(conversation.id)
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    expect(after.filter((r) => r.content === 'Is tuna ok for her?')).toHaveLength(1)
  })

  it('a numeric timestamp works the same', async () => {
    const { user, conversation, sessionId } = await chatWithHistory()
    const question: Msg = { role: 'user', content: 'Why does he sneeze?', timestamp: 1_790_000_000_000 }
    const first = await restChat(user.token, { session_id: sessionId, messages: [question] })
    const retry = await restChat(user.token, { session_id: sessionId, messages: [question] })
    expect(retry).toEqual(first)
    expect((await rows(conversation.id)).filter((r) => r.content === 'Why does he sneeze?')).toHaveLength(1)
  })

  it('the same text at another time is a new message with a reply of its own', async () => {
    const { user, conversation, sessionId } = await chatWithHistory()
    const ask = (timestamp: string) =>
      restChat(user.token, {
        session_id: sessionId,
        messages: [{ role: 'user', content: 'Still hungry?', timestamp }],
      })
    const first = await ask('2026-11-28T21:00:00.000Z')
    const later = await ask('2026-11-28T22:00:00.000Z')
    expect(later.body.id).not.toBe(first.body.id)
    expect((await rows(conversation.id)).filter((r) => r.content === 'Still hungry?')).toHaveLength(2)
  })

  it('a whole list resent with the reply the client kept: nothing new stored', async () => {
    const { user, conversation, sessionId } = await chatWithHistory()
    const q: Msg = { role: 'user', content: 'Can she eat grass?', timestamp: '2026-11-28T21:10:00.000Z' }
    const hello: Msg = { role: 'user', content: 'Hello there', timestamp: '2026-11-28T20:00:00.000Z' }
    const stored = await rows(conversation.id)
    const helloReply: Msg = {
      role: 'assistant',
      content: stored[1]!.content,
      timestamp: '2026-11-28T20:00:05.000Z',
    }
    const first = await restChat(user.token, { session_id: sessionId, messages: [hello, helloReply, q] })
    const count = (await rows(conversation.id)).length
    const retry = await restChat(user.token, { session_id: sessionId, messages: [hello, helloReply, q] })
    expect(retry).toEqual(first)
    expect(await rows(conversation.id)).toHaveLength(count)
    expect(count).toBe(4)
  })
})

describe('PUT /api/supabase/conversations/{id}: a resent message without an id', () => {
  it('same text and timestamp: stored once', async () => {
    const { user, conversation } = await chatWithHistory()
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/supabase/conversations/${conversation.id}`,
        headers: { authorization: `Bearer ${user.token}` },
        payload: {
          messages: [{ role: 'user', content: 'A note for later', timestamp: '2026-11-28T21:30:00.000Z' }],
        },
      })
    expect((await put()).json()).toMatchObject({ appended: 1 })
    expect((await put()).json()).toMatchObject({ appended: 0 })
    expect((await rows(conversation.id)).filter((r) => r.content === 'A note for later')).toHaveLength(1)
  })
})
