// The conversation router through tRPC callers and the REST rows, on a real database, offline assistant.
import { describe, expect, it } from 'vitest'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { CHAT_HISTORY_WINDOW } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { collect, readAndStopOnce } from '../helpers/streams.ts'
import { grantSubscription, subscriberInChat } from '../helpers/subscribers.ts'
import { trpcFailure } from '../helpers/trpc-errors.ts'

// A small message budget so the 429 can be reached; every other test uses its own user.
const t = suiteApp(() =>
  createTestApp({
    overrides: { limits: createRateLimits({ chatPerUser: { points: 6, durationSeconds: 60 } }) },
  }),
)

const subscribe = (userId: number, over: { status?: string; endDate?: Date } = {}) =>
  grantSubscription(t.db, userId, { endDate: new Date(Date.now() + 3 * 86_400_000), ...over })

/** A signed-in subscriber with a cat and a conversation. */
const subscriber = (catName = 'Luna') =>
  subscriberInChat(t, {
    cat: { name: catName, breed: 'Siamese', age: 3 },
    subscription: { endDate: new Date(Date.now() + 3 * 86_400_000) },
    sessionId: (userId) => `session-${userId}-abcdef`,
  })

const rows = (conversationId: number) =>
  t.db.conversationMessage.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

describe('conversation.create / list', () => {
  it('creates a conversation for the owner and lists it; the same session gets the same one back', async () => {
    const user = await t.signIn()
    const api = await t.caller(user.token)
    const first = await api.conversation.create({ session_id: 'browser-session-1' })
    const again = await api.conversation.create({ session_id: 'browser-session-1' })
    const other = await api.conversation.create({})
    expect(again.id).toBe(first.id)
    expect(other.id).not.toBe(first.id)
    expect(first.session_id).toBe('browser-session-1')
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    const list = await api.conversation.list()
    expect(list.map((c) => c.id).sort()).toEqual([first.id, other.id].sort())
  })

  it('needs a session token', async () => {
    const api = await t.caller()
    expect((await trpcFailure(api.conversation.list())).code).toBe('UNAUTHORIZED')
    expect((await trpcFailure(api.conversation.create({}))).message).toBe(ERRORS.notAuthenticated)
  })

  it("lists only the owner's conversations", async () => {
    const a = await subscriber()
    const b = await t.signIn()
    const list = await (await t.caller(b.token)).conversation.list()
    expect(list.map((c) => c.id)).not.toContain(a.conversation.id)
  })
})

describe('conversation.update: append-only persistence', () => {
  const msg = (id: string, role: 'user' | 'assistant', content: string) => ({
    id,
    role,
    content,
    timestamp: new Date().toISOString(),
  })

  it('stores a whole list once; resending it appends nothing; a longer list appends only the new tail', async () => {
    const { api, conversation } = await subscriber()
    const list = [
      msg('w1', 'assistant', 'Hi!'),
      msg('w2', 'assistant', 'How can I help?'),
      msg('u1', 'user', 'Hello'),
    ]
    expect(await api.conversation.update({ id: conversation.id, messages: list })).toEqual({
      id: conversation.id,
      appended: 3,
    })
    expect(await api.conversation.update({ id: conversation.id, messages: list })).toMatchObject({
      appended: 0,
    })
    const longer = [...list, msg('a1', 'assistant', 'Hello to you'), msg('u2', 'user', 'Thanks')]
    expect(await api.conversation.update({ id: conversation.id, messages: longer })).toMatchObject({
      appended: 2,
    })
    const stored = await rows(conversation.id)
    expect(stored.map((r) => r.clientId)).toEqual(['w1', 'w2', 'u1', 'a1', 'u2'])
    expect(stored.map((r) => r.content)).toEqual([
      'Hi!',
      'How can I help?',
      'Hello',
      'Hello to you',
      'Thanks',
    ])
  })

  it('matches lists without ids by position, and drops empty messages', async () => {
    const { api, conversation } = await subscriber()
    const plain = [
      { role: 'assistant' as const, content: 'Welcome' },
      { role: 'user' as const, content: '   ' },
      { role: 'user' as const, content: 'Hi' },
    ]
    expect(await api.conversation.update({ id: conversation.id, messages: plain })).toMatchObject({
      appended: 2,
    })
    expect(await api.conversation.update({ id: conversation.id, messages: plain })).toMatchObject({
      appended: 0,
    })
    const more = [...plain, { role: 'assistant' as const, content: 'Hello!' }]
    expect(await api.conversation.update({ id: conversation.id, messages: more })).toMatchObject({
      appended: 1,
    })
    expect((await rows(conversation.id)).map((r) => r.content)).toEqual(['Welcome', 'Hi', 'Hello!'])
  })

  it('never stores a message id twice, even when two PUTs of the same list race', async () => {
    const { api, conversation } = await subscriber()
    const list = Array.from({ length: 8 }, (_, i) =>
      msg(`race-${i}`, i % 2 ? 'assistant' : 'user', `message ${i}`),
    )
    const results = await Promise.all([
      api.conversation.update({ id: conversation.id, messages: list }),
      api.conversation.update({ id: conversation.id, messages: list }),
      api.conversation.update({ id: conversation.id, messages: list.slice(0, 5) }),
    ])
    expect(results.reduce((sum, r) => sum + r.appended, 0)).toBe(8)
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(8)
  })

  it("answers another owner's conversation with 404 and stores nothing", async () => {
    const a = await subscriber()
    const b = await subscriber()
    const error = await trpcFailure(
      b.api.conversation.update({ id: a.conversation.id, messages: [msg('x', 'user', 'not yours')] }),
    )
    expect(error.code).toBe('NOT_FOUND')
    expect(await t.db.conversationMessage.count({ where: { conversationId: a.conversation.id } })).toBe(0)
    expect((await trpcFailure(b.api.conversation.update({ id: 999_999, messages: [] }))).code).toBe(
      'NOT_FOUND',
    )
  })

  it('refuses ids beyond the database range with 400, and a deleted account with 401', async () => {
    const { api } = await subscriber()
    for (const call of [
      api.conversation.update({ id: 2_147_483_648, messages: [] }),
      api.conversation.history({ id: 1, before: 2 ** 40 }),
      api.conversation.start({ catId: '1e21' }),
    ]) {
      expect((await trpcFailure(call)).code).toBe('BAD_REQUEST')
    }
    const gone = await t.signIn()
    await t.db.user.delete({ where: { id: gone.id } })
    const ghost = await t.caller(gone.token)
    expect((await trpcFailure(ghost.conversation.create({}))).code).toBe('UNAUTHORIZED')
    expect((await trpcFailure(ghost.conversation.start({}))).code).toBe('UNAUTHORIZED')
  })

  it('refuses control characters in ids and drops NUL from texts (PostgreSQL text cannot hold it)', async () => {
    const { api, conversation } = await subscriber()
    const badId = await trpcFailure(
      api.conversation.update({
        id: conversation.id,
        messages: [{ id: 'a\u0000b', role: 'user', content: 'x' }],
      }),
    )
    expect(badId.code).toBe('BAD_REQUEST')
    expect((await trpcFailure(api.conversation.create({ session_id: 'session\u0000-with-nul' }))).code).toBe(
      'BAD_REQUEST',
    )
    await api.conversation.update({
      id: conversation.id,
      messages: [{ id: 'n1', role: 'user', content: 'he\u0000llo' }],
    })
    expect((await rows(conversation.id)).map((r) => r.content)).toEqual(['hello'])
  })

  it('refuses bad input with a readable 400', async () => {
    const { api, conversation } = await subscriber()
    const error = await trpcFailure(
      api.conversation.update({
        id: conversation.id,
        messages: [{ role: 'system' as 'user', content: 'x' }],
      }),
    )
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toMatch(/role/)
  })
})

describe('conversation.send: the streamed specialist reply', () => {
  it('saves the owner message first, streams the reply in pieces and saves it', async () => {
    const { api, conversation, cat } = await subscriber('Mochi')
    const stream = await api.conversation.send({
      conversationId: conversation.id,
      catId: cat.id,
      content: 'How much should my cat eat each day?',
      clientId: 'u-1',
      replyClientId: 'a-1',
    })
    const pieces: string[] = []
    for await (const piece of stream) pieces.push(piece)
    expect(pieces.length).toBeGreaterThan(1)
    const reply = pieces.join('')
    expect(reply).toContain('Mochi')
    const stored = await rows(conversation.id)
    expect(stored.map((r) => [r.role, r.clientId])).toEqual([
      ['user', 'u-1'],
      ['assistant', 'a-1'],
    ])
    expect(stored[1]!.content).toBe(reply)
  })

  it('a retry with the same message id stores neither the owner message nor the reply twice', async () => {
    const { api, conversation } = await subscriber()
    const send = () =>
      api.conversation.send({
        conversationId: conversation.id,
        content: 'Is tuna okay?',
        clientId: 'same-id',
      })
    const first = await collect(await send())
    // A retried message whose reply is stored gets that reply back, not a second one.
    expect(await collect(await send())).toBe(first)
    const stored = await rows(conversation.id)
    expect(stored.filter((r) => r.role === 'user')).toHaveLength(1)
    expect(stored.filter((r) => r.role === 'assistant')).toHaveLength(1)
  })

  it('a whole-list PUT after streamed replies appends nothing twice', async () => {
    const { api, conversation } = await subscriber()
    const reply = await collect(
      await api.conversation.send({
        conversationId: conversation.id,
        content: 'Hi',
        clientId: 'u1',
        replyClientId: 'a1',
      }),
    )
    const list = [
      { id: 'u1', role: 'user' as const, content: 'Hi' },
      { id: 'a1', role: 'assistant' as const, content: reply },
    ]
    expect(await api.conversation.update({ id: conversation.id, messages: list })).toMatchObject({
      appended: 0,
    })
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(2)
  })

  it('refuses blank messages and missing ids with 400', async () => {
    const { api, conversation } = await subscriber()
    const blank = await trpcFailure(
      api.conversation.send({ conversationId: conversation.id, content: '  \n ', clientId: 'b' }),
    )
    expect(blank.code).toBe('BAD_REQUEST')
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(0)
  })

  it("answers another owner's conversation or cat with 404", async () => {
    const a = await subscriber()
    const b = await subscriber()
    const otherConversation = await trpcFailure(
      b.api.conversation.send({ conversationId: a.conversation.id, content: 'hello', clientId: 'x1' }),
    )
    expect(otherConversation.code).toBe('NOT_FOUND')
    const otherCat = await trpcFailure(
      b.api.conversation.send({
        conversationId: b.conversation.id,
        catId: a.cat.id,
        content: 'hello',
        clientId: 'x2',
      }),
    )
    expect(otherCat.code).toBe('NOT_FOUND')
    expect(await t.db.conversationMessage.count({ where: { conversationId: a.conversation.id } })).toBe(0)
  })

  it('needs an active or trialing subscription that has not ended (402)', async () => {
    const cases: Array<{ status?: string; endDate?: Date } | null> = [
      null,
      { status: 'canceled' },
      { status: 'past_due' },
      { status: 'active', endDate: new Date(Date.now() - 1000) },
    ]
    for (const sub of cases) {
      const user = await t.signIn()
      if (sub) await subscribe(user.id, sub)
      const api = await t.caller(user.token)
      const conversation = await api.conversation.create({})
      const error = await trpcFailure(
        api.conversation.send({ conversationId: conversation.id, content: 'Hello', clientId: 'p1' }),
      )
      expect(error.code, JSON.stringify(sub)).toBe('PAYMENT_REQUIRED')
      expect(error.message).toBe(ERRORS.subscriptionRequired)
      expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(0)
    }
    const active = await t.signIn()
    await subscribe(active.id, { status: 'active' })
    const api = await t.caller(active.token)
    const conversation = await api.conversation.create({})
    expect(
      await collect(
        await api.conversation.send({ conversationId: conversation.id, content: 'Hi', clientId: 'ok' }),
      ),
    ).not.toBe('')
  })

  it('limits the messages of one owner (429) without touching other owners', async () => {
    const { api, conversation } = await subscriber()
    for (let i = 0; i < 6; i++) {
      await collect(
        await api.conversation.send({
          conversationId: conversation.id,
          content: `Question ${i}`,
          clientId: `q${i}`,
        }),
      )
    }
    const error = await trpcFailure(
      api.conversation.send({ conversationId: conversation.id, content: 'One more', clientId: 'q6' }),
    )
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(error.message).toBe(ERRORS.tooManyRequests)
    expect(
      await t.db.conversationMessage.count({ where: { conversationId: conversation.id, role: 'user' } }),
    ).toBe(6)
    const other = await subscriber()
    expect(
      await collect(
        await other.api.conversation.send({
          conversationId: other.conversation.id,
          content: 'Hi',
          clientId: 'o1',
        }),
      ),
    ).not.toBe('')
  })

  it('Stop (conversation.stop) ends the reply and keeps what was written so far', async () => {
    // What ends a reply: a dropped request no longer does (the reply is resumable);
    // Stop is its own call, which any instance can serve.
    const { user, conversation } = await subscriber()
    const api = await t.caller(user.token)
    const stream = await api.conversation.send({
      conversationId: conversation.id,
      content: 'Tell me everything about grooming a long-haired cat',
      clientId: 'stop-u',
      replyClientId: 'stop-a',
    })
    const { received } = await readAndStopOnce(stream, async () => {
      expect(await api.conversation.stop({ conversationId: conversation.id })).toEqual({ stopped: true })
    })
    const stored = await rows(conversation.id)
    expect(stored.map((r) => r.clientId)).toEqual(['stop-u', 'stop-a'])
    expect(stored[1]!.content).toBe(received)
    // The full reply is longer than what was kept.
    const full = await collect(
      await (await t.caller(user.token)).conversation.send({
        conversationId: conversation.id,
        content: 'Tell me everything about grooming a long-haired cat',
        clientId: 'full-u',
      }),
    )
    expect(full.length).toBeGreaterThan(received.length)
    expect(await api.conversation.stop({ conversationId: conversation.id })).toEqual({ stopped: false })
  })
})

describe('conversation.start and history: the chat survives a reload and another device', () => {
  it("opens the owner's latest conversation with its newest page and the current cat", async () => {
    const { user, api, conversation, cat } = await subscriber('Pixel')
    // docs/product.md §4: the cat with the highest id is the current one.
    const newest = await t.db.cat.create({ data: { userId: user.id, name: 'Newest' } })
    await collect(
      await api.conversation.send({ conversationId: conversation.id, content: 'Hello', clientId: 'h1' }),
    )
    // Another device: a fresh session of the same owner.
    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } })
    const other = await t.caller((await t.services.tokens.issue(row)).token)
    const opened = await other.conversation.start({ session_id: 'another-device-session' })
    expect(opened.conversation.id).toBe(conversation.id)
    expect(opened.cat).toEqual({ id: newest.id, name: 'Newest' })
    expect(opened.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(opened.messages[0]).toMatchObject({ id: 'h1', content: 'Hello' })
    expect(opened.next_before).toBeNull()
    const chosen = await other.conversation.start({ catId: String(cat.id) })
    expect(chosen.cat).toEqual({ id: cat.id, name: 'Pixel' })
  })

  it('creates the first conversation when there is none, and reports no cat', async () => {
    const user = await t.signIn()
    const api = await t.caller(user.token)
    const opened = await api.conversation.start({ session_id: 'first-visit-session' })
    expect(opened.cat).toBeNull()
    expect(opened.messages).toEqual([])
    expect((await api.conversation.list()).map((c) => c.id)).toEqual([opened.conversation.id])
  })

  it('pages backwards through a long history', async () => {
    const { api, conversation } = await subscriber()
    const list = Array.from({ length: 120 }, (_, i) => ({
      id: `p${i}`,
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `m${i}`,
    }))
    await api.conversation.update({ id: conversation.id, messages: list })
    const newest = await api.conversation.history({ id: conversation.id, limit: 50 })
    expect(newest.messages.map((m) => m.content)).toEqual(list.slice(70).map((m) => m.content))
    const before = await api.conversation.history({
      id: conversation.id,
      limit: 50,
      before: newest.next_before!,
    })
    expect(before.messages.map((m) => m.content)).toEqual(list.slice(20, 70).map((m) => m.content))
    const first = await api.conversation.history({
      id: conversation.id,
      limit: 50,
      before: before.next_before!,
    })
    expect(first.messages.map((m) => m.content)).toEqual(list.slice(0, 20).map((m) => m.content))
    expect(first.next_before).toBeNull()
    // `cursor` (React Query's infinite paging) reads the same pages, and wins over `before`.
    const byCursor = await api.conversation.history({
      id: conversation.id,
      limit: 50,
      before: newest.next_before!,
      cursor: before.next_before!,
    })
    expect(byCursor).toEqual(first)
    const other = await subscriber()
    expect((await trpcFailure(other.api.conversation.history({ id: conversation.id }))).code).toBe(
      'NOT_FOUND',
    )
  })
})

describe('REST rows', () => {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })

  it('GET/POST/PUT /api/supabase/conversations', async () => {
    const user = await t.signIn()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/conversations',
      headers: auth(user.token),
      payload: { session_id: 'rest-session-1' },
    })
    expect(created.statusCode).toBe(200)
    const { id } = created.json() as { id: number }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/conversations/${id}`,
      headers: auth(user.token),
      payload: {
        session_id: 'rest-session-1',
        messages: [{ role: 'user', content: 'Hi', timestamp: Date.now() }],
      },
    })
    expect(put.json()).toEqual({ id, appended: 1 })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/conversations',
      headers: auth(user.token),
    })
    expect(list.json()).toEqual([expect.objectContaining({ id, session_id: 'rest-session-1' })])
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/supabase/conversations' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ error: ERRORS.notAuthenticated, code: 'NOT_AUTHENTICATED' })
    const stranger = await t.signIn()
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/conversations/${id}`,
      headers: auth(stranger.token),
      payload: { messages: [] },
    })
    expect(theirs.statusCode).toBe(404)
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/supabase/conversations/abc',
      headers: auth(user.token),
      payload: { messages: [] },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('POST /api/openai/chat answers {message}, stores the new messages and the reply once', async () => {
    const { user, cat, conversation } = await subscriber('Biscuit')
    const messages = [
      { role: 'assistant', content: 'Hi, I am the specialist.' },
      { role: 'user', content: 'My cat keeps vomiting hairballs, what can I do?' },
    ]
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: auth(user.token),
      payload: { session_id: `session-${user.id}-abcdef`, catId: cat.id, messages },
    })
    expect(res.statusCode).toBe(200)
    const { message } = res.json() as { message: string }
    expect(message).toMatch(/hairball/i)
    const stored = await rows(conversation.id)
    expect(stored.map((r) => r.role)).toEqual(['assistant', 'user', 'assistant'])
    expect(stored[2]!.content).toBe(message)
  })

  it('POST /api/openai/chat: 401 without a token, 402 without a subscription, 400 without a user message', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: '/api/openai/chat', payload: { messages: [] } })
    expect(noToken.statusCode).toBe(401)
    const user = await t.signIn()
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: auth(user.token),
      payload: { catId: 'undefined', messages: [{ role: 'user', content: 'hello' }] },
    })
    expect(unpaid.statusCode).toBe(402)
    expect(unpaid.json()).toEqual({ error: ERRORS.subscriptionRequired, code: 'SUBSCRIPTION_REQUIRED' })
    const { user: payer } = await subscriber()
    const noQuestion = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: auth(payer.token),
      payload: { messages: [{ role: 'assistant', content: 'hello' }] },
    })
    expect(noQuestion.statusCode).toBe(400)
  })
})

describe('cost per message', () => {
  it('reads a bounded window, whatever the length of the conversation', async () => {
    const { api, conversation } = await subscriber()
    const list = Array.from({ length: 300 }, (_, i) => ({
      id: `long-${i}`,
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `old message ${i}`,
    }))
    await api.conversation.update({ id: conversation.id, messages: list })
    const seen: number[] = []
    const original = t.services.assistant.reply
    t.services.assistant.reply = (input) => {
      seen.push(input.history.length)
      return original(input)
    }
    try {
      await collect(
        await api.conversation.send({
          conversationId: conversation.id,
          content: 'And now?',
          clientId: 'long-new',
        }),
      )
    } finally {
      t.services.assistant.reply = original
    }
    expect(seen).toEqual([CHAT_HISTORY_WINDOW])
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(302)
  })
})
