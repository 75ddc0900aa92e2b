// A cat that is not eating is never given a diet: the offline specialist's reply, through the real chat
// (POST /api/openai/chat and the chat screen's conversation.send), carries no weight-loss calories when
// the owner says the cat is not eating, and still does for the same cat when it is eating.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp()
/** Overweight, 14 → 11 lb: the nutrition rule would plan a weight loss for her. */
const MOCHI = { name: 'Mochi', gender: 'Female', age: 6, weight: 14, targetWeight: 11, weightUnit: 'Lbs' }
const DIET = /kcal|weight plan:\*\* going from|lose about/i

const NOT_EATING = [
  "Mochi hasn't eaten since yesterday. How much should she eat to lose weight?",
  'She stopped eating this morning, can we start her diet anyway?',
  "She's not eating her food. How many calories for weight loss?",
  'She refuses to eat. What portion size should she have to slim down?',
]

describe('the offline specialist and a cat that is not eating', () => {
  const chat = (token: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${token}` },
      payload: { messages: [{ role: 'user', content: text, id: `u-${Math.random()}` }] },
    })

  it('plans her weight loss while she is eating (the comparison)', async () => {
    const { user } = await subscriberInChat(t, { cat: MOCHI })
    const body = (await chat(user.token, 'How much should she eat to lose weight?')).json() as {
      message: string
    }
    expect(body.message).toMatch(DIET)
  })

  it.each(NOT_EATING)('gives no diet: %s', async (text) => {
    const { user } = await subscriberInChat(t, { cat: MOCHI })
    const res = await chat(user.token, text)
    expect(res.statusCode).toBe(200)
    const { message } = res.json() as { message: string }
    expect(message).not.toMatch(DIET)
    expect(message).toMatch(/vet/i)
  })

  it('gives no diet in the same conversation after she was said not to be eating', async () => {
    const session = await subscriberInChat(t, { cat: MOCHI })
    await sendInChat(session, {
      content: "Mochi hasn't eaten anything today",
      clientId: 'a1',
      replyClientId: 'b1',
    })
    const reply = await sendInChat(session, {
      content: 'How much should she eat to lose weight?',
      clientId: 'a2',
      replyClientId: 'b2',
    })
    expect(reply).not.toMatch(DIET)
    expect(reply).toContain('fatty liver disease')
  })
})
