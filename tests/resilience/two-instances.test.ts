// Two BUILT instances (started as `npm start` starts them) on one PostgreSQL database and one Redis,
// behind a real nginx (Debian's package, a generated config on a random loopback port, round-robin).
// Through the proxy: a token from one instance works on the other; the wrong-code, password and chat
// limits hold at the single-instance figures in total; a reply started on one instance whose page
// dropped is reattached and completed through the proxy (and on the other instance), stored once; Stop
// from the other instance stops it; killing one instance mid-load loses no acknowledged message or
// record and the other keeps serving. Replies come from a slow OpenAI-compatible double.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import { createTRPCClient, httpBatchStreamLink } from '@trpc/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUOTAS } from '../../server/domain/quotas.ts'
import type { AppRouter } from '../../server/routers/index.ts'
import { DEFAULT_RATE_LIMITS } from '../../server/services/rate-limits.ts'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import { type BuiltServer, type Outcome, request, type Subscriber, suiteBuilt } from './helpers.ts'
import { type Nginx, startNginx } from './nginx.ts'

const REDIS_KEY_PREFIX = `kc-two-${crypto.randomBytes(4).toString('hex')}:`

let double: OpenAiDouble
const suite = suiteBuilt('two', async () => {
  await double?.close()
  try {
    execFileSync('redis-cli', ['--scan', '--pattern', `${REDIS_KEY_PREFIX}*`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .forEach((key) => {
        execFileSync('redis-cli', ['del', key])
      })
  } catch {}
})
const instances: BuiltServer[] = []
let proxy: Nginx
let owners: Subscriber[]

async function startInstance(env: Record<string, string> = {}) {
  const server = await suite.start(
    {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX,
      TRUST_PROXY: '1',
      GLOBAL_RATE_PER_MINUTE: '100000',
      OPENAI_API_KEY: 'sk-test-two-instances',
      OPENAI_BASE_URL: double.url,
      ...env,
    },
    { asStarted: true },
  )
  instances.push(server)
  return server
}

beforeAll(async () => {
  double = await startOpenAiDouble()
  owners = await suite.seedSubscribers(12, 'two')
  await startInstance()
  await startInstance()
  proxy = await startNginx(instances.map((i) => i.base))
})

// Before the suite's teardown: the proxy in front of the instances first.
afterAll(() => {
  proxy?.stop()
})

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
})

function trpcOf(base: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchStreamLink({ url: `${base}/trpc`, headers: { authorization: `Bearer ${token}` } })],
  })
}

/** The newest sign-in code either instance printed for `email`. */
async function codeFor(email: string, servers = instances): Promise<string> {
  const pattern = new RegExp(`Sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`)
  for (let i = 0; i < 100; i++) {
    const found = servers.flatMap((s) => s.lines.filter((line) => pattern.test(line)))
    if (found.length > 0) return pattern.exec(found.at(-1)!)![1]!
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no sign-in code for ${email}`)
}

async function signIn(base: string, email: string, servers = instances): Promise<string> {
  expect((await request(`${base}/api/supabase/signin-otp`, json({ email }))).status).toBe(200)
  const verified = await request(
    `${base}/api/supabase/verify-otp`,
    json({ email, token: await codeFor(email, servers) }),
  )
  expect(verified.status).toBe(200)
  return (JSON.parse(verified.body) as { session: { access_token: string } }).session.access_token
}

describe('two instances behind nginx, one database and one Redis', () => {
  it('a token from one instance works on the other', async () => {
    const token = await signIn(proxy.base, `shared-${crypto.randomBytes(3).toString('hex')}@example.com`)
    for (const server of instances) {
      const res = await request(`${server.base}/api/supabase/cats`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
    }
  })

  it('wrong codes: the per-address-and-IP figure holds in total through the proxy', async () => {
    const email = `guess-${crypto.randomBytes(3).toString('hex')}@example.com`
    expect((await request(`${proxy.base}/api/supabase/signin-otp`, json({ email }))).status).toBe(200)
    const real = await codeFor(email)
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0')
    const statuses: Array<number | null> = []
    for (let i = 0; i < 16; i++) {
      statuses.push(
        (await request(`${proxy.base}/api/supabase/verify-otp`, json({ email, token: wrong }))).status,
      )
    }
    const allowed = DEFAULT_RATE_LIMITS.otpVerifyPerEmailIp.points
    expect(statuses.filter((s) => s !== 429)).toHaveLength(allowed)
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true)
  })

  it('wrong passwords: the per-address-and-IP figure holds in total through the proxy', async () => {
    const email = `pw-${crypto.randomBytes(3).toString('hex')}@example.com`
    const statuses: Array<number | null> = []
    for (let i = 0; i < 16; i++) {
      statuses.push(
        (await request(`${proxy.base}/api/supabase/signin`, json({ email, password: 'wrong-password-1' })))
          .status,
      )
    }
    const allowed = DEFAULT_RATE_LIMITS.passwordPerEmailIp.points
    expect(statuses.filter((s) => s !== 429)).toHaveLength(allowed)
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true)
  })

  it('chat messages: the per-owner figure per minute holds in total through the proxy', async () => {
    const owner = owners[0]!
    const messages: Array<{ role: string; content: string; id: string }> = []
    const statuses: Array<number | null> = []
    for (let i = 0; i < 24; i++) {
      messages.push({
        role: 'user',
        content: `Question ${i} about my cat's food?`,
        id: `two-${owner.id}-${i}`,
      })
      const res = await request(
        `${proxy.base}/api/openai/chat`,
        json({ conversationId: owner.conversationId, messages }, owner.token),
      )
      statuses.push(res.status)
      if (res.status !== 200) messages.pop()
      else
        messages.push({
          role: 'assistant',
          content: (JSON.parse(res.body) as { message: string }).message,
          id: `two-${owner.id}-${i}-reply`,
        })
    }
    const allowed = DEFAULT_RATE_LIMITS.chatPerUser.points
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowed)
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true)
  })

  it('a reply whose page dropped is reattached through the proxy and on the other instance, and stored once', async () => {
    const owner = owners[10]!
    const words = Array.from({ length: 30 }, (_, i) => `piece${i} `)
    double.setNext({ reply: words, firstTokenDelayMs: 50, tokenDelayMs: 80 })
    // The question goes to instance 1; the page drops its connection after two pieces.
    const controller = new AbortController()
    let seen = ''
    let pieces = 0
    try {
      const stream = await trpcOf(instances[0]!.base, owner.token).conversation.send.mutate(
        {
          conversationId: owner.conversationId,
          catId: owner.catId,
          content: 'Tell me everything about grooming',
          clientId: 'two-q1',
          replyClientId: 'two-a1',
        },
        { signal: controller.signal },
      )
      for await (const piece of stream) {
        seen += piece
        if (++pieces === 2) controller.abort()
      }
    } catch {
      // the dropped connection ends this reader
    }
    // Pieces already on their way when the page dropped may still have been read.
    expect(seen.length).toBeGreaterThan(0)
    expect(words.join('').startsWith(seen)).toBe(true)
    expect(seen.length).toBeLessThan(words.join('').length)

    // The page loads again through the proxy: the reply is still being written, and reattaching gets
    // all of it, from its first piece. Instance 2 alone can reattach too.
    const viaProxy = trpcOf(proxy.base, owner.token)
    const opened = await viaProxy.conversation.start.mutate({ catId: owner.catId })
    expect(opened.active_reply_id).toBe('two-a1')
    const readAll = async (base: string) => {
      let text = ''
      for await (const piece of await trpcOf(base, owner.token).conversation.resume.mutate({
        conversationId: owner.conversationId,
        replyId: 'two-a1',
      })) {
        text += piece
      }
      return text
    }
    const [throughProxy, onTheOther] = await Promise.all([readAll(proxy.base), readAll(instances[1]!.base)])
    expect(throughProxy).toBe(words.join(''))
    expect(onTheOther).toBe(words.join(''))
    const stored = await suite.database.prisma.conversationMessage.findMany({
      where: { conversationId: owner.conversationId, role: 'assistant', clientId: 'two-a1' },
    })
    expect(stored.map((m) => m.content)).toEqual([words.join('')])
    expect((await viaProxy.conversation.start.mutate({ catId: owner.catId })).active_reply_id).toBeNull()
  })

  it('Stop sent to the other instance stops a reply instance 1 is writing; what was written is stored once', async () => {
    const owner = owners[11]!
    const words = Array.from({ length: 60 }, (_, i) => `slow${i} `)
    double.setNext({ reply: words, firstTokenDelayMs: 50, tokenDelayMs: 100 })
    let seen = ''
    const reading = (async () => {
      const stream = await trpcOf(instances[0]!.base, owner.token).conversation.send.mutate({
        conversationId: owner.conversationId,
        catId: owner.catId,
        content: 'A very long answer, please',
        clientId: 'two-q2',
        replyClientId: 'two-a2',
      })
      for await (const piece of stream) seen += piece
    })()
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const stopped = await trpcOf(instances[1]!.base, owner.token).conversation.stop.mutate({
      conversationId: owner.conversationId,
    })
    expect(stopped).toEqual({ stopped: true })
    await reading
    expect(seen.length).toBeLessThan(words.join('').length)
    // The generating instance stores what was written as it winds the reply up.
    const stored = () =>
      suite.database.prisma.conversationMessage
        .findMany({ where: { conversationId: owner.conversationId, role: 'assistant', clientId: 'two-a2' } })
        .then((rows) => rows.map((m) => m.content))
    await expect.poll(stored, { timeout: 10_000 }).toEqual([seen])
    await new Promise((r) => setTimeout(r, 500))
    expect(await stored()).toEqual([seen])
  })

  it('killing one instance mid-load loses no acknowledged request, and the other keeps serving', async () => {
    // Owners 1-9 write: odd ones create cats, even ones send chat messages with ids (REST).
    const writers = owners.slice(1, 10)
    const acknowledged: Array<{ id: number; name: string; owner: number }> = []
    const answered: Array<{ conversationId: number; id: string }> = []
    const afterKill: Outcome[] = []
    let killed = false
    let stop = false
    const loops = writers.map(async (owner, w) => {
      const messages: Array<{ role: string; content: string; id: string }> = []
      for (let i = 0; !stop; i++) {
        if (w % 2 === 0) {
          const id = `kill-${owner.id}-${i}`
          messages.push({ role: 'user', content: `Message ${i}: is wet food better?`, id })
          const res = await request(
            `${proxy.base}/api/openai/chat`,
            json({ conversationId: owner.conversationId, messages: messages.slice(-1) }, owner.token),
          )
          if (killed && res.status !== 429) afterKill.push(res)
          if (res.status === 200) answered.push({ conversationId: owner.conversationId, id })
          if (res.status === 429) await new Promise((r) => setTimeout(r, 200))
          continue
        }
        // Near the owner's cat quota (50) the writer reads the cats instead of being refused.
        if (acknowledged.filter((a) => a.owner === owner.id).length >= QUOTAS.cats.free - 5) {
          const res = await request(`${proxy.base}/api/supabase/cats`, {
            headers: { authorization: `Bearer ${owner.token}` },
          })
          if (killed) afterKill.push(res)
          continue
        }
        const name = `Load ${w}-${i}`
        const res = await request(`${proxy.base}/api/supabase/cats`, json({ cat_name: name }, owner.token))
        if (killed) afterKill.push(res)
        if (res.status === 200)
          acknowledged.push({ id: (JSON.parse(res.body) as { id: number }).id, name, owner: owner.id })
      }
    })
    await new Promise((r) => setTimeout(r, 1500))
    instances[0]!.child.kill('SIGKILL')
    killed = true
    await new Promise((r) => setTimeout(r, 3000))
    stop = true
    await Promise.all(loops)

    expect(acknowledged.length).toBeGreaterThan(20)
    const rows = await suite.database.prisma.cat.findMany({
      where: { id: { in: acknowledged.map((a) => a.id) } },
      select: { id: true, name: true, userId: true },
    })
    const stored = new Map(rows.map((r) => [r.id, r]))
    const lost = acknowledged.filter(
      (a) => stored.get(a.id)?.name !== a.name || stored.get(a.id)?.userId !== a.owner,
    )
    expect(lost).toEqual([])
    // Every acknowledged chat message is stored exactly once, with exactly one reply.
    expect(answered.length).toBeGreaterThan(5)
    for (const { conversationId, id } of answered) {
      const question = await suite.database.prisma.conversationMessage.findMany({
        where: { conversationId, clientId: id },
      })
      expect(question, id).toHaveLength(1)
      const replies = await suite.database.prisma.conversationMessage.count({
        where: { conversationId, replyToId: question[0]!.id },
      })
      expect(replies, id).toBe(1)
    }
    // After the kill the survivor answers: the last requests all succeeded.
    expect(afterKill.filter((o) => o.status === 200).length).toBeGreaterThan(10)
    const tail = afterKill.slice(-writers.length).map((o) => o.status ?? o.error)
    expect(
      tail.every((status) => status === 200),
      JSON.stringify(afterKill.filter((o) => o.status !== 200).slice(0, 3)),
    ).toBe(true)
    expect(instances[1]!.child.exitCode).toBeNull()
  })
})

// Sessions work on every instance with no extra setting: instances sharing a database share the
// signing secret. Needs the secret kept in the database (the "sessions" work); until then each instance
// makes its own secret under its DATA_DIR and this fails.
describe('two instances without JWT_SECRET on one database', () => {
  it('a token signed by one is accepted by the other', async () => {
    const first = await startInstance({ JWT_SECRET: '' })
    const second = await startInstance({ JWT_SECRET: '' })
    const token = await signIn(first.base, `nosecret-${crypto.randomBytes(3).toString('hex')}@example.com`, [
      first,
    ])
    const res = await request(`${second.base}/api/supabase/cats`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
  })
})
