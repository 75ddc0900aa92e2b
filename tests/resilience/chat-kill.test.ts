// `kill -9` under chat load, then a restart, loses no acknowledged message and duplicates no
// reply. The BUILT server (npm start's V8 flags) on PostgreSQL; owners chat concurrently, half through
// REST POST /api/openai/chat (the whole list with ids each time) and half streamed through tRPC
// conversation.send, against a slow-ish OpenAI-compatible double so replies are in flight when the
// process is killed. Interrupted messages are retried with the same ids after the restart, as a client
// does. Then, for every conversation: each message the server acknowledged is stored exactly once, each
// question has exactly one reply, and every acknowledged reply is the stored one. Bounded: OWNERS x
// MESSAGES exchanges, one kill.
import { createTRPCClient, httpBatchStreamLink } from '@trpc/client'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppRouter } from '../../server/routers/index.ts'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import { type BuiltServer, request, type Subscriber, suiteBuilt } from './helpers.ts'

const OWNERS = 10
const MESSAGES = 6
const REPLY = 'Small meals, fresh water and a quiet place to eat keep most cats happy and healthy.'

let double: OpenAiDouble
const suite = suiteBuilt('kill', () => double?.close())
let server: BuiltServer & { env: Record<string, string> }
let owners: Subscriber[]

/** What a client holds as acknowledged: its message and, when the exchange completed, the reply. */
interface Ack {
  ownerId: number
  conversationId: number
  clientId: string
  reply: string | null
  replyId: string | null
}
const acks: Ack[] = []

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends `attempt` until it succeeds, waiting while the server is down (bounded). */
async function untilDone(attempt: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    if (await attempt()) return
    await sleep(500)
  }
  throw new Error('a message never got through')
}

async function restOwner(owner: Subscriber) {
  const list: Array<{ id: string; role: 'user' | 'assistant'; content: string }> = []
  for (let i = 0; i < MESSAGES; i++) {
    const clientId = `kill-rest-${owner.id}-${i}`
    list.push({ id: clientId, role: 'user', content: `REST question ${i} from ${owner.id}` })
    await untilDone(async () => {
      const outcome = await request(`${server.base}/api/openai/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: owner.conversationId, catId: owner.catId, messages: list }),
        timeoutMs: 30_000,
      })
      if (outcome.status !== 200) return false
      const { message, id } = JSON.parse(outcome.body) as { message: string; id: string }
      acks.push({
        ownerId: owner.id,
        conversationId: owner.conversationId,
        clientId,
        reply: message,
        replyId: id,
      })
      list.push({ id, role: 'assistant', content: message })
      return true
    })
  }
}

async function trpcOwner(owner: Subscriber) {
  for (let i = 0; i < MESSAGES; i++) {
    const clientId = `kill-trpc-${owner.id}-${i}`
    const replyClientId = `${clientId}-reply`
    let acknowledged = false
    await untilDone(async () => {
      const api = createTRPCClient<AppRouter>({
        links: [
          httpBatchStreamLink({
            url: `${server.base}/trpc`,
            headers: { authorization: `Bearer ${owner.token}` },
          }),
        ],
      })
      let reply = ''
      try {
        const stream = await api.conversation.send.mutate({
          conversationId: owner.conversationId,
          catId: owner.catId,
          content: `tRPC question ${i} from ${owner.id}`,
          clientId,
          replyClientId,
        })
        for await (const piece of stream) {
          // The first piece means the owner's message was stored: acknowledged, even if the reply breaks.
          if (!acknowledged) {
            acknowledged = true
            acks.push({
              ownerId: owner.id,
              conversationId: owner.conversationId,
              clientId,
              reply: null,
              replyId: null,
            })
          }
          reply += piece
        }
      } catch {
        return false
      }
      const ack = acks.find((a) => a.clientId === clientId)!
      ack.reply = reply
      ack.replyId = replyClientId
      return true
    })
  }
}

beforeAll(async () => {
  owners = await suite.seedSubscribers(OWNERS, 'kill')
  double = await startOpenAiDouble()
  double.setDefault({ reply: REPLY, firstTokenDelayMs: 100, tokenDelayMs: 15 })
  server = await suite.start(
    {
      OPENAI_API_KEY: 'sk-test-kill',
      OPENAI_BASE_URL: double.url,
      GLOBAL_RATE_PER_MINUTE: '100000000',
      CHAT_RATE_PER_MINUTE: '100000000',
    },
    { asStarted: true },
  )
})

describe('kill -9 under chat load, then restart', () => {
  it('keeps every acknowledged message exactly once and every question one reply', async () => {
    const load = Promise.all(owners.map((owner, i) => (i % 2 === 0 ? restOwner(owner) : trpcOwner(owner))))
    // Kill once replies are in flight and some exchanges are done.
    for (
      let i = 0;
      i < 200 && (acks.length < OWNERS || double.requests.every((r) => r.outcome !== 'pending'));
      i++
    )
      await sleep(25)
    const inFlight = double.requests.filter((r) => r.outcome === 'pending').length
    server.child.kill('SIGKILL')
    expect((await server.exited).signal).toBe('SIGKILL')
    expect(inFlight).toBeGreaterThan(0)
    // The same env, so the same data folder: a restart.
    server = await suite.start(server.env, { asStarted: true })
    await load

    expect(acks).toHaveLength(OWNERS * MESSAGES)
    const conversationIds = owners.map((o) => o.conversationId)
    const rows = await suite.database.prisma.conversationMessage.findMany({
      where: { conversationId: { in: conversationIds } },
      orderBy: { id: 'asc' },
    })
    for (const ack of acks) {
      const stored = rows.filter(
        (r) => r.conversationId === ack.conversationId && r.clientId === ack.clientId,
      )
      expect(stored, ack.clientId).toHaveLength(1)
      const replies = rows.filter((r) => r.replyToId === stored[0]!.id)
      expect(replies, `reply to ${ack.clientId}`).toHaveLength(1)
      expect(replies[0]!.content).toBe(ack.reply)
      expect(replies[0]!.clientId).toBe(ack.replyId)
    }
    // Nothing else: one user row per acknowledged message, one reply per question, no stray reply.
    expect(rows.filter((r) => r.role === 'user')).toHaveLength(acks.length)
    expect(rows.filter((r) => r.role === 'assistant')).toHaveLength(acks.length)
    expect(server.child.exitCode).toBeNull()
  })
})
