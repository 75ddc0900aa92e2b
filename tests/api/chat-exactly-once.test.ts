// Every chat message the server acknowledges is stored exactly once, and each reply answers
// the message it belongs to. REST `POST /api/openai/chat` reconciles the client's list by message id
// (position only for messages without one); a retried message whose reply exists gets that reply back.
// The OpenAI-compatible double records what was asked upstream, so "which question was answered" is
// read from the request, not guessed from the reply's text.
import { beforeEach, describe, expect, it } from 'vitest'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { collect } from '../helpers/streams.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'

const openai = suiteOpenAiApp({ double: { tokenDelayMs: 0, firstTokenDelayMs: 0 } })
const t = openai.t
beforeEach(() => {
  openai.double.reset()
})

async function subscriber() {
  const chat = await subscriberInChat(t, {
    cat: { breed: 'Bengal', age: 4 },
    sessionId: (userId) => `session-${userId}-exactly-once`,
  })
  return { ...chat, sessionId: chat.sessionId! }
}

const rows = (conversationId: number) =>
  t.db.conversationMessage.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

/** The newest user message the double was asked about, in order of the requests. */
const askedUpstream = () =>
  openai.double.requests.map((r) => {
    const messages = (r.body as { messages: Array<{ role: string; content: string }> }).messages
    return messages.findLast((m) => m.role === 'user')?.content
  })

type Msg = { id?: string; role: 'user' | 'assistant'; content: string }

async function restChat(token: string, body: { session_id?: string; catId?: number; messages: Msg[] }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/openai/chat',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  })
  return { status: res.statusCode, body: res.json() as { message: string; id: string } }
}

/** The client's list is one new question (`id`, `content`), in the owner's session; the double answers `reply`. */
function askNew(
  chat: { user: { token: string }; cat: { id: number }; sessionId: string },
  id: string,
  content: string,
  reply: string,
) {
  openai.double.setNext({ reply })
  return restChat(chat.user.token, {
    session_id: chat.sessionId,
    catId: chat.cat.id,
    messages: [{ id, role: 'user', content }],
  })
}

describe('POST /api/openai/chat reconciles by message id', () => {
  it('only the newest message, with a new id: stored, answered, and the reply carries its id', async () => {
    const { user, cat, conversation, sessionId } = await subscriber()
    const first = await askNew({ user, cat, sessionId }, 'q1', 'Question one about food', 'First answer.')
    expect(first.status).toBe(200)
    expect(first.body.message).toBe('First answer.')
    expect(first.body.id).toEqual(expect.any(String))

    const second = await askNew({ user, cat, sessionId }, 'q2', 'Question two about play', 'Second answer.')
    expect(second.status).toBe(200)
    expect(second.body.message).toBe('Second answer.')
    expect(second.body.id).not.toBe(first.body.id)
    expect(askedUpstream()).toEqual(['Question one about food', 'Question two about play'])

    const stored = await rows(conversation.id)
    expect(stored.map((r) => [r.role, r.content])).toEqual([
      ['user', 'Question one about food'],
      ['assistant', 'First answer.'],
      ['user', 'Question two about play'],
      ['assistant', 'Second answer.'],
    ])
    expect(stored[0]!.clientId).toBe('q1')
    expect(stored[2]!.clientId).toBe('q2')
    expect(stored[1]!.clientId).toBe(first.body.id)
    expect(stored[3]!.clientId).toBe(second.body.id)
  })

  it('a retried id that already has a reply gets the stored reply: no second reply, no second row', async () => {
    const { user, cat, conversation, sessionId } = await subscriber()
    const body = {
      session_id: sessionId,
      catId: cat.id,
      messages: [
        { id: 'w1', role: 'assistant' as const, content: 'Hi, I am the specialist.' },
        { id: 'q1', role: 'user' as const, content: 'Why does she scratch the sofa?' },
      ],
    }
    openai.double.setNext({ reply: 'Because claws.' })
    const first = await restChat(user.token, body)
    openai.double.setNext({ reply: 'A different second answer.' })
    const retry = await restChat(user.token, body)
    expect(first.status).toBe(200)
    expect(retry).toEqual(first)
    expect(openai.double.requests).toHaveLength(1)
    const stored = await rows(conversation.id)
    expect(stored.map((r) => [r.clientId, r.content])).toEqual([
      ['w1', 'Hi, I am the specialist.'],
      ['q1', 'Why does she scratch the sofa?'],
      [first.body.id, 'Because claws.'],
    ])
  })

  it('the whole list with the reply included, plus a new question: stores only the question, answers it', async () => {
    const { user, cat, conversation, sessionId } = await subscriber()
    const q1 = { id: 'q1', role: 'user' as const, content: 'First?' }
    openai.double.setNext({ reply: 'One.' })
    const first = await restChat(user.token, { session_id: sessionId, catId: cat.id, messages: [q1] })
    openai.double.setNext({ reply: 'Two.' })
    const second = await restChat(user.token, {
      session_id: sessionId,
      catId: cat.id,
      messages: [
        q1,
        { id: first.body.id, role: 'assistant', content: first.body.message },
        { id: 'q2', role: 'user', content: 'Second?' },
      ],
    })
    expect(second.body.message).toBe('Two.')
    expect(askedUpstream()).toEqual(['First?', 'Second?'])
    expect((await rows(conversation.id)).map((r) => r.content)).toEqual(['First?', 'One.', 'Second?', 'Two.'])
  })

  it('clients that send no ids (docs/product.md §7): the whole copy each time, each question answered once', async () => {
    const { user, cat, conversation, sessionId } = await subscriber()
    const welcome = { role: 'assistant' as const, content: 'Hello! How can I help?' }
    const q1 = { role: 'user' as const, content: 'Is a cardboard box a good toy?' }
    openai.double.setNext({ reply: 'Sometimes.' })
    const first = await restChat(user.token, {
      session_id: sessionId,
      catId: cat.id,
      messages: [welcome, q1],
    })
    expect(first.body.message).toBe('Sometimes.')

    // A retry of the same list: the question is stored and answered already (nothing is asked upstream).
    const retry = await restChat(user.token, {
      session_id: sessionId,
      catId: cat.id,
      messages: [welcome, q1],
    })
    expect(retry.body).toEqual(first.body)

    const q2 = { role: 'user' as const, content: 'And a paper bag?' }
    openai.double.setNext({ reply: 'Cooked, yes.' })
    const second = await restChat(user.token, {
      session_id: sessionId,
      catId: cat.id,
      messages: [welcome, q1, { role: 'assistant', content: 'Sometimes.' }, q2],
    })
    expect(second.body.message).toBe('Cooked, yes.')

    // Only the newest message, without an id: it is new, so it is stored and answered.
    const q3 = { role: 'user' as const, content: 'What about a laser pointer?' }
    openai.double.setNext({ reply: 'Better not.' })
    const third = await restChat(user.token, { session_id: sessionId, catId: cat.id, messages: [q3] })
    expect(third.body.message).toBe('Better not.')

    expect(askedUpstream()).toEqual([
      'Is a cardboard box a good toy?',
      'And a paper bag?',
      'What about a laser pointer?',
    ])
    expect((await rows(conversation.id)).map((r) => r.content)).toEqual([
      'Hello! How can I help?',
      'Is a cardboard box a good toy?',
      'Sometimes.',
      'And a paper bag?',
      'Cooked, yes.',
      'What about a laser pointer?',
      'Better not.',
    ])
  })

  it('two concurrent retries of one message store one question and one reply', async () => {
    const { user, cat, conversation, sessionId } = await subscriber()
    openai.double.setDefault({ reply: 'Once only.', tokenDelayMs: 20 })
    const body = {
      session_id: sessionId,
      catId: cat.id,
      messages: [{ id: 'race-q', role: 'user' as const, content: 'Racing question' }],
    }
    const [a, b] = await Promise.all([restChat(user.token, body), restChat(user.token, body)])
    openai.double.setDefault({ reply: 'Hello from the test openai.double.' })
    expect(a.status).toBe(200)
    expect(b).toEqual(a)
    expect((await rows(conversation.id)).map((r) => r.content)).toEqual(['Racing question', 'Once only.'])
  })
})

describe('tRPC conversation.send retried', () => {
  it('a retry of a message whose reply is stored gets that reply, with no new generation or row', async () => {
    const { api, conversation, cat } = await subscriber()
    const send = () =>
      api.conversation.send({
        conversationId: conversation.id,
        catId: cat.id,
        content: 'Is catnip safe?',
        clientId: 'retry-u1',
        replyClientId: 'retry-a1',
      })
    openai.double.setNext({ reply: 'Yes, in moderation.' })
    const first = await collect(await send())
    openai.double.setNext({ reply: 'A second, different reply.' })
    const again = await collect(await send())
    expect(first).toBe('Yes, in moderation.')
    expect(again).toBe(first)
    expect(openai.double.requests).toHaveLength(1)
    const stored = await rows(conversation.id)
    expect(stored.map((r) => [r.role, r.clientId, r.content])).toEqual([
      ['user', 'retry-u1', 'Is catnip safe?'],
      ['assistant', 'retry-a1', 'Yes, in moderation.'],
    ])
  })
})

describe('reply streams of different conversations', () => {
  it('never mix when two owners send the same reply id at once', async () => {
    const one = await subscriber()
    const two = await subscriber()
    const words = (tag: string) => Array.from({ length: 8 }, (_, i) => `${tag}${i} `)
    openai.double.setNext({ reply: words('one'), tokenDelayMs: 20 })
    openai.double.setNext({ reply: words('two'), tokenDelayMs: 20 })
    const read = async (owner: Awaited<ReturnType<typeof subscriber>>, content: string) => {
      let text = ''
      for await (const piece of await owner.api.conversation.send({
        conversationId: owner.conversation.id,
        catId: owner.cat.id,
        content,
        clientId: 'same-question-id',
        replyClientId: 'same-reply-id',
      })) {
        text += piece
      }
      return text
    }
    const [first, second] = await Promise.all([read(one, 'First question'), read(two, 'Second question')])
    // Each owner reads one whole reply, the one stored in their own conversation, and nothing of the other's.
    for (const [owner, text] of [
      [one, first],
      [two, second],
    ] as const) {
      expect([words('one').join(''), words('two').join('')]).toContain(text)
      const stored = await t.db.conversationMessage.findMany({
        where: { conversationId: owner.conversation.id, role: 'assistant' },
      })
      expect(stored.map((m) => m.content)).toEqual([text])
    }
    expect(first).not.toBe(second)
  })
})
