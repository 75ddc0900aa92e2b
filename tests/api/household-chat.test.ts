// A household of cats in the chat (issue 23): the specialist is told the owner's cats by name and which
// one the chat is about (or that the owner chose none, so it asks which when it matters), and the chat
// opens on the owner's chosen cat, else on their current cat.
import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CATALOGUE } from '../../shared/errors.ts'
import type { RecordedRequest } from '../doubles/openai-server.ts'
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
