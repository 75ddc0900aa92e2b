// What one free account could do to the server: store 10,000 messages of 4,000 characters with PUTs
// (no subscription needed), then ask for "Download my data", which built the whole document in memory.
// Every owner now has quotas (docs/api.md "Limits and quotas": free accounts get less), enforced on REST and
// tRPC alike with 409 QUOTA_EXCEEDED, the weight log is read by pages, and the export is written as read.
import { describe, expect, it } from 'vitest'
import { quotaOf } from '../../server/domain/quotas.ts'
import { CHAT_MESSAGE_MAX_CHARS } from '../../shared/constants.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { smallPng } from '../helpers/images.ts'
import { freshCodeHeaders } from '../helpers/mailed-codes.ts'
import { grantSubscription, subscriberInChat } from '../helpers/subscribers.ts'
import { trpcFailure } from '../helpers/trpc-errors.ts'

async function expectConflict(promise: Promise<unknown>) {
  const error = await trpcFailure(promise)
  expect(error.code).toBe('CONFLICT')
}

const t = suiteApp(() => createTestApp())

function call(method: string, url: string, token: string, payload?: object) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })
}

const long = (tag: string) => `${tag} ${'m'.repeat(CHAT_MESSAGE_MAX_CHARS - tag.length - 1)}`

function messages(tag: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    role: 'user',
    content: long(`${tag}-${i}`),
    id: `${tag}-${i}`,
  }))
}

describe('stored message characters', () => {
  it('a free account stops at its figure on REST and tRPC; nothing of the refused list is stored', async () => {
    const owner = await t.signIn()
    const conversation = await t.db.conversation.create({
      data: { userId: owner.id, sessionId: `c-${owner.id}` },
    })
    const figure = quotaOf('messageCharacters', 'free')
    const fits = Math.floor(figure / CHAT_MESSAGE_MAX_CHARS)
    const put = (list: object[]) =>
      call('PUT', `/api/supabase/conversations/${conversation.id}`, owner.token, {
        session_id: `c-${owner.id}`,
        messages: list,
      })
    expect((await put(messages('a', fits))).statusCode).toBe(200)
    const refused = await put(messages('b', 2))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: `This account has reached its limit of ${figure.toLocaleString('en-US')} characters of chat messages.`,
      code: 'QUOTA_EXCEEDED',
    })
    const api = await t.caller(owner.token)
    await expectConflict(
      api.conversation.update({
        id: conversation.id,
        session_id: `c-${owner.id}`,
        messages: messages('c', 2) as never,
      }),
    )
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(fits)
  })

  it('a list that would pass the message count is refused whole, not only when the count is already reached', async () => {
    const owner = await t.signIn()
    const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
    const figure = quotaOf('messages', 'free')
    const list = Array.from({ length: figure + 1 }, (_, i) => ({
      role: 'user',
      content: `m${i}`,
      id: `n-${i}`,
    }))
    const res = await call('PUT', `/api/supabase/conversations/${conversation.id}`, owner.token, {
      messages: list,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('QUOTA_EXCEEDED')
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(0)
  })

  it('subscribers get more than free accounts', async () => {
    for (const kind of [
      'messageCharacters',
      'messages',
      'conversations',
      'chatPhotos',
      'unsentChatPhotos',
      'weightsPerCat',
    ] as const) {
      expect(quotaOf(kind, 'subscriber')).toBeGreaterThan(quotaOf(kind, 'free'))
    }
    const { user, conversation } = await subscriberInChat(t)
    const fits = Math.floor(quotaOf('messageCharacters', 'free') / CHAT_MESSAGE_MAX_CHARS)
    const res = await call('PUT', `/api/supabase/conversations/${conversation.id}`, user.token, {
      messages: messages('s', fits + 5),
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('conversations', () => {
  it('a free account keeps fewer than a subscriber', async () => {
    const owner = await t.signIn()
    const figure = quotaOf('conversations', 'free')
    await t.db.conversation.createMany({
      data: Array.from({ length: figure }, (_, i) => ({ userId: owner.id, sessionId: `f-${owner.id}-${i}` })),
    })
    const res = await call('POST', '/api/supabase/conversations', owner.token, {
      session_id: `f-${owner.id}-new`,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('QUOTA_EXCEEDED')
    await grantSubscription(t.db, owner.id)
    expect(
      (await call('POST', '/api/supabase/conversations', owner.token, { session_id: `f-${owner.id}-new` }))
        .statusCode,
    ).toBe(200)
  })
})

describe('chat photos', () => {
  async function upload(token: string) {
    return call('POST', '/api/chat/attachments', token, {
      data: (await smallPng()).toString('base64'),
      mimetype: 'image/png',
      originalname: 'a.png',
    })
  }

  it('unsent photos stop at their figure; sent ones count against the total', async () => {
    const { user } = await subscriberInChat(t)
    const unsent = quotaOf('unsentChatPhotos', 'subscriber')
    const photo = await smallPng()
    await t.db.chatAttachment.createMany({
      data: Array.from({ length: unsent }, () => ({
        userId: user.id,
        mimetype: 'image/png',
        width: 1,
        height: 1,
        bytes: photo.length,
        data: new Uint8Array(photo),
      })),
    })
    const refused = await upload(user.token)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('QUOTA_EXCEEDED')
    const api = await t.caller(user.token)
    await expectConflict(
      api.attachment.upload({ data: photo.toString('base64'), mimetype: 'image/png', originalname: 'a.png' }),
    )

    // Sent (carried by a conversation) they no longer count as unsent, but the total holds.
    const conversation = await t.db.conversation.create({ data: { userId: user.id } })
    await t.db.chatAttachment.updateMany({
      where: { userId: user.id },
      data: { conversationId: conversation.id },
    })
    expect((await upload(user.token)).statusCode).toBe(200)
    const total = quotaOf('chatPhotos', 'subscriber')
    const stored = await t.db.chatAttachment.count({ where: { userId: user.id } })
    await t.db.chatAttachment.createMany({
      data: Array.from({ length: total - stored }, () => ({
        userId: user.id,
        conversationId: conversation.id,
        mimetype: 'image/png',
        width: 1,
        height: 1,
        bytes: photo.length,
        data: new Uint8Array(photo),
      })),
    })
    expect((await upload(user.token)).statusCode).toBe(409)
  })
})

describe('the weight log', () => {
  it('is read by pages and capped per cat', async () => {
    const owner = await t.signIn()
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Heavy' } })
    const figure = quotaOf('weightsPerCat', 'free')
    const start = Date.now() - figure * 60_000 - 3_600_000
    await t.db.weightEntry.createMany({
      data: Array.from({ length: figure }, (_, i) => ({
        catId: cat.id,
        weight: 4 + (i % 10) / 10,
        unit: 'Kg',
        measuredAt: new Date(start + i * 60_000),
      })),
    })
    const first = await call('GET', '/api/care/weights', owner.token)
    expect(first.statusCode).toBe(200)
    const page = first.json() as { id: number; measured_at: string }[]
    expect(page).toHaveLength(500)
    const next = (
      await call('GET', `/api/care/weights?after=${page.at(-1)!.id}&limit=1000`, owner.token)
    ).json()
    expect(next).toHaveLength(figure - 500)
    expect(next[0].measured_at > page.at(-1)!.measured_at).toBe(true)
    expect((await call('GET', '/api/care/weights?limit=5000', owner.token)).statusCode).toBe(400)

    const refused = await call('POST', '/api/care/weights', owner.token, { weight: 4.2, unit: 'Kg' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('QUOTA_EXCEEDED')
    const api = await t.caller(owner.token)
    await expectConflict(api.progress.logWeight({ weight: 4.2, unit: 'Kg' }))
    expect(await t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(figure)
  })
})

describe('"Download my data"', () => {
  async function freshCode(owner: { id: number; token: string }) {
    await t.db.otpCode.updateMany({ data: { createdAt: new Date(Date.now() - 60_000) } })
    return (await freshCodeHeaders(t, owner))['x-verification-code'] as string
  }

  it('is written as it is read: pieces no larger than a page of rows, on tRPC and REST', async () => {
    const { user, conversation } = await subscriberInChat(t)
    await t.db.conversationMessage.createMany({
      data: Array.from({ length: 1_200 }, (_, i) => ({
        conversationId: conversation.id,
        role: 'user',
        content: long(`e-${i}`),
        clientId: `e-${i}`,
      })),
    })
    const api = await t.caller(user.token)
    const answer = (await api.account.exportData({ code: await freshCode(user) })) as unknown
    expect(typeof (answer as AsyncIterable<string>)[Symbol.asyncIterator]).toBe('function')
    let text = ''
    let largest = 0
    let pieces = 0
    for await (const piece of answer as AsyncIterable<string>) {
      text += piece
      largest = Math.max(largest, piece.length)
      pieces += 1
    }
    // 1,200 messages of 4,000 characters are 4.8 MB: no piece holds more than one page of 500.
    expect(pieces).toBeGreaterThan(3)
    expect(largest).toBeLessThan(500 * (CHAT_MESSAGE_MAX_CHARS + 400))
    const data = JSON.parse(text)
    expect(data.account.id).toBe(user.id)
    expect(data.conversations[0].messages).toHaveLength(1_200)

    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: { authorization: `Bearer ${user.token}`, 'x-verification-code': await freshCode(user) },
    })
    expect(rest.statusCode).toBe(200)
    expect(rest.headers['content-type']).toMatch(/^application\/json/)
    expect(rest.headers['content-length']).toBeUndefined()
    expect(rest.json().conversations[0].messages).toHaveLength(1_200)
  })
})
