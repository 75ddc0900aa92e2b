// Offline answers that answer the question asked (docs/triage.md, "Offline answers"): the everyday
// questions owners ask most get their answer in the reply's first lines, in the cat's terms (age, weight,
// conditions from the profile or the message), then the topic's text; no quiz line after a message that
// says what is going on. Through the real chat procedure (conversation.send) and the REST row
// (POST /api/openai/chat) on the offline specialist.
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import type { CatFields } from '../helpers/subscribers.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp(() => createTestApp())

async function ask(content: string, cat: CatFields) {
  const chat = await subscriberInChat(t, { cat })
  const text = await sendInChat(chat, { catId: chat.cat.id, content, clientId: 'q1' })
  const stored = await t.db.conversationMessage.findFirstOrThrow({
    where: { conversationId: chat.conversation.id, role: 'assistant' },
  })
  return { lines: text.split('\n\n'), text, urgency: stored.urgency }
}

const KITTEN: CatFields = { name: 'Pip', age: 0, weight: 1.1, weightUnit: 'kg', gender: 'Female' }
const ADULT: CatFields = { name: 'Milo', age: 6, weight: 7, weightUnit: 'kg', gender: 'Male' }

describe('feeding questions get a clear answer first', () => {
  it('a 9-week kitten on the adult food at the adult amount: kitten food, more meals, more per kg', async () => {
    const { lines, urgency } = await ask(
      'My 9-week kitten eats the adult food at the adult amount and is always starving',
      KITTEN,
    )
    expect(urgency).toBe('routine')
    expect(lines[0]).toMatch(
      /^\*\*Pip needs kitten food, more meals, and more food per kilogram than an adult cat\.\*\*/,
    )
    expect(lines[0]).toContain('At 9 weeks, Pip is growing fast')
    expect(lines[0]).toMatch(/two to three times the calories per kilogram/)
    expect(lines[1]).toMatch(/four small meals a day until about 6 months/)
    // Then the kittens topic, not adult portion advice.
    expect(lines).toContain('**Kitten care**')
    expect(lines.join('\n')).not.toContain('Feeding and portions')
  })

  it('a home-made vegan diet: a clear no, and why (taurine, complete and balanced)', async () => {
    const { lines } = await ask('we want to feed her a home-made vegan diet', KITTEN)
    expect(lines[0]).toMatch(/^\*\*No: please don't feed Pip a vegan or vegetarian diet/)
    expect(lines[0]).toMatch(/taurine \(without it cats go blind and develop heart failure\)/)
    expect(lines[1]).toMatch(/^For a growing kitten like Pip/)
    expect(lines[2]).toMatch(/complete and balanced cat food/)
  })

  it('plain raw chicken breast for a 10-week kitten: unsafe, calcium and phosphorus, bacteria', async () => {
    const { lines } = await ask('is plain raw chicken breast ok for my 10 week kitten?', KITTEN)
    expect(lines[0]).toMatch(
      /^\*\*No: plain raw meat on its own, raw chicken breast included, is not a safe diet for Pip\.\*\*/,
    )
    expect(lines[0]).toMatch(/almost no calcium and a lot of phosphorus/)
    expect(lines[1]).toMatch(/^At 10 weeks, Pip is growing fast/)
    expect(lines[2]).toMatch(/Salmonella and Campylobacter/)
  })

  it('a home-made diet for an adult with a condition: a nutritionist, and the vet for the condition', async () => {
    const { lines } = await ask('I want to make her food myself, a home-made diet', {
      ...ADULT,
      name: 'Nala',
      medicalConditions: 'kidney disease',
    })
    expect(lines[0]).toMatch(/^\*\*Not without a recipe from a veterinary nutritionist, please\.\*\*/)
    expect(lines[0]).toMatch(/calcium for its phosphorus/)
    expect(lines[1]).toBe(
      'Because Nala has kidney disease, the diet must be planned with your vet in any case.',
    )
  })

  it('halving the food to slim by summer: no, at most 1-2 % a week in his own grams, and no escalation', async () => {
    const { lines, urgency } = await ask("I'm going to halve his food to get the weight off by summer", ADULT)
    expect(urgency).toBe('routine')
    expect(lines[0]).toMatch(
      /^\*\*No: please don't halve Milo's food, skip meals or fast Milo to lose weight\.\*\*/,
    )
    expect(lines[0]).toMatch(/hepatic lipidosis/)
    expect(lines[1]).toBe('Safe weight loss for a cat is slow: at most 1 to 2 % of body weight a week.')
    expect(lines[2]).toMatch(/^For Milo at 7 kg, that is no more than 70 to 140 g a week/)
    expect(lines.join('\n')).not.toMatch(/not eating|off (his )?food/i)
  })

  it('in pounds, the weekly loss is in ounces', async () => {
    const { lines } = await ask('crash diet for him so he loses weight fast?', {
      ...ADULT,
      weight: 15,
      weightUnit: 'lbs',
    })
    expect(lines[2]).toMatch(/^For Milo at 15 lbs, that is no more than 2\.4 to 4\.8 oz a week/)
  })

  // Once read as the cat off her food (`not-eating-ask`); the owner's plan for the food is a feeding
  // question (the `owner-feeding-plan` context rule, server/knowledge/triage-context.json).
  it('"halve his food and skip breakfast" is not escalated as off food', async () => {
    const { lines, urgency } = await ask(
      "I'll halve his food and skip breakfast to get the weight off by summer",
      ADULT,
    )
    expect(urgency).toBe('routine')
    expect(lines[0]).toMatch(/^\*\*No: please don't halve Milo's food/)
  })
})

describe('everyday care questions', () => {
  it.each([
    [
      'he eats grass and then throws up',
      /^\*\*A little grass now and then is normal for Milo/,
      '**Vomiting and hairballs**',
    ],
    [
      'he brings up hairballs now and then',
      /^\*\*An occasional hairball, one or two a month, is normal for Milo/,
      '**Vomiting and hairballs**',
    ],
    [
      'which litter is best?',
      /^\*\*For Milo: an unscented, fine-grained clumping litter/,
      '**Litter box habits**',
    ],
    ['how do I stop him scratching the sofa?', /^\*\*Scratching is normal and needed/, '**Scratching**'],
    [
      'how do I introduce a new kitten to him?',
      /^\*\*Slowly, over one to two weeks or more, at Milo's pace/,
      '**Introducing a new cat or pet**',
    ],
    [
      'he sleeps all day, is that normal?',
      /^\*\*Sleeping a lot is normal for Milo/,
      '**Behaviour, stress and anxiety**',
    ],
    [
      'we are travelling by car for 6 hours next week',
      /^\*\*For Milo, the trip starts a week before/,
      '**Carriers, vet visits and travel**',
    ],
  ])('%s', async (question, first, topic) => {
    const { lines, urgency } = await ask(question, ADULT)
    expect(urgency).toBe('routine')
    expect(lines[0]).toMatch(first)
    // The answer, then the topic's own text.
    expect(lines.indexOf(topic)).toBeGreaterThan(0)
  })

  it('answers over the REST row too', async () => {
    const { user, cat } = await subscriberInChat(t, { cat: KITTEN })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        catId: cat.id,
        messages: [{ role: 'user', content: 'can my 10 week kitten eat raw chicken?', id: 'r1' }],
      },
    })
    expect(res.statusCode).toBe(200)
    expect((res.json() as { message: string }).message).toMatch(/^\*\*No: plain raw meat on its own/)
  })
})

describe('no quiz line that is not about the question', () => {
  it('a message that says what is going on gets no "You mentioned…" from the quiz', async () => {
    const { text } = await ask('my cat is acting weird today, any idea why?', {
      ...ADULT,
      issuesFaced: ['Time Constraints'],
    })
    expect(text).not.toMatch(/You mentioned/)
  })

  it('a vague message still starts from what the quiz said', async () => {
    const { text } = await ask('any advice?', { ...ADULT, issuesFaced: ['Time Constraints'] })
    expect(text).toMatch(/You mentioned "Time Constraints"/)
  })
})
