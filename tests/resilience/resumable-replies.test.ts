// A reply does not depend on the browser's connection. Two instances of the app (buildApp,
// each listening on its own port) share one PostgreSQL database and Redis (a random key prefix per run),
// as several instances behind a load balancer do. A slow OpenAI-compatible double writes the replies.
// - A reply starts on instance 1; the page drops its connection after two pieces; instance 2 reports
//   the reply still being written (conversation.start) and reattaches (conversation.resume): it gets
//   the WHOLE reply, from its first piece; the reply is stored once.
// - Stop sent to instance 2 stops the generation running on instance 1 (the upstream call is
//   cancelled); what was written is stored once, and instance 1's reader ends with exactly that.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { createTRPCClient, httpBatchStreamLink } from '@trpc/client'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { createLogger } from '../../server/logger.ts'
import type { AppRouter } from '../../server/routers/index.ts'
import { createServices } from '../../server/services/index.ts'
import { createRedisReplyStreams } from '../../server/services/streams/redis.ts'
import type { ReplyStreams } from '../../server/services/streams/types.ts'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import { freshDatabase } from '../helpers/database.ts'
import { readAndStopOnce } from '../helpers/streams.ts'
import { type Subscriber, seedSubscribers } from './helpers.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const PREFIX = `kc-test-${crypto.randomBytes(4).toString('hex')}:`
const JWT_SECRET = `resumable-${crypto.randomBytes(16).toString('hex')}`
const WORDS = Array.from({ length: 24 }, (_, i) => `word${i} `)
const FULL_REPLY = WORDS.join('')

let database: Awaited<ReturnType<typeof freshDatabase>>
let double: OpenAiDouble
let dataDir: string
const instances: Array<{ app: FastifyInstance; base: string; streams: ReplyStreams }> = []
let owner: Subscriber

async function startInstance() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET,
    REDIS_URL,
    OPENAI_API_KEY: 'sk-test-resumable',
    OPENAI_BASE_URL: double.url,
    LOG_LEVEL: 'warn',
  })
  const log = createLogger(
    config.LOG_LEVEL,
    new Writable({
      write(_chunk, _encoding, done) {
        done()
      },
    }),
  )
  const streams = createRedisReplyStreams(REDIS_URL, log, PREFIX)
  const services = await createServices(config, database.prisma, log, { streams })
  const app = await buildApp({ services, clientDir: path.join(dataDir, 'no-client') })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, base, streams, services }
}

function client(base: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchStreamLink({ url: `${base}/trpc`, headers: { authorization: `Bearer ${owner.token}` } }),
    ],
  })
}

const replies = () =>
  database.prisma.conversationMessage.findMany({
    where: { conversationId: owner.conversationId, role: 'assistant' },
    orderBy: { id: 'asc' },
  })

beforeAll(async () => {
  database = await freshDatabase()
  double = await startOpenAiDouble()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-resumable-'))
  const first = await startInstance()
  instances.push(first, await startInstance())
  const seeded = await seedSubscribers(database.prisma, (u) => first.services.tokens.issue(u), 1, 'resumable')
  owner = seeded[0]!
})

afterAll(async () => {
  for (const instance of instances) {
    instance.app.server.closeAllConnections()
    await instance.app.close()
    await instance.streams.close()
  }
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${PREFIX}*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
  await double?.close()
  await database?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a reply shared by two instances through Redis', () => {
  it('goes on when the page drops its connection, and the other instance reattaches to the whole of it', async () => {
    const [one, two] = instances
    double.setNext({ reply: WORDS, firstTokenDelayMs: 50, tokenDelayMs: 100 })
    const controller = new AbortController()
    const stream = await client(one!.base).conversation.send.mutate(
      {
        conversationId: owner.conversationId,
        catId: owner.catId,
        content: 'Tell me a long story',
        clientId: 'resume-q1',
        replyClientId: 'resume-a1',
      },
      { signal: controller.signal },
    )
    let seen = ''
    let pieces = 0
    try {
      for await (const piece of stream) {
        seen += piece
        if (++pieces === 2) controller.abort()
      }
    } catch {
      // the dropped connection ends this reader with an AbortError
    }
    expect(seen).toBe(WORDS.slice(0, 2).join(''))

    // The page loads again, on the other instance: the reply is still being written there.
    const other = client(two!.base)
    const opened = await other.conversation.start.mutate({ catId: owner.catId })
    expect(opened.active_reply_id).toBe('resume-a1')
    expect(opened.messages.map((m) => m.id)).toEqual(['resume-q1'])
    let resumed = ''
    let piecesAfterReattach = 0
    for await (const piece of await other.conversation.resume.mutate({
      conversationId: owner.conversationId,
      replyId: 'resume-a1',
    })) {
      resumed += piece
      piecesAfterReattach++
    }
    expect(resumed).toBe(FULL_REPLY)
    expect(piecesAfterReattach).toBeGreaterThan(2)
    expect(double.requests).toHaveLength(1)
    expect(double.requests[0]!.outcome).toBe('finished')

    const stored = await replies()
    expect(stored.map((r) => [r.clientId, r.content])).toEqual([['resume-a1', FULL_REPLY]])
    expect((await other.conversation.start.mutate({ catId: owner.catId })).active_reply_id).toBeNull()
    // Reattaching after the end reads the stored reply.
    let again = ''
    for await (const piece of await other.conversation.resume.mutate({
      conversationId: owner.conversationId,
      replyId: 'resume-a1',
    }))
      again += piece
    expect(again).toBe(FULL_REPLY)
  })

  it('Stop from instance 2 stops the generation on instance 1; what was written is stored once', async () => {
    const [one, two] = instances
    double.reset()
    double.setNext({ reply: WORDS, firstTokenDelayMs: 50, tokenDelayMs: 150 })
    const stream = await client(one!.base).conversation.send.mutate({
      conversationId: owner.conversationId,
      catId: owner.catId,
      content: 'Another long story, please',
      clientId: 'stop-q2',
      replyClientId: 'stop-a2',
    })
    const { received, stopped } = await readAndStopOnce(
      stream,
      async () => {
        expect(
          await client(two!.base).conversation.stop.mutate({ conversationId: owner.conversationId }),
        ).toEqual({
          stopped: true,
        })
      },
      (sofar) => sofar.split(' ').length > 3,
    )
    expect(stopped).toBe(true)
    expect(await double.requests[0]!.settled).toBe('aborted')
    expect(received.length).toBeGreaterThan(0)
    expect(received.length).toBeLessThan(FULL_REPLY.length)
    expect(FULL_REPLY.startsWith(received)).toBe(true)
    const stored = (await replies()).filter((r) => r.clientId === 'stop-a2')
    expect(stored.map((r) => r.content)).toEqual([received])
  })
})
