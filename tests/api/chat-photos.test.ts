// A chat message may carry the owner's photos: `attachment_ids`, at
// most 4, the owner's own (else 404), on REST POST /api/openai/chat and tRPC conversation.send; stored with
// the message and returned by the history reads. An OpenAI-compatible specialist receives them as
// `image_url` parts (data URLs, no metadata) on the user turn; the offline one says it has the photo.
import { beforeEach, describe, expect, it } from 'vitest'
import { suiteApp, type TestApp } from '../helpers/app.ts'
import { cameraJpeg, metadataBlocks, smallPng } from '../helpers/images.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'

const openai = suiteOpenAiApp()
const t = openai.t
const offline = suiteApp()
beforeEach(() => openai.double.reset())

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }
interface SentBody {
  messages: Array<{ role: string; content: string | Part[] }>
}

async function photoOf(app: TestApp, token: string, bytes: Buffer) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/chat/attachments',
    headers: { authorization: `Bearer ${token}` },
    payload: { data: bytes.toString('base64'), mimetype: 'image/jpeg', originalname: 'IMG.JPG' },
  })
  expect(res.statusCode).toBe(200)
  return res.json().id as number
}

function restChat(app: TestApp, token: string, messages: unknown[]) {
  return app.app.inject({
    method: 'POST',
    url: '/api/openai/chat',
    headers: { authorization: `Bearer ${token}` },
    payload: { messages },
  })
}

const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')

describe('photos reach an OpenAI-compatible specialist as image_url parts', () => {
  it('on REST POST /api/openai/chat: the user turn has the text and the photo, without its metadata', async () => {
    const { user, conversation } = await subscriberInChat(t)
    const photo = await photoOf(t, user.token, await cameraJpeg(400, 200))
    openai.double.setNext({ reply: 'Thanks for the photo.' })
    const res = await restChat(t, user.token, [
      { role: 'user', content: 'What is this lump on his ear?', id: 'u1', attachment_ids: [photo] },
    ])
    expect(res.statusCode).toBe(200)
    const body = openai.double.requests[0]!.body as SentBody
    const turn = body.messages.at(-1)!
    expect(turn.role).toBe('user')
    const parts = turn.content as Part[]
    expect(parts[0]).toEqual({ type: 'text', text: 'What is this lump on his ear?' })
    expect(parts).toHaveLength(2)
    const image = parts[1] as Extract<Part, { type: 'image_url' }>
    expect(image.type).toBe('image_url')
    expect(image.image_url.url).toMatch(/^data:image\/jpeg;base64,/)
    expect(await metadataBlocks(dataUrlBytes(image.image_url.url))).toMatchObject({
      width: 200,
      height: 400,
      exif: false,
      xmp: false,
    })
    const rows = await t.db.conversationMessage.findMany({
      where: { conversationId: conversation.id },
      orderBy: { id: 'asc' },
    })
    expect(rows.map((r) => [r.role, r.attachmentIds])).toEqual([
      ['user', [photo]],
      ['assistant', []],
    ])
  })

  it('on tRPC conversation.send, and the history reads return the ids', async () => {
    const { user, api, conversation, cat } = await subscriberInChat(t)
    const first = await photoOf(t, user.token, await cameraJpeg())
    const second = await photoOf(t, user.token, await smallPng())
    openai.double.setNext({ reply: 'I see two photos.' })
    const stream = await api.conversation.send({
      conversationId: conversation.id,
      catId: cat.id,
      content: 'Two angles of the rash',
      clientId: 'u-send',
      attachment_ids: [first, second],
    })
    for await (const _piece of stream) {
      // read to the end
    }
    const parts = (openai.double.requests[0]!.body as SentBody).messages.at(-1)!.content as Part[]
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url', 'image_url'])
    expect((parts[2] as Extract<Part, { type: 'image_url' }>).image_url.url).toMatch(
      /^data:image\/png;base64,/,
    )

    const history = await api.conversation.history({ id: conversation.id })
    expect(history.messages[0]).toMatchObject({ id: 'u-send', attachment_ids: [first, second] })
    // A reply carries no photos, and says nothing about them.
    expect(history.messages[1]).not.toHaveProperty('attachment_ids')
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/conversations',
      headers: { authorization: `Bearer ${user.token}` },
    })
    const mine = listed.json().find((c: { id: number }) => c.id === conversation.id)
    expect(mine.messages[0].attachment_ids).toEqual([first, second])
  })

  it("another owner's photo id is a 404 and nothing is stored or sent", async () => {
    const { user, api, conversation } = await subscriberInChat(t)
    const stranger = await subscriberInChat(t)
    const theirs = await photoOf(t, stranger.user.token, await smallPng())
    const res = await restChat(t, user.token, [
      { role: 'user', content: 'Look at this', id: 'steal', attachment_ids: [theirs] },
    ])
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' })
    await expect(
      api.conversation.send({
        conversationId: conversation.id,
        catId: null,
        content: 'Look at this',
        clientId: 'steal-2',
        attachment_ids: [theirs],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await t.db.conversationMessage.count({ where: { conversationId: conversation.id } })).toBe(0)
    expect(openai.double.requests).toHaveLength(0)
  })

  it('more than 4 photos on one message is a 400', async () => {
    const { user } = await subscriberInChat(t)
    const id = await photoOf(t, user.token, await smallPng())
    const res = await restChat(t, user.token, [
      { role: 'user', content: 'Many photos', attachment_ids: [id, id, id, id, id] },
    ])
    expect(res.statusCode).toBe(400)
    expect(openai.double.requests).toHaveLength(0)
  })
})

describe('the offline specialist', () => {
  it('says it has the photo and still answers by the text', async () => {
    const { user } = await subscriberInChat(offline)
    const photo = await photoOf(offline, user.token, await cameraJpeg())
    const res = await restChat(offline, user.token, [
      { role: 'user', content: 'How much should I feed her?', attachment_ids: [photo] },
    ])
    expect(res.statusCode).toBe(200)
    const { message } = res.json()
    expect(message).toContain("I can see you've shared a photo")
    expect(message.toLowerCase()).toMatch(/feed|food|meal|portion/)
  })

  it('says nothing about photos when there is none', async () => {
    const { user } = await subscriberInChat(offline)
    const res = await restChat(offline, user.token, [
      { role: 'user', content: 'How much should I feed her?' },
    ])
    expect(res.json().message).not.toContain('photo')
  })
})
