// Shutdown: the BUILT server (tsc -p tsconfig.server.json, run with node like `npm start` does) on
// PostgreSQL, under load: owners reading their cats, and chat messages in flight (an OpenAI-compatible
// local server answers slowly, so the server is provably in the middle of them). SIGTERM then lets every
// in-flight request finish with 200 and a complete, stored reply; new connections are refused or get
// 503; and the process exits with code 0.
import http from 'node:http'
import { createTRPCClient, httpBatchStreamLink } from '@trpc/client'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppRouter } from '../../server/routers/index.ts'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import {
  type BuiltServer,
  isClearJsonError,
  type Outcome,
  request,
  type Subscriber,
  suiteBuilt,
} from './helpers.ts'

const IN_FLIGHT = 8
const READERS = 6
const REPLY =
  'Cats do best with small meals spread across the day, fresh water in several places, and a quiet spot to eat away from the litter box.'

let double: OpenAiDouble
const suite = suiteBuilt('shutdown', () => double?.close())
let server: BuiltServer
let owners: Subscriber[]

/** One request on a connection of its own (no keep-alive): what a new visitor does. */
function freshConnection(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          body,
          error: null,
        }),
      )
    })
    req.setTimeout(10_000, () => req.destroy(new Error('TIMEOUT')))
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: null, contentType: '', body: '', error: error.code ?? error.message }),
    )
  })
}

beforeAll(async () => {
  owners = await suite.seedSubscribers(IN_FLIGHT + READERS, 'shutdown')
  double = await startOpenAiDouble()
  double.setDefault({ reply: REPLY, firstTokenDelayMs: 800, tokenDelayMs: 25 })
  server = await suite.start({
    OPENAI_API_KEY: 'sk-test-shutdown',
    OPENAI_BASE_URL: double.url,
    GLOBAL_RATE_PER_MINUTE: '100000000',
    CHAT_RATE_PER_MINUTE: '100000000',
  })
})

describe('SIGTERM during load', () => {
  const chats: Array<
    Promise<{ owner: Subscriber; via: string; status: number | null; reply: string; error: string | null }>
  > = []
  const reads: Array<Promise<Outcome>> = []
  let stopping = false
  let probes: Outcome[] = []
  let exit: { code: number | null; signal: NodeJS.Signals | null }

  it('the server is serving: cat reads going, chat messages in flight', async () => {
    const chatters = owners.slice(0, IN_FLIGHT)
    const readers = owners.slice(IN_FLIGHT)
    // Readers loop until SIGTERM is sent.
    for (const owner of readers) {
      reads.push(
        (async () => {
          let last: Outcome = { status: 200, contentType: '', body: '', error: null }
          while (!stopping) {
            const outcome = await request(`${server.base}/api/supabase/cats`, {
              headers: { authorization: `Bearer ${owner.token}` },
            })
            if (outcome.status !== 200) return outcome
            last = outcome
          }
          return last
        })(),
      )
    }
    // Half the messages through REST, half streamed through tRPC as the chat screen sends them.
    chatters.forEach((owner, i) => {
      const clientId = `shutdown-${owner.id}`
      if (i % 2 === 0) {
        chats.push(
          request(`${server.base}/api/openai/chat`, {
            method: 'POST',
            headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              conversationId: owner.conversationId,
              messages: [{ role: 'user', content: 'What should my cat eat?', id: clientId }],
            }),
          }).then((o) => ({
            owner,
            via: 'REST',
            status: o.status,
            reply: o.status === 200 ? (JSON.parse(o.body) as { message: string }).message : o.body,
            error: o.error,
          })),
        )
      } else {
        const api = createTRPCClient<AppRouter>({
          links: [
            httpBatchStreamLink({
              url: `${server.base}/trpc`,
              headers: { authorization: `Bearer ${owner.token}` },
            }),
          ],
        })
        chats.push(
          (async () => {
            try {
              let reply = ''
              const stream = await api.conversation.send.mutate({
                conversationId: owner.conversationId,
                content: 'What should my cat eat?',
                clientId,
              })
              for await (const piece of stream) reply += piece
              return { owner, via: 'tRPC stream', status: 200, reply, error: null }
            } catch (error) {
              return { owner, via: 'tRPC stream', status: null, reply: '', error: (error as Error).message }
            }
          })(),
        )
      }
    })
    // Every message has reached the upstream: the server is in the middle of all of them.
    for (let i = 0; i < 300 && double.requests.length < IN_FLIGHT; i++)
      await new Promise((r) => setTimeout(r, 20))
    expect(double.requests.length).toBe(IN_FLIGHT)
    expect(double.requests.every((r) => r.outcome === 'pending')).toBe(true)
  })

  it('SIGTERM: new connections are refused or answered 503', async () => {
    server.child.kill('SIGTERM')
    stopping = true
    await server.waitForLine(/shutting down/)
    probes = []
    for (let i = 0; i < 3; i++) probes.push(await freshConnection(`${server.base}/api/supabase/cats`))
    const wrong = probes.filter(
      (p) =>
        !(p.status === null && /ECONNREFUSED|ECONNRESET/.test(p.error ?? '')) &&
        !(p.status === 503 && isClearJsonError(p)),
    )
    expect(wrong).toEqual([])
  })

  it('every in-flight request finishes with 200 and the complete reply', async () => {
    const results = await Promise.all(chats)
    const wrong = results
      .filter((r) => r.status !== 200 || r.reply !== REPLY)
      .map((r) => `${r.via} (owner ${r.owner.id}): ${r.status ?? r.error} ${r.reply.slice(0, 100)}`)
    expect(wrong).toEqual([])
    expect(double.requests.every((r) => r.outcome === 'finished')).toBe(true)
  })

  it('cat reads answered 200 until the end, or 503 / a refused connection once closing', async () => {
    const outcomes = await Promise.all(reads)
    const wrong = outcomes.filter(
      (o) =>
        o.status !== 200 &&
        !(o.status === 503 && isClearJsonError(o)) &&
        !(
          o.status === null && /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET|other side closed/i.test(o.error ?? '')
        ),
    )
    expect(wrong).toEqual([])
  })

  it('the process exits with code 0', async () => {
    exit = await server.exited
    // What the server said about its shutdown, for the failure message.
    const said = server.lines
      .filter((line) => !line.includes('"msg":"request"'))
      .slice(-3)
      .map((line) => {
        try {
          return (JSON.parse(line) as { msg?: string }).msg ?? line
        } catch {
          return line
        }
      })
      .join(' / ')
    expect(exit, said).toEqual({ code: 0, signal: null })
    expect(server.lines.some((line) => line.includes('shutdown complete'))).toBe(true)
  })

  it('the in-flight messages and their replies were stored before the database closed', async () => {
    const rows = await suite.database.prisma.conversationMessage.findMany({
      where: { conversationId: { in: owners.slice(0, IN_FLIGHT).map((o) => o.conversationId) } },
      orderBy: { id: 'asc' },
    })
    for (const owner of owners.slice(0, IN_FLIGHT)) {
      const mine = rows.filter((r) => r.conversationId === owner.conversationId)
      expect(mine.map((r) => [r.role, r.role === 'user' ? r.clientId : r.content])).toEqual([
        ['user', `shutdown-${owner.id}`],
        ['assistant', REPLY],
      ])
    }
  })
})
