// The second reader (docs/triage.md "The second reader"): with a model configured, the model reads every
// owner message as structured output beside the reply. The reply's level is the higher of the product's
// triage and the model's reading; the model never lowers a level; a disagreement lands on the safety
// scoreboard; a reading that fails or is late leaves the product's triage alone, within a short wait.
// Through the real chat procedure (conversation.send), the REST row (POST /api/openai/chat) and the
// double's structured readings.
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const READING_TIMEOUT_MS = 1500
/** How long the double takes over a reading where the test needs it to take a while. */
const READING_DELAY_MS = 600
const TIPS = 'Here is what helps at home.'
const openai = suiteOpenAiApp({
  env: { OPENAI_READING_TIMEOUT_MS: String(READING_TIMEOUT_MS), OPERATOR_EMAILS: 'ops@example.com' },
})

const { t } = openai

beforeEach(() => {
  openai.double.reset()
  openai.double.setDefault({ reply: TIPS })
  openai.double.setDefaultReading({ level: 'routine', sign: '', evidence: '', about_this_cat_now: false })
})

const EYELID = "she's been a bit quiet today and her third eyelid is showing"
const STRAINING = 'my tom keeps going in and out of the litter box straining and nothing comes out'

async function lastReply(conversationId: number) {
  return t.db.conversationMessage.findFirstOrThrow({
    where: { conversationId, role: 'assistant' },
    orderBy: { id: 'desc' },
  })
}

const systemPrompt = (body: unknown) =>
  String((body as { messages: Array<{ content: string }> }).messages[0]?.content ?? '')

describe('the model reads every owner message', () => {
  it('asks for a structured reading of the message, beside the reply, not before it', async () => {
    openai.double.setDefaultReading({
      json: { level: 'routine', sign: '', evidence: '', about_this_cat_now: false },
      firstTokenDelayMs: READING_DELAY_MS,
    })
    const chat = await subscriberInChat(t)
    await sendInChat(chat, { catId: chat.cat.id, content: 'what litter is best?', clientId: 'q1' })
    expect(openai.double.readings).toHaveLength(1)
    const reading = openai.double.readings[0]!
    const body = reading.body as {
      response_format: {
        type: string
        json_schema: { name: string; strict: boolean; schema: { required: string[] } }
      }
      messages: Array<{ role: string; content: string }>
    }
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.strict).toBe(true)
    expect(body.response_format.json_schema.schema.required).toEqual([
      'level',
      'sign',
      'evidence',
      'about_this_cat_now',
    ])
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'what litter is best?' })
    // The reply's request went out while the reading was still being written: one round trip, not two.
    const reply = openai.double.requests[0]!
    expect(reply.receivedAt).toBeLessThan(reading.receivedAt + READING_DELAY_MS)
  })

  it('raises a routine message to urgent: the banner level and the opening, on both surfaces', async () => {
    openai.double.setDefaultReading({
      level: 'urgent',
      sign: 'third eyelid showing and quiet',
      evidence: 'her third eyelid is showing',
      about_this_cat_now: true,
    })
    const chat = await subscriberInChat(t)
    const text = await sendInChat(chat, { catId: chat.cat.id, content: EYELID, clientId: 'q1' })
    const lines = text.split('\n\n')
    expect(lines[0]).toBe(
      "**Please get Luna seen by a vet today.** Call your vet now for a same-day appointment (within 24 hours); if they can't see Luna today, a 24-hour emergency clinic can. Go straight away if Luna gets weaker, stops drinking, or has trouble breathing.",
    )
    expect(lines[1]).toBe(
      "You wrote: “her third eyelid is showing”. That needs a vet's eyes, not a wait at home.",
    )
    expect(text).toContain(TIPS)
    const stored = await lastReply(chat.conversation.id)
    expect(stored.urgency).toBe('urgent')
    expect(stored.sign).toBe('second-reader')
    // The reply the owner read was asked in the light of the raised level (the first one was given up).
    const asked = openai.double.requests.filter((r) => r.outcome === 'finished').at(-1)!
    expect(systemPrompt(asked.body)).toContain('to take the cat to a vet today')

    // The raised escalation holds: the follow-up is answered by the product alone, nothing read.
    const readings = openai.double.readings.length
    const kept = await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'can I wait until Monday?',
      clientId: 'q2',
    })
    expect(kept).toMatch(/^\*\*Luna still needs to be seen by a vet/)
    expect((await lastReply(chat.conversation.id)).urgency).toBe('urgent')
    expect(openai.double.readings).toHaveLength(readings)
  })

  it("raises the product's urgent to an emergency under one headline, the product's sections kept", async () => {
    openai.double.setDefaultReading({
      level: 'emergency',
      sign: 'repeated vomiting, weak',
      evidence: 'vomited three times today',
      about_this_cat_now: true,
    })
    const chat = await subscriberInChat(t)
    const text = await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'she has vomited three times today',
      clientId: 'q1',
    })
    const lines = text.split('\n\n')
    expect(lines[0]).toMatch(/^\*\*This could be an emergency\. Please take Luna to a vet now\.\*\*/)
    expect(lines[1]).toBe(
      "You wrote: “vomited three times today”. That needs a vet's eyes, not a wait at home.",
    )
    expect(lines[2]).toBe('**Repeated vomiting**')
    expect(text).not.toContain('Please get Luna seen by a vet today')
    const stored = await lastReply(chat.conversation.id)
    expect(stored).toMatchObject({ urgency: 'emergency', sign: 'vomiting' })
  })

  it('raises it on the REST row of docs/product.md §7 too', async () => {
    openai.double.setDefaultReading({
      level: 'urgent',
      sign: 'third eyelid showing',
      evidence: 'third eyelid is showing',
      about_this_cat_now: true,
    })
    const { user, cat } = await subscriberInChat(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { catId: cat.id, messages: [{ role: 'user', content: EYELID, id: 'r1' }] },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json() as { message: string; urgency: string }
    expect(body.urgency).toBe('urgent')
    expect(body.message.split('\n\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^\*\*Please get Luna seen by a vet today\.\*\*/),
      "You wrote: “third eyelid is showing”. That needs a vet's eyes, not a wait at home.",
    ])
    expect(body.message).toContain(TIPS)
  })

  it('never lowers a hard sign: "routine" from the model on a tom not passing urine stays an emergency', async () => {
    openai.double.setDefaultReading({
      level: 'routine',
      sign: 'litter habits',
      evidence: '',
      about_this_cat_now: true,
    })
    const chat = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male' } })
    const text = await sendInChat(chat, { catId: chat.cat.id, content: STRAINING, clientId: 'q1' })
    expect(text).toMatch(/^\*\*This could be an emergency\. Please take Milo to a vet now\.\*\*/)
    const stored = await lastReply(chat.conversation.id)
    expect(stored.urgency).toBe('emergency')
    expect(stored.sign).toBe('urinary-blockage')
    // The disagreement is stored for the scoreboard.
    const question = await t.db.conversationMessage.findFirstOrThrow({
      where: { conversationId: chat.conversation.id, role: 'user' },
    })
    expect(
      await t.db.triageDisagreement.findUniqueOrThrow({ where: { questionId: question.id } }),
    ).toMatchObject({
      productLevel: 'emergency',
      productSign: 'urinary-blockage',
      modelLevel: 'routine',
      replyLevel: 'emergency',
    })
  })

  it('an emergency the product found is not held back by a slow reading; its disagreement comes after', async () => {
    openai.double.setDefaultReading({
      json: { level: 'routine', sign: 'litter habits', evidence: '', about_this_cat_now: true },
      firstTokenDelayMs: 1000,
    })
    const chat = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male' } })
    const started = Date.now()
    const text = await sendInChat(chat, { catId: chat.cat.id, content: STRAINING, clientId: 'q1' })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(text).toMatch(/^\*\*This could be an emergency\. Please take Milo to a vet now\.\*\*/)
    expect((await lastReply(chat.conversation.id)).urgency).toBe('emergency')
    const stored = () =>
      t.db.triageDisagreement.count({ where: { question: { conversationId: chat.conversation.id } } })
    await expect.poll(stored, { timeout: 5000 }).toBe(1)
  })

  it('does not raise a sign the model read as not this cat now (a toy "bleeding" fluff)', async () => {
    openai.double.setDefaultReading({
      level: 'emergency',
      sign: 'bleeding',
      evidence: 'bleeding fluff',
      about_this_cat_now: false,
    })
    const chat = await subscriberInChat(t)
    const text = await sendInChat(chat, {
      catId: chat.cat.id,
      content: 'her toy mouse is bleeding fluff everywhere lol',
      clientId: 'q1',
    })
    expect(text).toBe(TIPS)
    expect((await lastReply(chat.conversation.id)).urgency).toBe('routine')
    expect(
      await t.db.triageDisagreement.count({ where: { question: { conversationId: chat.conversation.id } } }),
    ).toBe(0)
  })

  it("lists the disagreements on the safety scoreboard, the owner's words only with review consent", async () => {
    openai.double.setNextReading({
      level: 'urgent',
      sign: 'third eyelid',
      evidence: 'her third eyelid is showing',
      about_this_cat_now: true,
    })
    const chat = await subscriberInChat(t)
    await sendInChat(chat, { catId: chat.cat.id, content: EYELID, clientId: 'q1' })
    const consenting = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male' } })
    await t.db.user.update({ where: { id: consenting.user.id }, data: { reviewConsentAt: new Date() } })
    openai.double.setNextReading({
      level: 'routine',
      sign: 'litter habits',
      evidence: 'in and out of the litter box',
      about_this_cat_now: true,
    })
    await sendInChat(consenting, { catId: consenting.cat.id, content: STRAINING, clientId: 'q1' })

    // Operators are proven people: the address proved, the session carrying the proof.
    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ops/safety',
      headers: { authorization: `Bearer ${ops.token}` },
    })
    expect(res.statusCode).toBe(200)
    const board = res.json().second_reader as {
      disagreements: Array<{ product_level: string; model_level: string; count: number }>
      raised: number
      cases: Array<Record<string, unknown>>
    }
    expect(board.disagreements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_level: 'routine', model_level: 'urgent' }),
        expect.objectContaining({ product_level: 'emergency', model_level: 'routine' }),
      ]),
    )
    expect(board.raised).toBeGreaterThanOrEqual(1)
    const [latest, earlier] = board.cases
    expect(latest).toMatchObject({
      product_level: 'emergency',
      product_sign: 'urinary-blockage',
      model_level: 'routine',
      reply_level: 'emergency',
      model_sign: 'litter habits',
      evidence: 'in and out of the litter box',
      conversation_id: consenting.conversation.id,
    })
    expect(earlier).toMatchObject({
      product_level: 'routine',
      model_level: 'urgent',
      reply_level: 'urgent',
      model_sign: null,
      evidence: null,
      conversation_id: null,
    })
  })
})

describe("under the cat's open escalation", () => {
  const TOYS = 'What toys keep him busy?'
  const escalationOf = (catId: number) =>
    t.db.escalation.findFirstOrThrow({ where: { catId, closedAt: null }, orderBy: { id: 'desc' } })

  it('an everyday question the model reads at the level the cat holds stays routine, under the one reminder line', async () => {
    const chat = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male' } })
    await sendInChat(chat, { catId: chat.cat.id, content: STRAINING, clientId: 'q1' })
    // The model reads the held emergency again: that level is the escalation's, not this question's.
    openai.double.setNextReading({
      level: 'emergency',
      sign: 'urinary blockage',
      evidence: 'nothing comes out',
      about_this_cat_now: true,
    })
    const text = await sendInChat(chat, { catId: chat.cat.id, content: TOYS, clientId: 'q2' })
    const [first, ...rest] = text.split('\n\n')
    expect(first).toMatch(/^\*\*Reminder: Milo still needs a vet now\*\*/)
    expect(rest.join('\n\n')).toBe(TIPS)
    expect(text).not.toMatch(/This could be an emergency/)
    const stored = await lastReply(chat.conversation.id)
    expect(stored).toMatchObject({ urgency: 'routine', sign: null })
    expect(await escalationOf(chat.cat.id)).toMatchObject({ urgency: 'emergency', sign: 'urinary-blockage' })
  })

  it('a reading above the level held raises the reply and the escalation, the reminder giving way to it', async () => {
    const chat = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male' } })
    const urgent = await sendInChat(chat, {
      catId: chat.cat.id,
      content: "He hasn't eaten anything for three days",
      clientId: 'q1',
    })
    expect(urgent).toMatch(/^\*\*Please get Milo seen by a vet today\.\*\*/)
    openai.double.setNextReading({
      level: 'emergency',
      sign: 'third eyelid showing, quiet',
      evidence: 'his third eyelid is showing',
      about_this_cat_now: true,
    })
    const text = await sendInChat(chat, {
      catId: chat.cat.id,
      content: `${TOYS} He is quiet and his third eyelid is showing`,
      clientId: 'q2',
    })
    expect(text).toMatch(/^\*\*This could be an emergency\. Please take Milo to a vet now\.\*\*/)
    expect(text).not.toMatch(/Reminder: Milo still needs/)
    expect(await lastReply(chat.conversation.id)).toMatchObject({
      urgency: 'emergency',
      sign: 'second-reader',
    })
    expect(await escalationOf(chat.cat.id)).toMatchObject({ urgency: 'emergency', sign: 'second-reader' })
  })
})

describe('a reading that fails or is late', () => {
  it("a failed reading leaves the product's triage alone", async () => {
    openai.double.setDefaultReading({ status: 500 })
    const chat = await subscriberInChat(t)
    const text = await sendInChat(chat, { catId: chat.cat.id, content: EYELID, clientId: 'q1' })
    expect(text).toBe(TIPS)
    expect((await lastReply(chat.conversation.id)).urgency).toBe('routine')
    // One try: a retry would only be later than the reply.
    expect(openai.double.readings).toHaveLength(1)
  })

  it('a reading that does not fit the schema is no reading', async () => {
    openai.double.setDefaultReading({ json: { level: 'catastrophic', sign: 'x' } })
    const chat = await subscriberInChat(t)
    const text = await sendInChat(chat, { catId: chat.cat.id, content: EYELID, clientId: 'q1' })
    expect(text).toBe(TIPS)
    expect((await lastReply(chat.conversation.id)).urgency).toBe('routine')
    expect(
      await t.db.triageDisagreement.count({ where: { question: { conversationId: chat.conversation.id } } }),
    ).toBe(0)
  })

  it('a hanging reading holds the first piece back no longer than its time-out, the hard sign kept', async () => {
    openai.double.setDefaultReading({ hang: true })
    const chat = await subscriberInChat(t)
    const started = Date.now()
    const routine = await sendInChat(chat, { catId: chat.cat.id, content: EYELID, clientId: 'q1' })
    const waited = Date.now() - started
    expect(routine).toBe(TIPS)
    expect(waited).toBeGreaterThanOrEqual(READING_TIMEOUT_MS - 50)
    expect(waited).toBeLessThan(READING_TIMEOUT_MS + 1500)
    expect((await lastReply(chat.conversation.id)).urgency).toBe('routine')

    const tom = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male' } })
    const urgent = await sendInChat(tom, { catId: tom.cat.id, content: STRAINING, clientId: 'q1' })
    expect(urgent).toMatch(/^\*\*This could be an emergency\. Please take Milo to a vet now\.\*\*/)
    expect((await lastReply(tom.conversation.id)).urgency).toBe('emergency')
  })
})

describe('with no model', () => {
  const offline = suiteApp(() => createTestApp())

  it("the product's triage alone: nothing is read, nothing stored", async () => {
    const chat = await subscriberInChat(offline)
    await sendInChat(chat, { catId: chat.cat.id, content: EYELID, clientId: 'q1' })
    const stored = await offline.db.conversationMessage.findFirstOrThrow({
      where: { conversationId: chat.conversation.id, role: 'assistant' },
    })
    expect(stored.urgency).toBe('routine')
    expect(await offline.db.triageDisagreement.count()).toBe(0)
  })
})
