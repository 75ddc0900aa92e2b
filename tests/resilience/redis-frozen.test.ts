// A frozen Redis must not stop everything: the BUILT server on a Redis this test starts
// itself, which is then paused with SIGSTOP (connected, never answering) and later killed. Redis
// commands time out in about half a second and fall back as docs/operations.md says: /healthz never waits on
// Redis, limits fall back to each instance's memory, and what needs Redis (a reply's stream) answers
// 503 with Retry-After, never a 500 and never a hang.
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BuiltServer,
  GENEROUS_ENV,
  isClearJsonError,
  type Outcome,
  type Subscriber,
  suiteBuilt,
} from './helpers.ts'

const suite = suiteBuilt('frozen')
let server: BuiltServer
let owner: Subscriber
let redis: ChildProcess

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  })
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (up) return child
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('redis-server did not start')
}

beforeAll(async () => {
  owner = (await suite.seedSubscribers(1, 'frozen'))[0]!
  const port = await freePort()
  redis = await startRedis(port)
  server = await suite.start({
    REDIS_URL: `redis://127.0.0.1:${port}`,
    REDIS_KEY_PREFIX: `kc-frozen-${crypto.randomBytes(3).toString('hex')}:`,
    ...GENEROUS_ENV,
  })
})

afterAll(() => {
  if (redis && redis.exitCode === null) {
    redis.kill('SIGCONT')
    redis.kill('SIGKILL')
  }
})

const authed = () => ({ authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' })

interface Timed extends Outcome {
  ms: number
  retryAfter: string | null
}

/** fetch that never throws: the answer (or the network error), its Retry-After and how long it took. */
async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = Date.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(8_000) })
    const body = await res.text()
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body,
      error: null,
      retryAfter: res.headers.get('retry-after'),
      ms: Date.now() - started,
    }
  } catch (error) {
    const name = (error as Error).name
    const status = null
    return { status, contentType: '', body: '', error: name, retryAfter: null, ms: Date.now() - started }
  }
}

let sent = 0
function chat() {
  sent++
  return timed(`${server.base}/api/openai/chat`, {
    method: 'POST',
    headers: authed(),
    body: JSON.stringify({
      conversationId: owner.conversationId,
      catId: owner.catId,
      messages: [
        { role: 'user', content: `Question ${sent}: how much should my cat eat?`, id: `frozen-${sent}` },
      ],
    }),
  })
}

/** A reply either arrives whole or is refused as 503 with Retry-After in the contract's shape. */
function expectReplyOrBusy(outcome: Timed) {
  if (outcome.status === 200) return
  expect(outcome.status).toBe(503)
  expect(isClearJsonError(outcome)).toBe(true)
  expect(Number(outcome.retryAfter)).toBeGreaterThan(0)
}

describe('Redis paused with SIGSTOP, then killed', () => {
  it('while paused: /healthz, reads, sign-in codes and chat answer within about a second or two', async () => {
    expect((await timed(`${server.base}/healthz`)).status).toBe(200)
    expect((await chat()).status).toBe(200)

    redis.kill('SIGSTOP')
    const health = await timed(`${server.base}/healthz`)
    expect(health.status).toBe(200)
    expect(health.ms).toBeLessThan(1_000)

    const cats = await timed(`${server.base}/api/supabase/cats`, { headers: authed() })
    expect(cats.status).toBe(200)
    expect(cats.ms).toBeLessThan(2_500)

    // The per-address code budget falls back to this instance's memory.
    const code = await timed(`${server.base}/api/supabase/signin-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `frozen-${crypto.randomBytes(3).toString('hex')}@example.com` }),
    })
    expect(code.status).toBe(200)
    expect(code.ms).toBeLessThan(2_500)

    const reply = await chat()
    expectReplyOrBusy(reply)
    expect(reply.ms).toBeLessThan(5_000)

    redis.kill('SIGCONT')
    expect((await timed(`${server.base}/healthz`)).status).toBe(200)
  })

  it('while down: a reply being written is 503 with Retry-After, never 500; reads still answer', async () => {
    redis.kill('SIGKILL')
    await new Promise<void>((resolve) =>
      redis.exitCode !== null ? resolve() : redis.once('exit', () => resolve()),
    )
    const reply = await chat()
    expectReplyOrBusy(reply)
    expect(reply.status).not.toBe(500)
    const cats = await timed(`${server.base}/api/supabase/cats`, { headers: authed() })
    expect(cats.status).toBe(200)
    expect((await timed(`${server.base}/healthz`)).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  })
})
