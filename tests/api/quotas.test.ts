// Quotas: an owner's cats (and so photos), conversations and messages, and one
// interview's messages, are bounded; past the figure a new record is refused with 409 QUOTA_EXCEEDED in
// the contract's shape. A visitor's address may start a bounded number of interviews a day.
import { describe, expect, it } from 'vitest'
import { QUOTAS } from '../../server/domain/quotas.ts'
import { createRateLimits } from '../../server/services/rate-limits.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { grantSubscription, sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp(() =>
  createTestApp({
    overrides: {
      limits: createRateLimits({ visitorInterviewsPerIpDaily: { points: 2, durationSeconds: 86_400 } }),
    },
  }),
)

function send(method: string, url: string, payload: object, token?: string) {
  return t.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

function expectQuota(res: { statusCode: number; json(): unknown }, text: string) {
  expect(res.statusCode).toBe(409)
  expect(res.json()).toEqual({ error: text, code: 'QUOTA_EXCEEDED' })
}

describe('per owner', () => {
  it(`cats: at most ${QUOTAS.cats.free}`, async () => {
    const owner = await t.signIn()
    await t.db.cat.createMany({
      data: Array.from({ length: QUOTAS.cats.free - 1 }, (_, i) => ({
        userId: owner.id,
        name: `Cat ${i}`,
        issuesFaced: [],
      })),
    })
    expect((await send('POST', '/api/supabase/cats', { name: 'Last one' }, owner.token)).statusCode).toBe(200)
    expectQuota(
      await send('POST', '/api/supabase/cats', { name: 'One too many' }, owner.token),
      'This account has reached its limit of 50 cats.',
    )
    expect(await t.db.cat.count({ where: { userId: owner.id } })).toBe(QUOTAS.cats.free)
  })

  it(`conversations: at most ${QUOTAS.conversations.subscriber} for a subscriber`, async () => {
    const owner = await t.signIn()
    await grantSubscription(t.db, owner.id)
    await t.db.conversation.createMany({
      data: Array.from({ length: QUOTAS.conversations.subscriber }, (_, i) => ({
        userId: owner.id,
        sessionId: `q-${owner.id}-${i}`,
      })),
    })
    expectQuota(
      await send('POST', '/api/supabase/conversations', { session_id: `q-${owner.id}-new` }, owner.token),
      'This account has reached its limit of 20 conversations.',
    )
  })

  it(`messages: at most ${QUOTAS.messages.subscriber} over all conversations for a subscriber`, async () => {
    const owner = await t.signIn()
    await grantSubscription(t.db, owner.id)
    const conversation = await t.db.conversation.create({
      data: { userId: owner.id, sessionId: `m-${owner.id}` },
    })
    await t.db.conversationMessage.createMany({
      data: Array.from({ length: QUOTAS.messages.subscriber }, (_, i) => ({
        conversationId: conversation.id,
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
      })),
    })
    expectQuota(
      await send(
        'PUT',
        `/api/supabase/conversations/${conversation.id}`,
        { session_id: `m-${owner.id}`, messages: [{ role: 'user', content: 'one more', id: 'more-1' }] },
        owner.token,
      ),
      'This account has reached its limit of 10,000 chat messages.',
    )
  })
})

describe('a retry at the quota appends nothing, so it is answered as the first try was', () => {
  /** A subscriber whose conversation holds exactly the quota, ending with `clientId`'s answered question. */
  async function atQuota(clientId: string) {
    const chat = await subscriberInChat(t, { cat: { name: 'Quota' } })
    await t.db.conversationMessage.createMany({
      data: Array.from({ length: QUOTAS.messages.subscriber - 2 }, (_, i) => ({
        conversationId: chat.conversation.id,
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
      })),
    })
    const question = await t.db.conversationMessage.create({
      data: { conversationId: chat.conversation.id, role: 'user', content: 'Is tuna fine?', clientId },
    })
    await t.db.conversationMessage.create({
      data: {
        conversationId: chat.conversation.id,
        role: 'assistant',
        content: 'A little tuna now and then is fine.',
        replyToId: question.id,
      },
    })
    return chat
  }

  it('POST /api/openai/chat: the stored reply, not 409 (a new question still is 409)', async () => {
    const { user, cat, conversation } = await atQuota('retried-list-q')
    const ask = (id: string, content: string) =>
      send(
        'POST',
        '/api/openai/chat',
        { conversationId: conversation.id, catId: cat.id, messages: [{ role: 'user', content, id }] },
        user.token,
      )
    const retried = await ask('retried-list-q', 'Is tuna fine?')
    expect(retried.statusCode).toBe(200)
    expect(retried.json().message).toBe('A little tuna now and then is fine.')
    expectQuota(
      await ask('new-list-q', 'And salmon?'),
      'This account has reached its limit of 10,000 chat messages.',
    )
  })

  it('conversation.send: the stored reply, not QUOTA_EXCEEDED', async () => {
    const chat = await atQuota('retried-send-q')
    const reply = await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'Is tuna fine?',
      clientId: 'retried-send-q',
    })
    expect(reply).toBe('A little tuna now and then is fine.')
    await expect(
      sendInChat(chat, { catId: chat.cat.id, content: 'And salmon?', clientId: 'new-send-q' }),
    ).rejects.toThrow('This account has reached its limit of 10,000 chat messages.')
  })
})

describe('per interview and per visitor address', () => {
  it(`an interview keeps at most ${QUOTAS.interviewMessages} messages`, async () => {
    const created = await send('POST', '/api/supabase/interview', { session_id: 'quota-visitor' })
    expect(created.statusCode).toBe(200)
    const { id } = created.json() as { id: number }
    await t.db.interviewMessage.createMany({
      data: Array.from({ length: QUOTAS.interviewMessages }, (_, i) => ({
        interviewId: id,
        role: 'user',
        content: `a ${i}`,
      })),
    })
    expectQuota(
      await send('PUT', `/api/supabase/interview/${id}`, {
        session_id: 'quota-visitor',
        messages: [{ role: 'user', content: 'one more' }],
      }),
      'This account has reached its limit of 500 messages in one interview.',
    )
  })

  it('a visitor address starts a bounded number of interviews a day', async () => {
    // The budget of 2 in this file: one spent above, one left.
    expect(
      (await send('POST', '/api/supabase/interview', { session_id: 'quota-visitor-2' })).statusCode,
    ).toBe(200)
    const refused = await send('POST', '/api/supabase/interview', { session_id: 'quota-visitor-3' })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000)
  })
})
