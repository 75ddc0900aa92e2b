// Eight concurrent PUT /api/supabase/conversations/{id} of 5,000 messages each (about 800 KB
// of JSON apiece, under the 1 MB body limit) from one signed-in owner used to exhaust the heap of the
// server `npm start` runs. Against the built server with npm start's V8 flags and malloc setting, on
// PostgreSQL: every PUT is answered (2xx, or 503 with Retry-After when saturated), each answered list
// is stored whole and once, /healthz answers 200 throughout, and the process is alive at the end. The
// peak RSS (VmHWM) is printed for docs/benchmark.md.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { SERVER_ENV } from '../../scripts/server-node-flags.mjs'
import { createTokenService } from '../../server/services/tokens.ts'
import { CHAT_LIST_MAX_MESSAGES } from '../../shared/constants.ts'
import { grantSubscription } from '../helpers/subscribers.ts'
import { type BuiltServer, type Outcome, peakRssMb, request, suiteBuilt } from './helpers.ts'

const CONCURRENT = 8
const MESSAGES = CHAT_LIST_MAX_MESSAGES

const suite = suiteBuilt('burst')
let server: BuiltServer
/**
 * One subscriber per conversation: 8 × 5,000 messages is over one owner's 10,000-message quota, and
 * 5,000 is over a free account's 1,000 (server/domain/quotas.ts).
 */
let tokens: string[]
let conversationIds: number[]

/** A list of `MESSAGES` messages with ids, about 160 bytes of JSON each: ~800 KB of JSON. */
function bigList(run: number): string {
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    id: `burst-${run}-${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `Message ${i}: my cat sleeps most of the day and plays at night, is that normal?`,
    timestamp: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  }))
  return JSON.stringify({ session_id: `burst-session-${run}`, messages })
}

beforeAll(async () => {
  const { database } = suite
  const tag = crypto.randomBytes(3).toString('hex')
  const tokenService = createTokenService({ secret: suite.jwtSecret, ttlSeconds: 3600, db: database.prisma })
  const users = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      database.prisma.user.create({ data: { email: `burst-${tag}-${i}@example.com`, firstName: 'Burst' } }),
    ),
  )
  await Promise.all(users.map((user) => grantSubscription(database.prisma, user.id, { status: 'active' })))
  tokens = await Promise.all(users.map(async (user) => (await tokenService.issue(user)).token))
  const conversations = await Promise.all(
    users.map((user, i) =>
      database.prisma.conversation.create({ data: { userId: user.id, sessionId: `burst-session-${i}` } }),
    ),
  )
  conversationIds = conversations.map((c) => c.id)
  server = await suite.start(
    {
      ...(SERVER_ENV.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: SERVER_ENV.MALLOC_ARENA_MAX } : {}),
      GLOBAL_RATE_PER_MINUTE: '100000000',
    },
    { asStarted: true },
  )
})

describe(`${CONCURRENT} concurrent PUTs of ${MESSAGES} messages`, () => {
  it('are all answered, stored whole and once, while /healthz answers 200 and the process stays up', async () => {
    const bodies = conversationIds.map((_, i) => bigList(i))
    expect(Buffer.byteLength(bodies[0]!)).toBeGreaterThan(750_000)
    expect(Buffer.byteLength(bodies[0]!)).toBeLessThan(1_048_576)

    let bursting = true
    const health: Outcome[] = []
    const probe = (async () => {
      while (bursting) {
        health.push(await request(`${server.base}/healthz`, { timeoutMs: 10_000 }))
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    })()
    const puts = await Promise.all(
      conversationIds.map((id, i) =>
        request(`${server.base}/api/supabase/conversations/${id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: bodies[i],
          timeoutMs: 120_000,
        }),
      ),
    )
    bursting = false
    await probe

    expect(server.child.exitCode).toBeNull()
    const peak = peakRssMb(server.child.pid!)
    process.stdout.write(`chat-burst: peak RSS ${peak} MB (${CONCURRENT} x ${MESSAGES} messages)\n`)

    for (const put of puts) {
      expect(put.error).toBeNull()
      expect([200, 503]).toContain(put.status)
    }
    const accepted = puts.flatMap((put, i) => (put.status === 200 ? [i] : []))
    expect(accepted.length).toBeGreaterThan(0)
    for (const i of accepted) {
      expect(JSON.parse(puts[i]!.body)).toEqual({ id: conversationIds[i], appended: MESSAGES })
      expect(
        await suite.database.prisma.conversationMessage.count({
          where: { conversationId: conversationIds[i] },
        }),
      ).toBe(MESSAGES)
    }
    expect(health.length).toBeGreaterThan(0)
    expect(health.every((outcome) => outcome.status === 200)).toBe(true)
    expect((await request(`${server.base}/healthz`)).status).toBe(200)

    // The same lists again: nothing new, nothing stored twice.
    const again = await Promise.all(
      accepted.slice(0, 2).map((i) =>
        request(`${server.base}/api/supabase/conversations/${conversationIds[i]}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: bodies[i],
          timeoutMs: 120_000,
        }),
      ),
    )
    for (const outcome of again) expect(JSON.parse(outcome.body)).toMatchObject({ appended: 0 })
    expect(server.child.exitCode).toBeNull()
  })
})
