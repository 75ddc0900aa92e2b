// Database faults under load: a real listening server on PostgreSQL, many owners chatting (offline
// assistant) and reading their cats at once, and in the middle every connection of the app to its
// database is killed (pg_terminate_backend), four times. Requests in flight may fail, but only with a clear
// JSON error (never a hang, never an HTML or stack page); later requests succeed with no restart; and
// every chat message the server acknowledged (200 with the whole reply) is in the database.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import {
  GENEROUS_ENV,
  generousLimits,
  isClearJsonError,
  listen,
  type Outcome,
  request,
  type Subscriber,
  seedSubscribers,
} from './helpers.ts'

const OWNERS = 24
const ROUNDS = 12
/** Kill the connections each time this share of the load has been answered. */
const KILL_AT = [0.2, 0.4, 0.6, 0.8]

let t: TestApp
let base: string
let owners: Subscriber[]
let database: string

interface Sent {
  owner: Subscriber
  kind: 'chat' | 'cats'
  outcome: Outcome
  clientId?: string
}

interface ChatState {
  /** The owner's copy of the conversation, as a browser keeps it (the user's messages carry ids). */
  history: Array<{ role: 'user' | 'assistant'; content: string; id?: string }>
  acknowledged: Array<{ clientId: string; reply: string }>
}

const states = new Map<number, ChatState>()
/**
 * Errors nobody handled while the server ran in this process. In production such an error ends the
 * process (main.ts has no handler), so one killed connection would take the whole server down.
 */
const uncaught: string[] = []
const onUncaught = (error: Error) =>
  void uncaught.push(`${error.message} (${(error as { code?: string }).code ?? ''})`)
const sent: Sent[] = []
const kills: Array<{ at: number; terminated: number }> = []

async function terminateConnections(): Promise<number> {
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const result = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    )
    return result.rowCount ?? 0
  } finally {
    await admin.end()
  }
}

function headers(owner: Subscriber) {
  return { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
}

async function chat(owner: Subscriber, index: number): Promise<Sent> {
  const state = states.get(owner.id)!
  const clientId = `u${owner.id}-m${index}`
  state.history.push({ role: 'user', content: `Message ${index}: how much should my cat eat?`, id: clientId })
  const outcome = await request(`${base}/api/openai/chat`, {
    method: 'POST',
    headers: headers(owner),
    body: JSON.stringify({
      conversationId: owner.conversationId,
      catId: owner.catId,
      messages: state.history,
    }),
  })
  if (outcome.status === 200) {
    const reply = (JSON.parse(outcome.body) as { message: string }).message
    if (reply.trim() !== '') {
      state.history.push({ role: 'assistant', content: reply })
      state.acknowledged.push({ clientId, reply })
    }
  }
  // A failed message stays in the browser's copy, as the chat keeps what the owner typed.
  return { owner, kind: 'chat', outcome, clientId }
}

async function readCats(owner: Subscriber): Promise<Sent> {
  const outcome = await request(`${base}/api/supabase/cats`, {
    headers: { authorization: `Bearer ${owner.token}` },
  })
  return { owner, kind: 'cats', outcome }
}

beforeAll(async () => {
  process.on('uncaughtException', onUncaught)
  t = await createTestApp({ env: GENEROUS_ENV, overrides: { limits: generousLimits() } })
  base = await listen(t)
  owners = await seedSubscribers(t.db, (u) => t.services.tokens.issue(u), OWNERS, 'faults')
  for (const owner of owners) states.set(owner.id, { history: [], acknowledged: [] })
  database = (await t.db.$queryRaw<Array<{ name: string }>>`SELECT current_database() AS name`)[0]!.name
})

afterAll(async () => {
  process.off('uncaughtException', onUncaught)
  await t?.close()
})

describe('PostgreSQL connections killed in the middle of load', () => {
  it('in-flight requests fail with a clear JSON error, never a hang or a dropped connection', async () => {
    const total = OWNERS * ROUNDS * 2
    const pendingKills: Array<Promise<void>> = []
    const thresholds = KILL_AT.map((share) => Math.floor(total * share))
    const record = (entry: Sent) => {
      sent.push(entry)
      while (thresholds.length && sent.length >= thresholds[0]!) {
        const at = thresholds.shift()!
        pendingKills.push(terminateConnections().then((terminated) => void kills.push({ at, terminated })))
      }
    }
    await Promise.all(
      owners.map(async (owner) => {
        for (let round = 0; round < ROUNDS; round++) {
          record(await chat(owner, round))
          record(await readCats(owner))
        }
      }),
    )
    await Promise.all(pendingKills)

    const failed = sent.filter((s) => s.outcome.status !== 200)
    console.info(
      `db faults: ${sent.length} requests, connections killed ${kills.map((k) => `${k.terminated} at #${k.at}`).join(' and ')}; ` +
        `${failed.length} failed (${failed.filter((s) => s.kind === 'chat').length} chat, ` +
        `${failed.filter((s) => s.kind === 'cats').length} cat reads): ` +
        `${[...new Set(failed.map((s) => `${s.outcome.status} ${s.outcome.body.slice(0, 60)}`))].join(' | ')}`,
    )
    expect(kills.length).toBe(KILL_AT.length)
    expect(kills.every((k) => k.terminated > 0)).toBe(true)
    const unclear = failed
      .filter((s) => !isClearJsonError(s.outcome))
      .map(
        (s) =>
          `${s.kind}: ${s.outcome.error ?? `${s.outcome.status} ${s.outcome.contentType} ${s.outcome.body.slice(0, 120)}`}`,
      )
    expect(unclear).toEqual([])
  })

  it('no killed connection surfaced as an uncaught exception (which would end the server process)', () => {
    expect(uncaught).toEqual([])
  })

  it('later requests succeed without a restart', async () => {
    expect((await request(`${base}/healthz`)).status).toBe(200)
    const after = await Promise.all(owners.flatMap((owner) => [chat(owner, ROUNDS), readCats(owner)]))
    const failures = after
      .filter((s) => s.outcome.status !== 200)
      .map((s) => `${s.kind}: ${s.outcome.status ?? s.outcome.error} ${s.outcome.body.slice(0, 120)}`)
    expect(failures).toEqual([])
  })

  it('every acknowledged chat message and its reply are stored, once', async () => {
    const missing: string[] = []
    let acknowledged = 0
    for (const owner of owners) {
      const rows = await t.db.conversationMessage.findMany({
        where: { conversationId: owner.conversationId },
        orderBy: { id: 'asc' },
      })
      for (const ack of states.get(owner.id)!.acknowledged) {
        acknowledged++
        const at = rows.findIndex((r) => r.clientId === ack.clientId && r.role === 'user')
        const copies = rows.filter((r) => r.clientId === ack.clientId).length
        const reply = rows.slice(at + 1).find((r) => r.role === 'assistant')
        if (at < 0) missing.push(`${ack.clientId}: the message is not stored`)
        else if (copies !== 1) missing.push(`${ack.clientId}: stored ${copies} times`)
        else if (reply?.content !== ack.reply)
          missing.push(`${ack.clientId}: the acknowledged reply is not stored after it`)
      }
    }
    expect(acknowledged).toBeGreaterThan(OWNERS * ROUNDS * 0.5)
    expect(missing).toEqual([])
  })
})
