// A photo uploaded in the chat and never sent (the owner removed it from the composer, or left the page)
// is not kept: the job worker deletes a photo that no message has carried a day after its upload. A
// photo a message carried stays as long as the conversation, whatever its age; a fresh unsent one stays
// so it can still be sent.
import { describe, expect, it } from 'vitest'
import { ATTACHMENT_UNSENT_KEEP_MS } from '../../shared/constants.ts'
import { createTestApp, suiteApp, type TestApp } from '../helpers/app.ts'
import { smallPng } from '../helpers/images.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

// The sweep runs when the test asks (`jobs.sweep()`), not on its own timer.
const t = suiteApp(() => createTestApp({ jobs: { sweepIntervalMs: 3_600_000 } }))

async function upload(app: TestApp, token: string): Promise<number> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/chat/attachments',
    headers: { authorization: `Bearer ${token}` },
    payload: { data: (await smallPng()).toString('base64'), mimetype: 'image/png', originalname: 'a.png' },
  })
  expect(res.statusCode).toBe(200)
  return res.json().id as number
}

const served = async (id: number, token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/chat/attachments/${id}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode

/** Moves a photo's upload time back, as if it had been uploaded that long ago. */
const uploadedAgo = (id: number, ms: number) =>
  t.db.chatAttachment.update({ where: { id }, data: { createdAt: new Date(Date.now() - ms) } })

describe('photos uploaded in the chat and never sent', () => {
  it('are deleted a day after their upload; sent ones and fresh ones stay', async () => {
    const chat = await subscriberInChat(t)
    const { user, conversation } = chat
    const sent = await upload(t, user.token)
    const forgotten = await upload(t, user.token)
    const fresh = await upload(t, user.token)
    await sendInChat(chat, {
      content: 'What is this spot on his nose?',
      clientId: 'unsent-1',
      attachment_ids: [sent],
    })
    await uploadedAgo(sent, ATTACHMENT_UNSENT_KEEP_MS + 60_000)
    await uploadedAgo(forgotten, ATTACHMENT_UNSENT_KEEP_MS + 60_000)
    await uploadedAgo(fresh, ATTACHMENT_UNSENT_KEEP_MS - 60_000)

    await t.jobs!.sweep()

    expect(await served(forgotten, user.token)).toBe(404)
    expect(await t.db.chatAttachment.count({ where: { id: forgotten } })).toBe(0)
    expect(await served(sent, user.token)).toBe(200)
    expect(await served(fresh, user.token)).toBe(200)
    // The fresh one can still be sent; the deleted one is a clear 404 and nothing is stored.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        messages: [{ role: 'user', content: 'And this one?', id: 'unsent-2', attachment_ids: [forgotten] }],
      },
    })
    expect(late.statusCode).toBe(404)
    expect(late.json().code).toBe('ATTACHMENT_NOT_FOUND')
    expect(
      await t.db.conversationMessage.count({
        where: { conversationId: conversation.id, clientId: 'unsent-2' },
      }),
    ).toBe(0)
  })
})
