// GET /api/supabase/conversations returns each conversation WITH its messages (docs/product.md §3: a
// Conversation is id, messages): the newest CONVERSATION_LIST_MESSAGES of each, oldest first, and the
// total, so a client can restore a chat from it.
import { describe, expect, it } from 'vitest'
import { CONVERSATION_LIST_MESSAGES } from '../../shared/constants.ts'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

describe('GET /api/supabase/conversations', () => {
  it('lists each conversation with its newest messages, oldest first, and the total count', async () => {
    const user = await t.signIn()
    const api = await t.caller(user.token)
    const long = await api.conversation.create({ session_id: 'list-session-long' })
    const short = await api.conversation.create({ session_id: 'list-session-short' })
    const total = CONVERSATION_LIST_MESSAGES + 20
    await api.conversation.update({
      id: long.id,
      messages: Array.from({ length: total }, (_, i) => ({
        id: `l${i}`,
        role: i % 2 ? ('assistant' as const) : ('user' as const),
        content: `long ${i}`,
      })),
    })
    await api.conversation.update({
      id: short.id,
      messages: [
        { id: 's1', role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi there' },
      ],
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/conversations',
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(res.statusCode).toBe(200)
    const list = res.json() as Array<{
      id: number
      total_messages: number
      messages: Array<{ id: string; role: string; content: string; timestamp: string }>
    }>
    expect(list.map((c) => c.id)).toEqual([short.id, long.id])
    const [first, second] = list
    expect(first!.total_messages).toBe(2)
    expect(first!.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hello'],
      ['assistant', 'Hi there'],
    ])
    expect(first!.messages[0]!.id).toBe('s1')
    expect(first!.messages[1]!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(second!.total_messages).toBe(total)
    expect(second!.messages).toHaveLength(CONVERSATION_LIST_MESSAGES)
    expect(second!.messages[0]!.content).toBe(`long ${total - CONVERSATION_LIST_MESSAGES}`)
    expect(second!.messages.at(-1)!.content).toBe(`long ${total - 1}`)
  })
})
