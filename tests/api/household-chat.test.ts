// A household of cats in the chat: the specialist is told the owner's cats by name and which
// one the chat is about (or that the owner chose none, so it asks which when it matters), and the chat
// opens on the owner's chosen cat, else on their current cat.
import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CATALOGUE } from '../../shared/errors.ts'
import type { RecordedRequest } from '../doubles/openai-server.ts'
import { suiteApp } from '../helpers/app.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'
import { expectTrpcError } from '../helpers/trpc-errors.ts'

const openai = suiteOpenAiApp()
const t = openai.t
afterEach(() => openai.double.reset())

function systemPrompt(request: RecordedRequest | undefined): string {
  if (!request) throw new Error('Nothing reached the assistant')
  return (request.body as { messages: Array<{ role: string; content: string }> }).messages[0]?.content ?? ''
}

/** Luna (the older cat) and Oscar (the newer, so the current one), in one owner's chat. */
async function household() {
  const chat = await subscriberInChat(t, { cat: { name: 'Luna', breed: 'Persian', age: 5 } })
  const oscar = await t.db.cat.create({
    data: { userId: chat.user.id, name: 'Oscar', breed: 'Siamese', age: 2 },
  })
  return { ...chat, luna: chat.cat, oscar }
}

describe('the specialist knows the household', () => {
  it("names the owner's cats and the one the owner chose for the chat", async () => {
    const { api, conversation, luna } = await household()
    openai.double.setNext({ reply: ['Fine.'] })
    await sendInChat(
      { api, conversation },
      { catId: luna.id, content: 'How much should she eat?', clientId: 'q1' },
    )
    const prompt = systemPrompt(openai.double.requests[0])
    expect(prompt).toContain("The owner's cats: Luna, Oscar.")
    expect(prompt).toContain('The owner chose Luna for this chat')
    expect(prompt).not.toContain('ask which cat')
  })

  it('asks which cat when the owner has several, chose none and names none', async () => {
    const { api, conversation } = await household()
    openai.double.setNext({ reply: ['Which one?'] })
    await sendInChat({ api, conversation }, { content: 'Is this food ok?', clientId: 'q1' })
    const prompt = systemPrompt(openai.double.requests[0])
    expect(prompt).toContain("The owner's cats: Luna, Oscar.")
    expect(prompt).toContain('ask which cat')
  })

  it('says nothing of a household to an owner of one cat', async () => {
    const { api, conversation, cat } = await subscriberInChat(t, { cat: { name: 'Solo' } })
    openai.double.setNext({ reply: ['Hi.'] })
    await sendInChat({ api, conversation }, { catId: cat.id, content: 'Hi', clientId: 'q1' })
    expect(systemPrompt(openai.double.requests[0])).not.toContain("The owner's cats")
  })
})

describe('a message about a cat it does not name', () => {
  it("escalates an emergency for 'your cat', not the cat in the switcher, on a model too", async () => {
    const { api, conversation, luna } = await household()
    openai.double.setNext({ reply: ['Please go now.'] })
    const reply = await sendInChat(
      { api, conversation },
      { catId: luna.id, content: 'My other cat just ate a lily leaf', clientId: 'q1' },
    )
    expect(reply.startsWith('**This could be an emergency. Please take your cat to a vet now.**')).toBe(true)
    expect(reply).not.toContain('Luna')
  })
})

describe('the offline specialist in a household', () => {
  const offline = suiteApp()

  async function offlineHousehold() {
    const chat = await subscriberInChat(offline, { cat: { name: 'Luna', breed: 'Persian', age: 5 } })
    const oscar = await offline.db.cat.create({
      data: { userId: chat.user.id, name: 'Oscar', breed: 'Siamese', age: 2 },
    })
    const send = (content: string, clientId: string) =>
      sendInChat(chat, { catId: chat.cat.id, content, clientId })
    return { ...chat, oscar, send }
  }

  it('asks which of the cats, by name, and answers for the cat the owner then names', async () => {
    const { send } = await offlineHousehold()
    const asked = await send('My other cat has been sneezing all week', 'q1')
    expect(asked).toContain('Which of your cats is this about: Luna or Oscar?')
    expect(asked).not.toContain('Sneezing and cat flu')
    const answered = await send('Oscar', 'q2')
    expect(answered).toContain('**Sneezing and cat flu**')
    expect(answered).toContain('Oscar')
    expect(answered).not.toContain('Luna')
  })

  it('asks when the owner names a cat they do not have', async () => {
    const { send } = await offlineHousehold()
    const reply = await send('How much should my cat Bella eat?', 'q1')
    expect(reply).toContain("I don't have a cat called Bella among yours: I know Luna and Oscar.")
    expect(reply).toContain('Which of your cats is this about')
  })

  it("answers a plain message about the switcher's cat without asking", async () => {
    const { send } = await offlineHousehold()
    const reply = await send('How much should I feed her each day?', 'q1')
    expect(reply).toContain('Luna')
    expect(reply).not.toContain('Which of your cats')
  })
})

describe('each owner message keeps the cat it is about', () => {
  it('the history answers the cat of each owner message, and none on the replies', async () => {
    const { api, conversation, luna, oscar } = await household()
    for (const [catId, clientId] of [
      [luna.id, 'about-luna'],
      [oscar.id, 'about-oscar'],
    ] as const) {
      openai.double.setNext({ reply: ['Fine.'] })
      await sendInChat({ api, conversation }, { catId, content: 'Hi', clientId })
    }
    const { messages } = await api.conversation.history({ id: conversation.id })
    expect(messages.map((m) => [m.role, m.cat_id])).toEqual([
      ['user', luna.id],
      ['assistant', undefined],
      ['user', oscar.id],
      ['assistant', undefined],
    ])
  })

  it("POST /api/openai/chat keeps the list's new question's cat", async () => {
    const { user, luna } = await household()
    openai.double.setNext({ reply: ['Fine.'] })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { catId: luna.id, messages: [{ role: 'user', content: 'Hi', id: 'list-q1' }] },
    })
    expect(res.statusCode).toBe(200)
    const stored = await t.db.conversationMessage.findFirstOrThrow({ where: { clientId: 'list-q1' } })
    expect(stored.catId).toBe(luna.id)
  })
})

describe('conversation.start opens the chosen cat', () => {
  it("opens the chosen cat, else the current cat (the highest id); another owner's cat is a 404", async () => {
    const { api, luna, oscar } = await household()
    expect((await api.conversation.start({ catId: luna.id })).cat).toEqual({ id: luna.id, name: 'Luna' })
    expect((await api.conversation.start({})).cat).toEqual({ id: oscar.id, name: 'Oscar' })
    // A choice left in the browser by another account is not this owner's (the chat then opens without it).
    const stranger = await household()
    await expectTrpcError(
      api.conversation.start({ catId: stranger.luna.id }),
      'NOT_FOUND',
      ERROR_CATALOGUE.CAT_NOT_FOUND.message,
    )
  })
})
