// The chat and interview procedures on the OpenAI-compatible path: the app configured with OPENAI_API_KEY and
// OPENAI_BASE_URL of the local double, plain and streaming, through callers, REST and tRPC over real HTTP.
import { createTRPCClient, httpBatchStreamLink, TRPCClientError } from '@trpc/client'
import { TRPCError } from '@trpc/server'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppRouter } from '../../server/routers/index.ts'
import { CHAT_HISTORY_WINDOW } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import type { RecordedRequest } from '../doubles/openai-server.ts'
import { suiteListening } from '../helpers/app.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'
import { trpcFailure } from '../helpers/trpc-errors.ts'

const openai = suiteOpenAiApp()
const t = openai.t
const server = suiteListening(t)

interface SentBody {
  stream?: boolean
  messages: Array<{ role: string; content: string }>
}
const sent = (request: RecordedRequest | undefined) => request?.body as SentBody

beforeEach(() => {
  openai.double.reset()
})

const subscriber = (catName = 'Luna') =>
  subscriberInChat(t, {
    cat: { name: catName, breed: 'Bengal', age: 4, issuesFaced: ['scratching'] },
    subscription: { status: 'active' },
  })

const rows = (conversationId: number) =>
  t.db.conversationMessage.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

/** The browser's client: tRPC over HTTP with the streaming batch link. */
function httpClient(token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchStreamLink({
        url: `${server.url}/trpc`,
        headers: () => ({ authorization: `Bearer ${token}` }),
      }),
    ],
  })
}

describe('conversation.send on the OpenAI path (streaming)', () => {
  it("streams the model's pieces in order, with the cat's profile and the owner message sent upstream", async () => {
    const { api, conversation, cat } = await subscriber('Tiger')
    openai.double.setNext({ reply: ['Tiger ', 'can ', 'have ', '**two** ', 'meals.'] })
    const stream = await api.conversation.send({
      conversationId: conversation.id,
      catId: cat.id,
      content: 'How often should I feed him?',
      clientId: 'u1',
      replyClientId: 'a1',
    })
    const pieces: string[] = []
    for await (const piece of stream) pieces.push(piece)
    expect(pieces).toEqual(['Tiger ', 'can ', 'have ', '**two** ', 'meals.'])
    const body = sent(openai.double.requests[0])
    expect(body.stream).toBe(true)
    expect(body.messages[0]!.role).toBe('system')
    expect(body.messages[0]!.content).toContain('Tiger')
    expect(body.messages[0]!.content).toContain('Bengal')
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'How often should I feed him?' })
    expect((await rows(conversation.id)).map((r) => [r.role, r.content, r.clientId])).toEqual([
      ['user', 'How often should I feed him?', 'u1'],
      ['assistant', 'Tiger can have **two** meals.', 'a1'],
    ])
  })

  it('sends only the bounded window of a long conversation upstream', async () => {
    const { api, conversation } = await subscriber()
    const list = Array.from({ length: 90 }, (_, i) => ({
      id: `w${i}`,
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `older ${i}`,
    }))
    await api.conversation.update({ id: conversation.id, messages: list })
    openai.double.setNext({ reply: 'Sure.' })
    for await (const _ of await api.conversation.send({
      conversationId: conversation.id,
      content: 'Latest',
      clientId: 'n',
    })) {
      // drain
    }
    const body = sent(openai.double.requests[0])
    expect(body.messages).toHaveLength(1 + CHAT_HISTORY_WINDOW)
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Latest' })
    // The client wrote the list's 'assistant' turns: never sent as the specialist's own.
    expect(body.messages.filter((m) => m.role === 'assistant')).toEqual([])
    expect(body.messages[1]).toEqual({ role: 'user', content: `older ${90 - 2 * (CHAT_HISTORY_WINDOW - 1)}` })
  })

  it('an upstream failure is a 503 with the catalogue text; nothing of the reply is saved; Retry works', async () => {
    const { api, conversation } = await subscriber()
    openai.double.setNext({ status: 500 }, 2)
    const stream = await api.conversation.send({
      conversationId: conversation.id,
      content: 'Help?',
      clientId: 'r1',
    })
    let caught: unknown
    try {
      for await (const _ of stream) {
        // nothing arrives
      }
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(TRPCError)
    expect((caught as TRPCError).code).toBe('SERVICE_UNAVAILABLE')
    expect((caught as TRPCError).message).toBe(ERRORS.assistantUnavailable)
    expect((await rows(conversation.id)).map((r) => r.role)).toEqual(['user'])
    openai.double.setNext({ reply: 'Here to help.' })
    let text = ''
    for await (const piece of await api.conversation.send({
      conversationId: conversation.id,
      content: 'Help?',
      clientId: 'r1',
    })) {
      text += piece
    }
    expect(text).toBe('Here to help.')
    expect((await rows(conversation.id)).map((r) => r.role)).toEqual(['user', 'assistant'])
  })

  it('over HTTP: pieces arrive before the reply is complete, and the error code survives the stream', async () => {
    const { user, conversation } = await subscriber()
    const client = httpClient(user.token)
    openai.double.setNext({ reply: ['one ', 'two ', 'three ', 'four'], tokenDelayMs: 300 })
    const stream = await client.conversation.send.mutate({
      conversationId: conversation.id,
      content: 'Count',
      clientId: 'h1',
    })
    const arrivals: Array<{ piece: string; upstreamDone: boolean }> = []
    for await (const piece of stream) {
      arrivals.push({ piece, upstreamDone: openai.double.requests[0]?.outcome !== 'pending' })
    }
    expect(arrivals.map((a) => a.piece)).toEqual(['one ', 'two ', 'three ', 'four'])
    // The first piece reached the browser while the model was still writing.
    expect(arrivals[0]!.upstreamDone).toBe(false)

    const stranger = await t.signIn()
    const refused = await httpClient(stranger.token)
      .conversation.send.mutate({ conversationId: conversation.id, content: 'x', clientId: 'h2' })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TRPCClientError)
    expect((refused as TRPCClientError<AppRouter>).data?.code).toBe('PAYMENT_REQUIRED')
  })

  it('over HTTP: a dropped request does not stop the reply; Stop does, and the partial reply is kept', async () => {
    // The reply no longer depends on the browser's connection. Dropping the
    // request lets the reply go on (to be resumed); conversation.stop cancels the upstream call.
    const { user, conversation } = await subscriber()
    const client = httpClient(user.token)
    openai.double.setNext({
      reply: [
        'Brush ',
        'her ',
        'twice ',
        'a ',
        'week ',
        'and ',
        'comb ',
        'out ',
        'the ',
        'knots ',
        'and ',
        'more.',
      ],
      tokenDelayMs: 200,
    })
    const controller = new AbortController()
    const stream = await client.conversation.send.mutate(
      { conversationId: conversation.id, content: 'Grooming?', clientId: 's1', replyClientId: 's1-reply' },
      { signal: controller.signal },
    )
    let received = ''
    try {
      for await (const piece of stream) {
        received += piece
        if (received.split(' ').length > 2) controller.abort()
      }
    } catch {
      // the aborted iteration ends with an AbortError
    }
    // The upstream goes on writing after the drop (a drop that ended it would stop its pieces).
    const atDrop = openai.double.requests[0]!.piecesSent
    await expect
      .poll(() => openai.double.requests[0]!.piecesSent, { timeout: 5000 })
      .toBeGreaterThanOrEqual(atDrop + 2)
    expect(openai.double.requests[0]!.outcome).toBe('pending')
    expect(await client.conversation.stop.mutate({ conversationId: conversation.id })).toEqual({
      stopped: true,
    })
    expect(await openai.double.requests[0]!.settled).toBe('aborted')
    await expect
      .poll(async () => (await rows(conversation.id)).map((r) => r.role), { timeout: 5000 })
      .toEqual(['user', 'assistant'])
    const reply = (await rows(conversation.id))[1]!
    expect(reply.clientId).toBe('s1-reply')
    expect(reply.content.startsWith('Brush her')).toBe(true)
    expect(reply.content).not.toContain('more.')
  })
})

describe('POST /api/openai/chat on the OpenAI path (the same code, not streamed)', () => {
  it('answers {message} and saves the reply', async () => {
    const { user, cat, conversation } = await subscriber('Nala')
    openai.double.setNext({ reply: 'Nala should drink plenty of water.' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        session_id: 'rest-chat-session',
        catId: String(cat.id),
        messages: [{ role: 'user', content: 'Water?' }],
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      urgency: 'routine',
      message: 'Nala should drink plenty of water.',
      id: expect.any(String),
    })
    expect((await rows(conversation.id)).map((r) => r.content)).toEqual([
      'Water?',
      'Nala should drink plenty of water.',
    ])
  })

  it('answers 503 with the catalogue text when the upstream fails, never its body', async () => {
    const { user } = await subscriber()
    openai.double.setNext({ status: 401 }, 2)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { messages: [{ role: 'user', content: 'Hello' }] },
    })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({
      error: ERRORS.assistantUnavailable,
      code: 'ASSISTANT_UNAVAILABLE',
      retry_after_seconds: Number(res.headers['retry-after']),
    })
    expect(res.body).not.toContain('Incorrect API key')
  })
})

describe('the receptionist on the OpenAI path (plain completions)', () => {
  it('interview.reply returns the model line; check parses structured output', async () => {
    const owner = await t.signIn()
    openai.double.setNext({ reply: 'Lovely! How old is Luna?' })
    const reply = await (await t.caller(owner.token)).interview.reply({
      field: 'age',
      messages: [{ role: 'user', content: 'Luna' }],
    })
    expect(reply).toEqual({
      message: 'Lovely! How old is Luna?',
      assistantResponses: ['Lovely! How old is Luna?'],
    })
    expect(sent(openai.double.requests[0]).stream).not.toBe(true)

    openai.double.setNext({ json: { satisfied: 'true', answer: 'Luna', reason: '' } })
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/openai/interview/check',
      payload: { field: 'cat_name', messages: [{ role: 'user', content: 'her name is luna' }] },
    })
    expect(check.json()).toEqual({ satisfied: 'true', answer: 'Luna', reason: '' })
  })

  it('an upstream failure of the reply is a 503 the client retries', async () => {
    const owner = await t.signIn()
    openai.double.setNext({ status: 503 }, 2)
    const error = await trpcFailure(
      (await t.caller(owner.token)).interview.reply({
        field: 'age',
        messages: [{ role: 'user', content: 'x' }],
      }),
    )
    expect(error.code).toBe('SERVICE_UNAVAILABLE')
  })
})
