// An escalation stays open through the conversation (docs/triage.md, "An escalation holds"): stored
// with the conversation's replies, so a second instance, a reload and the other surface all keep it,
// even in front of a model that would say "see how it goes", until the owner says the cat was seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db.ts'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { freshDatabase } from '../helpers/database.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const SEE_HOW = 'Keep fresh water out and see how it goes.'

let database: Database
let double: OpenAiDouble
let first: TestApp
let second: TestApp

beforeAll(async () => {
  database = await freshDatabase()
  double = await startOpenAiDouble()
  double.setDefault({ reply: SEE_HOW })
  const env = { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: double.url }
  first = await createTestApp({ database, env })
  second = await createTestApp({ database, env })
})

afterAll(async () => {
  await first?.close()
  await second?.close()
  await double?.close()
  await database?.close()
})

describe('an escalation holds through the conversation', () => {
  it('across instances and surfaces, answering the worry, until the owner says the vet has seen him', async () => {
    const { api, conversation, cat, user } = await subscriberInChat(first, {
      cat: { name: 'Milo', gender: 'Male', age: 6 },
    })
    // Instance one, tRPC: the sign.
    const warned = await sendInChat(
      { api, conversation },
      { catId: cat.id, content: 'in and out of the tray, only a couple of drops each time', clientId: 'q1' },
    )
    expect(warned).toMatch(/^\*\*This could be an emergency/)

    // Instance two, the REST row of docs/product.md §7, the owner's list without the reply: the
    // level holds, the model is not asked.
    const asked = double.requests.length
    const res = await second.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        conversationId: conversation.id,
        catId: cat.id,
        messages: [{ role: 'user', content: 'he seems fine now, can I just watch him tonight?', id: 'q2' }],
      },
    })
    expect(res.statusCode).toBe(200)
    const kept = res.json() as { message: string; urgency: string }
    expect(kept.urgency).toBe('emergency')
    expect(kept.message).toMatch(/still needs a vet now/)
    expect(kept.message).toMatch(/hide pain/)
    expect(kept.message).toMatch(/24-hour emergency clinic/)
    expect(kept.message).not.toContain(SEE_HOW)
    expect(double.requests.length).toBe(asked)

    // Money is the next worry, on instance one again.
    const cost = await sendInChat(
      { api, conversation },
      { catId: cat.id, content: "I can't afford the emergency vet", clientId: 'q3' },
    )
    expect(cost).toMatch(/payment plans/)
    const stored = await first.db.conversationMessage.findMany({
      where: { conversationId: conversation.id, role: 'assistant' },
      orderBy: { id: 'asc' },
    })
    expect(stored.map((m) => m.urgency)).toEqual(['emergency', 'emergency', 'emergency'])

    // Seen by the vet: the conversation is routine again, and the model answers.
    const after = await sendInChat(
      { api, conversation },
      { catId: cat.id, content: 'The vet saw him, he has crystals. What food helps?', clientId: 'q4' },
    )
    expect(after).toContain(SEE_HOW)
    const last = await first.db.conversationMessage.findFirst({
      where: { conversationId: conversation.id, role: 'assistant' },
      orderBy: { id: 'desc' },
    })
    expect(last?.urgency).toBe('routine')
  })
})
