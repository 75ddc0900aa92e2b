import { describe, expect, it } from 'vitest'
import { createOfflineAssistant } from '../../server/services/assistant/offline/index.ts'
import { KNOWLEDGE_BASE, type TopicId } from '../../server/services/assistant/offline/knowledge.ts'
import { composeReply, NOT_A_VET_OPENING } from '../../server/services/assistant/offline/specialist.ts'
import { matchTopics } from '../../server/services/assistant/offline/topic-match.ts'
import type { AssistantMessage, CatProfileForAssistant } from '../../server/services/assistant/types.ts'
import { foodText, nutritionRule, weeksToTarget } from '../../shared/rules/nutrition.ts'

const assistant = createOfflineAssistant()
const EMERGENCY_START = '**This could be an emergency. Please take'

const ask = (content: string, cat: CatProfileForAssistant | null = null, earlier: AssistantMessage[] = []) =>
  composeReply({ cat, history: [...earlier, { role: 'user', content }] })

async function collect(
  iterable: AsyncIterable<string>,
  onPiece?: (index: number) => void,
): Promise<string[]> {
  const pieces: string[] = []
  for await (const piece of iterable) {
    pieces.push(piece)
    onPiece?.(pieces.length)
  }
  return pieces
}

const TOPIC_QUESTIONS: ReadonlyArray<readonly [TopicId, string]> = [
  ['feeding', 'How much should I feed my cat each day?'],
  ['weight', 'My cat is overweight, how can she lose weight?'],
  ['litter-box', 'He keeps peeing outside the litter box'],
  ['vomiting', 'My cat keeps throwing up hairballs'],
  ['digestion', 'She has had diarrhoea since yesterday'],
  ['appetite', "He hasn't eaten anything since yesterday morning"],
  ['grooming', 'Her long coat keeps getting matted, how do I groom her?'],
  ['dental', "Should I brush my cat's teeth?"],
  ['play', 'What toys can keep my indoor cat from getting bored?'],
  ['behaviour', 'She is very anxious and hides all the time'],
  ['scratching', 'How do I stop him scratching the sofa?'],
  ['introductions', 'How do I introduce a new kitten to my resident cat?'],
  ['travel', 'Any tips for a long car journey with my cat in a carrier?'],
  ['kittens', 'When should my kitten get her vaccinations?'],
  ['seniors', 'My cat is 14 now, what changes come with old age?'],
  ['arthritis', "She seems stiff and won't jump on the bed anymore"],
  ['kidney', 'My vet says she has kidney disease, what should I do?'],
  ['diabetes', 'He was just diagnosed with diabetes, how does insulin work?'],
  ['hyperthyroidism', 'Is hyperthyroidism treatable in cats?'],
  ['urinary', 'How can I keep her bladder healthy and avoid urinary crystals?'],
  ['parasites', 'How do I get rid of fleas in the house?'],
  ['respiratory', 'My cat is sneezing and has a runny nose'],
]

const EMERGENCIES: ReadonlyArray<readonly [string, string]> = [
  ['open-mouth breathing', 'Luna is breathing with her mouth open'],
  ['gasping', 'she is gasping for air'],
  ['blue gums', 'her gums look blue'],
  ['male straining', 'he keeps straining in the litter box'],
  ['no urine', "he hasn't peed all day"],
  ['cannot urinate', "my boy can't pee"],
  ['lilies', 'she licked pollen from the lilies on the table'],
  ['antifreeze', 'I think he drank some antifreeze in the garage'],
  ['paracetamol', 'I gave her half a paracetamol for the pain'],
  ['acetaminophen', 'he chewed an acetaminophen tablet'],
  ['permethrin', 'I put a dog flea spot-on on my cat by mistake'],
  ['chocolate', 'she ate some dark chocolate'],
  ['onions', 'he ate gravy with onions in it'],
  ['garlic', 'she licked garlic butter'],
  ['rat poison', 'I think she ate rat poison'],
  ['seizure', 'my cat is having a seizure'],
  ['collapse', 'he suddenly collapsed in the kitchen'],
  ['bleeding', "her paw won't stop bleeding"],
  ['hit by a car', 'my cat was hit by a car but seems ok'],
]

describe('offline specialist: topics', () => {
  it('covers every knowledge-base topic in this table', () => {
    expect(new Set(TOPIC_QUESTIONS.map(([id]) => id))).toEqual(
      new Set(KNOWLEDGE_BASE.map((topic) => topic.id)),
    )
  })

  it.each(TOPIC_QUESTIONS)('%s: %j', (id, question) => {
    expect(matchTopics(question)[0]?.id).toBe(id)
    const topic = KNOWLEDGE_BASE.find((entry) => entry.id === id)
    const reply = ask(question, { name: 'Luna' })
    expect(reply).toContain(`**${topic?.title}**`)
    expect(reply).toContain('- ')
  })

  it('gives every topic 3 to 6 sentences of advice', () => {
    for (const topic of KNOWLEDGE_BASE) {
      const text = [topic.summary, ...topic.tips, topic.whenToSeeVet ?? ''].join(' ')
      const sentences = text.split(/[.!?](?:\s|$)/).filter((part) => part.trim().length > 0)
      expect(sentences.length, topic.id).toBeGreaterThanOrEqual(3)
      expect(topic.tips.length, topic.id).toBeLessThanOrEqual(5)
    }
  })

  it('asks a clarifying question and lists what it can help with when nothing matches', () => {
    const reply = ask('What do you think about the weather?', { name: 'Luna' })
    expect(reply).toMatch(/Could you tell me a bit more/)
    expect(reply).toContain("Here's what I can help with")
    expect(reply).toContain('Luna')
    expect(reply).not.toContain(NOT_A_VET_OPENING)
  })

  it('offers the issue from the interview when the question is vague', () => {
    const reply = ask('Can you help me?', { name: 'Luna', issuesFaced: ['She scratches the sofa'] })
    expect(reply).toContain('"She scratches the sofa"')
  })

  it('greets and thanks', () => {
    expect(ask('hi', { name: 'Luna' })).toMatch(/^Hi, I'm Dr\. Olivia! How is Luna doing today\?/)
    expect(ask('thanks!', { name: 'Luna' })).toMatch(/^You're very welcome!/)
    expect(composeReply({ cat: null, history: [] })).toMatch(/your cat/)
  })

  it('is deterministic', () => {
    const cat = { name: 'Luna', age: 12 }
    expect(ask('she keeps vomiting', cat)).toBe(ask('she keeps vomiting', cat))
  })
})

describe('offline specialist: personalisation', () => {
  it("uses the cat's name, and 'your cat' without a profile", () => {
    expect(ask('How much should I feed her?', { name: 'Luna' })).toContain('Luna')
    expect(ask('How much should I feed her?', null)).toContain('your cat')
  })

  it('adds a senior note for older cats and a kitten note for kittens', () => {
    expect(ask('She pees outside the litter box', { name: 'Luna', age: 13 })).toContain(
      '**Because Luna is a senior (13 years):**',
    )
    expect(ask('What games should we play?', { name: 'Mochi', age: 0.5 })).toContain(
      '**Because Mochi is a kitten:**',
    )
    expect(ask('What games should we play?', { name: 'Mochi', age: 4 })).not.toMatch(/kitten:|senior/)
  })

  it('works out a weight plan from the weight and target weight', () => {
    const reply = ask('How can I help her lose weight?', {
      name: 'Luna',
      weight: 14,
      weightUnit: 'Lbs',
      targetWeight: 11,
    })
    const plan = nutritionRule({ weight: 14, target_weight: 11, unit: 'Lbs', activity_level: null })
    if (plan.kind !== 'plan') throw new Error(plan.text)
    expect(reply).toContain("**Luna's weight plan:** going from 14 lbs to 11 lbs")
    // The time and the pace are the plan's own prediction (about 1 % a week), not a blanket "1 to 2 %".
    expect(reply).toContain(`roughly ${weeksToTarget(plan, 14 * 0.453592, 11 * 0.453592)} weeks at that pace`)
    expect(reply).toContain('should lose about 1 % of body weight a week')
    expect(reply).not.toMatch(/a safe 1 to 2 ?%/)
    expect(reply).toMatch(/about \d+ kcal a day/)
    // The one nutrition rule: the same food as the plan, /progress, the report and the model.
    expect(reply).toContain(foodText(plan))
  })

  it('questions a target under 70 % of the weight instead of planning it', () => {
    const reply = ask('How can I help her lose weight?', {
      name: 'Tom',
      weight: 10,
      weightUnit: 'Kg',
      targetWeight: 4,
    })
    expect(reply).toContain("**Tom's weight plan:** A target of 4 kg is less than 70 %")
    expect(reply).not.toMatch(/kcal a day/)
  })

  it("questions a target outside the breed's healthy range, in the owner's unit", () => {
    const reply = ask('How can I help him lose weight?', {
      name: 'Big',
      breed: 'Maine Coon',
      weight: 27,
      weightUnit: 'Lbs',
      targetWeight: 25,
    })
    expect(reply).toContain(
      "**Big's weight plan:** A target of 25 lb is outside the healthy adult range for a Maine Coon (8 to 18 lb;",
    )
    expect(reply).toContain('25 lbs is obese')
    expect(reply).not.toMatch(/kcal a day/)
  })

  it('gives a cat that is not eating no diet, even when asked for one', () => {
    const cat = { name: 'Luna', weight: 14, weightUnit: 'Lbs', targetWeight: 11 }
    const reply = ask("Luna hasn't eaten since yesterday. How much should she eat to lose weight?", cat)
    expect(reply).not.toMatch(/kcal|going from|lose about/)
    // A day without food is triaged: the reply is the same-day escalation, which explains fatty liver.
    expect(reply).toMatch(/^\*\*Please get Luna seen by a vet today/)
    expect(reply).toMatch(/fatty liver/)
    expect(reply.indexOf('**Not eating**')).toBeGreaterThan(-1)
  })

  it('reads the activity level, conditions, medications, breed and dietary restrictions', () => {
    const cat: CatProfileForAssistant = {
      name: 'Luna',
      activityLevel: 'Mostly Inactive',
      medicalConditions: 'Kidney Disease',
      medications: 'benazepril',
      dietaryRestrictions: 'renal diet only',
      breed: 'Sphynx',
    }
    expect(ask('How do I get her to play more?', cat)).toContain('**Luna is mostly inactive:**')
    const feeding = ask('What should I feed her?', cat)
    expect(feeding).toContain('Because Luna has kidney disease')
    expect(feeding).toContain('renal diet only')
    expect(ask('Her stomach is upset and she keeps vomiting', cat)).toContain('benazepril')
    expect(ask('How often should I bathe her?', cat)).toContain('weekly bath')
  })

  it("ignores the cat's own name when looking for emergencies", () => {
    const reply = ask('Lily keeps throwing up after meals', { name: 'Lily' })
    expect(reply.startsWith(EMERGENCY_START)).toBe(false)
    expect(reply).toContain('**Vomiting and hairballs**')
  })
})

describe('offline specialist: urgent-care triage', () => {
  it.each(EMERGENCIES)('%s: starts with the emergency advice', (_case, question) => {
    const reply = ask(question, { name: 'Luna' })
    expect(reply.startsWith(`${EMERGENCY_START} Luna to a vet now.**`)).toBe(true)
    expect(reply).toMatch(/emergency clinic/)
  })

  it('treats straining as an emergency for a male cat, and as a same-day visit with the deciding question for a female', () => {
    const question = 'Straining in the litter box a lot today'
    expect(ask(question, { name: 'Tom', gender: 'Male' }).startsWith(EMERGENCY_START)).toBe(true)
    const female = ask(question, { name: 'Luna', gender: 'Female' })
    expect(female.startsWith('**Please get Luna seen by a vet today.**')).toBe(true)
    expect(female).toContain('Is Luna passing any urine at all?')
    expect(female).not.toContain('**Urinary problems**')
  })

  it('does not raise an alarm for ordinary litter box trouble or toy questions', () => {
    expect(ask('she is not peeing in the box anymore', { name: 'Luna' }).startsWith(EMERGENCY_START)).toBe(
      false,
    )
    expect(ask('is catnip safe?', { name: 'Luna' }).startsWith(EMERGENCY_START)).toBe(false)
  })
})

describe('offline specialist: not-a-vet note', () => {
  it('appears on medical questions', () => {
    expect(ask('My cat keeps throwing up', { name: 'Luna' })).toContain(NOT_A_VET_OPENING)
    expect(ask('Is she sick? She seems unwell', { name: 'Luna' })).toContain(NOT_A_VET_OPENING)
  })

  it('does not appear on a play question', () => {
    expect(ask('What toys are best for an indoor cat?', { name: 'Luna' })).not.toContain(NOT_A_VET_OPENING)
  })

  it('is not repeated right after a reply that already had it', () => {
    const first = ask('My cat keeps throwing up', { name: 'Luna' })
    const second = ask('And she sneezes a lot too', { name: 'Luna' }, [
      { role: 'user', content: 'My cat keeps throwing up' },
      { role: 'assistant', content: first },
    ])
    expect(second).toContain('**Sneezing and cat flu**')
    expect(second).not.toContain(NOT_A_VET_OPENING)
  })
})

describe('offline specialist: streaming', () => {
  const input = {
    cat: { name: 'Luna' },
    history: [{ role: 'user' as const, content: 'How do I stop her scratching the sofa?' }],
  }

  it('yields several pieces that join to the full reply', async () => {
    const pieces = await collect(assistant.reply(input))
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe(composeReply(input))
  })

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController()
    const pieces = await collect(assistant.reply({ ...input, signal: controller.signal }), () =>
      controller.abort(),
    )
    expect(pieces).toHaveLength(1)
  })

  it('yields nothing when already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    expect(await collect(assistant.reply({ ...input, signal: controller.signal }))).toEqual([])
  })
})

describe('offline specialist: a household of cats', () => {
  /** Luna, chosen in the switcher, in a household with Oscar. */
  const luna: CatProfileForAssistant = { name: 'Luna', household: { names: ['Luna', 'Oscar'], chosen: true } }
  const WHICH = /Which of your cats/

  it.each([
    'My other cat keeps throwing up after meals',
    'One of my cats has stopped using the litter box',
    'What about the other one?',
    'the other one keeps sneezing',
  ])('asks which cat, by name, when %j does not say which', (question) => {
    const reply = ask(question, luna)
    expect(reply).toMatch(WHICH)
    expect(reply).toContain('Luna or Oscar')
    expect(reply).not.toMatch(/\*\*(Vomiting|Litter|Sneezing)/)
    expect(reply).not.toContain('for Luna')
  })

  it('asks which cat when the owner names a cat they do not have', () => {
    const reply = ask('My cat Bella keeps scratching the sofa', luna)
    expect(reply).toMatch(WHICH)
    expect(reply).toContain('Bella')
    expect(reply).toContain('Luna or Oscar')
    expect(reply).not.toContain('**Scratching')
  })

  it('lists three cats as a list, the last with "or"', () => {
    const reply = ask('One of my cats is hiding all day', {
      name: 'Luna',
      household: { names: ['Luna', 'Oscar', 'Milo'], chosen: true },
    })
    expect(reply).toContain('Luna, Oscar or Milo')
  })

  it("answers a plain message about the switcher's cat without asking", () => {
    const reply = ask('How much should I feed her each day?', luna)
    expect(reply).not.toMatch(WHICH)
    expect(reply).toContain('Luna')
    expect(reply).toContain('**Feeding')
  })

  it('answers when the message names one of the owner cats, and never asks an owner of one cat', () => {
    expect(ask('My other cat Oscar keeps throwing up', luna)).not.toMatch(WHICH)
    expect(ask('My other cat keeps throwing up', { name: 'Luna' })).not.toMatch(WHICH)
    expect(
      ask('My other cat keeps throwing up', { name: 'Luna', household: { names: ['Luna'], chosen: true } }),
    ).not.toMatch(WHICH)
  })

  it('escalates an emergency first, for "your cat" rather than the switcher\'s cat', () => {
    const reply = ask('My other cat just ate a lily leaf', luna)
    expect(reply.startsWith(`${EMERGENCY_START} your cat to a vet now.**`)).toBe(true)
    expect(reply).not.toContain('Luna')
  })

  it('answers the question it asked about once the owner says which cat', () => {
    const question = 'My other cat keeps sneezing'
    const asked = ask(question, luna)
    const reply = ask('Oscar', { name: 'Oscar' }, [
      { role: 'user', content: question },
      { role: 'assistant', content: asked },
    ])
    expect(reply).toContain('**Sneezing and cat flu**')
    expect(reply).toContain('Oscar')
    expect(reply).not.toMatch(WHICH)
  })
})
