// Load: 200 owners chat at the same time with the specialist (offline assistant) on a real listening
// server on PostgreSQL, half through the streaming tRPC `conversation.send` (as the chat screen does)
// and half through REST POST /api/openai/chat. Zero errors; every reply complete, and stored in order.
import { createTRPCClient, httpBatchStreamLink } from '@trpc/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRouter } from '../../server/routers/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { GENEROUS_ENV, generousLimits, listen, request, type Subscriber, seedSubscribers } from './helpers.ts'

const SESSIONS = 200
const MESSAGES_PER_SESSION = 3

let t: TestApp
let base: string
let owners: Subscriber[]

interface Exchange {
  clientId: string
  content: string
  reply: string
}
const exchanges = new Map<number, Exchange[]>()
const errors: string[] = []

const QUESTIONS = [
  'How much should my cat eat each day?',
  'She scratches the sofa, what can I do?',
  'Is it normal that he sleeps all afternoon?',
]

/** The chat screen's way: conversation.send, the reply streamed back piece by piece. */
async function streamedSession(owner: Subscriber) {
  const api = createTRPCClient<AppRouter>({
    links: [
      httpBatchStreamLink({ url: `${base}/trpc`, headers: { authorization: `Bearer ${owner.token}` } }),
    ],
  })
  for (let i = 0; i < MESSAGES_PER_SESSION; i++) {
    const clientId = `trpc-${owner.id}-${i}`
    const content = QUESTIONS[i % QUESTIONS.length]!
    try {
      const stream = await api.conversation.send.mutate({
        conversationId: owner.conversationId,
        catId: owner.catId,
        content,
        clientId,
        replyClientId: `reply-${clientId}`,
      })
      let reply = ''
      for await (const piece of stream) reply += piece
      if (reply.trim() === '') errors.push(`${clientId}: empty reply`)
      exchanges.get(owner.id)!.push({ clientId, content, reply })
    } catch (error) {
      errors.push(`${clientId}: ${(error as Error).message}`)
      return
    }
  }
}

/** The documented REST row: the whole list each time, the reply in one piece. */
async function restSession(owner: Subscriber) {
  const history: Array<{ role: 'user' | 'assistant'; content: string; id?: string }> = []
  for (let i = 0; i < MESSAGES_PER_SESSION; i++) {
    const clientId = `rest-${owner.id}-${i}`
    const content = QUESTIONS[i % QUESTIONS.length]!
    history.push({ role: 'user', content, id: clientId })
    const outcome = await request(`${base}/api/openai/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        session_id: `load-${owner.id}`,
        catId: owner.catId,
        conversationId: owner.conversationId,
        messages: history,
      }),
      timeoutMs: 60_000,
    })
    if (outcome.status !== 200) {
      errors.push(`${clientId}: ${outcome.status ?? outcome.error} ${outcome.body.slice(0, 120)}`)
      return
    }
    const reply = (JSON.parse(outcome.body) as { message: string }).message
    if (reply.trim() === '') errors.push(`${clientId}: empty reply`)
    history.push({ role: 'assistant', content: reply })
    exchanges.get(owner.id)!.push({ clientId, content, reply })
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: GENEROUS_ENV, overrides: { limits: generousLimits() } })
  base = await listen(t)
  owners = await seedSubscribers(t.db, (u) => t.services.tokens.issue(u), SESSIONS, 'load')
  for (const owner of owners) exchanges.set(owner.id, [])
})

afterAll(async () => {
  await t?.close()
})

describe(`${SESSIONS} concurrent chat sessions`, () => {
  it('all complete with 0 errors', async () => {
    await Promise.all(owners.map((owner, i) => (i % 2 === 0 ? streamedSession(owner) : restSession(owner))))
    const replies = [...exchanges.values()].reduce((n, list) => n + list.length, 0)
    const serverErrors = t.logs
      .map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; err?: { type?: string; message?: string } },
      )
      .filter((entry) => entry.level >= 50)
      .map(
        (entry) =>
          `${entry.msg}: ${entry.err?.type}: ${(entry.err?.message ?? '').trim().split('\n').slice(-1)[0]}`,
      )
    const distinct = [...new Set(serverErrors.map((e) => e.replace(/\d+/g, 'N')))]
    console.info(
      `load: ${SESSIONS} sessions, ${replies} replies, ${errors.length} errors; server logged: ${distinct.join(' | ') || 'nothing'}`,
    )
    expect(errors).toEqual([])
    expect(replies).toBe(SESSIONS * MESSAGES_PER_SESSION)
  })

  it('every message and its complete reply are stored, in order, once', async () => {
    const wrong: string[] = []
    const rows = await t.db.conversationMessage.findMany({
      where: { conversationId: { in: owners.map((o) => o.conversationId) } },
      orderBy: { id: 'asc' },
    })
    for (const owner of owners) {
      const stored = rows
        .filter((r) => r.conversationId === owner.conversationId)
        .map((r) => ({ role: r.role, content: r.content, clientId: r.clientId }))
      const expected = exchanges.get(owner.id)!.flatMap((x) => [
        { role: 'user', content: x.content, clientId: x.clientId },
        { role: 'assistant', content: x.reply },
      ])
      const comparable = stored.map((r, i) =>
        expected[i]?.role === 'assistant' ? { role: r.role, content: r.content } : r,
      )
      if (JSON.stringify(comparable) !== JSON.stringify(expected)) {
        wrong.push(`owner ${owner.id}: stored ${JSON.stringify(stored).slice(0, 300)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('the server is still healthy', async () => {
    expect((await request(`${base}/healthz`)).status).toBe(200)
  })
})
