// The triage reads owners' language, not its own test phrases (docs/triage.md): spelling, negation, the
// facts that decide a rule, exposures asked as questions, prevention questions, and an escalation that
// holds through the conversation until the owner says the cat has been seen.
import { describe, expect, it } from 'vitest'
import { type TriageTurn, triageMessage } from '../../server/domain/chat/triage.ts'
import { readConcepts, spelling } from '../../server/domain/triage/concepts.ts'
import { normaliseMessage } from '../../server/domain/triage/normalise.ts'
import { TRIAGE_CONCEPTS } from '../../server/knowledge/index.ts'

const tom = { gender: 'Male' }
const queen = { gender: 'Female' }
const words = (text: string) => normaliseMessage(text, spelling).text
const concepts = (text: string) =>
  readConcepts(normaliseMessage(text, spelling)).mentions.map((m) => `${m.negated ? '!' : ''}${m.concept}`)

describe('normalisation', () => {
  it('corrects misspelt words to the triage vocabulary, and leaves English words alone', () => {
    expect(words('he ate an asprin and some ibuprofin')).toBe('he ate an aspirin and some ibuprofen')
    expect(words('siezure, vommiting, lilly, letargic')).toBe('seizure vomiting lily lethargic')
    expect(words('his guns and my gums')).toBe('his guns and my gums')
  })

  it('prefers the word with the typed letters swapped, and keeps breed and day names', () => {
    expect(words('tinsle, tounge, tiem')).toBe('tinsel tongue time')
    expect(words('a persian, a bengal, since monday')).toBe('a persian a bengal since monday')
  })

  it('writes out contractions and SMS spellings', () => {
    expect(words('he hasnt peed 2day, cant go, pls help u')).toBe(
      'he has not peed today can not go please help you',
    )
  })

  it('marks what a negation reaches, within its clause', () => {
    const none = concepts('no vomiting, no diarrhoea')
    expect(none).toEqual(expect.arrayContaining(['!vomit', '!diarrhoea']))
    expect(none).not.toContain('vomit')
    expect(concepts("he isn't eating and he is vomiting")).toEqual(expect.arrayContaining(['!eat', 'vomit']))
    expect(concepts("his paw won't stop bleeding")).toContain('bleed')
  })

  it('reads durations, temperatures, ages and counts', () => {
    const facts = (text: string) => normaliseMessage(text, spelling).facts
    expect(facts("hasn't eaten since Saturday").hours).toBeGreaterThanOrEqual(24)
    expect(facts('not drinking 48 hrs').hours).toBe(48)
    expect(facts('for an hour').hours).toBe(1)
    expect(facts("it's 37 degrees in the flat").celsius).toBe(37)
    expect(facts('it is 100F in here').celsius).toBeCloseTo(37.8, 1)
    expect(facts('a 3 week old kitten').ageWeeks).toBe(3)
    expect(facts('she threw up 5 times').times).toBe(5)
  })

  it('has no concept phrase that only a filler word kept apart from an everyday word', () => {
    // "the runs" would otherwise be "runs", and "all the time" would be "time".
    for (const [concept, phrases] of Object.entries(TRIAGE_CONCEPTS)) {
      for (const phrase of phrases) {
        const typed = phrase.split(/\s+/).length
        const kept = readConcepts(normaliseMessage(phrase, spelling)).mentions.filter(
          (m) => m.concept === concept,
        )
        expect(kept.length, `${concept}: "${phrase}"`).toBeGreaterThan(0)
        if (typed > 1)
          expect(
            kept.some((m) => m.end > m.start),
            `${concept}: "${phrase}"`,
          ).toBe(true)
      }
    }
  })
})

describe('signs however they are written', () => {
  it.each([
    ['A tom cat in and out of the tray, only a couple of drops each time', tom],
    ['his gums look kind of white', tom],
    ["went stiff and was paddling his legs, now he's dazed", tom],
    ["got clipped by a car but he's eating", tom],
    ["it's 37 degrees in the flat and she's drooling and unsteady", queen],
    ['a little kitten we found is cold and hardly moves', {}],
    ['she has been pushing for an hour and no kitten', queen],
    ["vomiting all day and won't get up", tom],
    ["is it bad that I used my dog's spot-on on him?", tom],
    ['what should I do, she has lily pollen on her face?', queen],
    ['one paracetamol is missing from the strip he was playing with', tom],
    ['he chewed one of my venlafaxine', tom],
    ['she licked some of my K9 Advantix off the dog', queen],
    // Words owners use: "zapped", a counted breathing rate, a yellow cat off food, green discharge, brands.
    ['he bit the charger cable and got zapped, now drooling', tom],
    ['her sleeping breathing rate is 52 breaths a minute', queen],
    ["he hasn't eaten since yesterday and his ears look yellow", tom],
    ['she has green discharge and no kitten has come out', queen],
    ['my cat chewed my nicorette and is shaking', tom],
    ['he was licking a puddle under the car', tom],
    ['there is a thread coming out from behind', tom],
  ])('%s: emergency', (text, cat) => {
    expect(triageMessage(text, cat).urgency).toBe('emergency')
  })

  it.each([
    ["he's been hopping on 3 legs since yesterday", 'limping'],
    ['limping since yesterday and the paw is swollen', 'limping'],
    ['my cat has diarrhoea with blood in it', 'diarrhoea-blood'],
    ['he has got the runs and is really lethargic', 'diarrhoea-blood'],
    ['his tummy is big and round all of a sudden', 'swollen-belly'],
  ])('%s: seen today', (text, id) => {
    const result = triageMessage(text, tom)
    expect(result.urgency).toBe('urgent')
    expect(result.findings.map((f) => f.id)).toContain(id)
  })

  it('a chewed phone cable with drooling is an electric burn; lavender and citronella are warned of', () => {
    expect(triageMessage('he chewed through a phone cable and is drooling', tom).urgency).toBe('emergency')
    expect(triageMessage('is a citronella candle safe with cats?', tom).caution).toMatch(/not safe/)
    expect(triageMessage('is lavender safe for cats?', tom).caution).toMatch(/not safe/)
  })

  it('a glow stick or silica gel is answered calmly; a skipped meal with dinner eaten is no alarm', () => {
    const glow = triageMessage('she bit into a glow stick and is drooling loads', queen)
    expect(glow.urgency).toBe('routine')
    expect(glow.caution).toMatch(/glow sticks/)
    expect(triageMessage('he ate some silica gel beads, seems fine', tom).urgency).toBe('routine')
    expect(triageMessage('she skipped breakfast but ate her dinner fine', queen).urgency).toBe('routine')
    expect(
      triageMessage('he pants for a few seconds after chasing the laser, then he is fine', tom).urgency,
    ).toBe('routine')
  })

  it('a female straining to pee needs a vet today, with the deciding question', () => {
    const result = triageMessage('she keeps straining in the litter tray', queen)
    expect(result.urgency).toBe('urgent')
    expect(result.escalation).toContain('Is {name} passing any urine at all?')
  })

  it('an 18 lb cat off his food since Saturday is urgent, and told never to be starved', () => {
    const result = triageMessage("He hasn't touched his food since Saturday", { ...tom, weight: 18 })
    expect(result.urgency).toBe('urgent')
    expect(result.escalation).toMatch(/never be starved/)
  })

  it('first aid matches the sign: a hot cat is cooled, not wrapped; a cold kitten is warmed first', () => {
    const hot = triageMessage("it's 37 degrees and she's panting and wobbly", queen).escalation ?? ''
    expect(hot).toMatch(/wet the fur with cool/)
    expect(hot).not.toMatch(/Keep \{name\} warm/)
    const kitten = triageMessage('a newborn kitten is cold and not nursing', {}).escalation ?? ''
    expect(kitten).toMatch(/Warm the kitten first/)
    expect(kitten).toMatch(/never feed it until it is warm/)
  })

  it('slug pellets are metaldehyde, not rat poison; a peace lily is not a true lily', () => {
    expect(triageMessage('he ate some slug pellets', tom).findings.map((f) => f.id)).toEqual(['slug-bait'])
    const peace = triageMessage('she chewed the peace lily leaves', queen)
    expect(peace.findings.map((f) => f.id)).toEqual(['irritant-plants'])
    expect(peace.urgency).toBe('urgent')
    expect(triageMessage('he nibbled lily of the valley', tom).findings.map((f) => f.id)).toEqual([
      'lily-of-the-valley',
    ])
  })
})

describe('what happened, what might, and everyday words', () => {
  it.each([
    'can I give him aspirin for his limp?',
    'are tulip bulbs ok in the garden with a cat?',
    'is my eucalyptus diffuser safe for her?',
    // An imagined condition, a passive, a modal question: nothing happened yet.
    'would it be bad if she licked some bleach?',
    'are batteries toxic if chewed by a cat',
    'can my cat eat a bit of sugar free yogurt?',
    'can he be poisoned if he eats a mouse that ate rat bait?',
  ])('a question before anything happened is warned calmly: %s', (text) => {
    const result = triageMessage(text, tom)
    expect(result.urgency).toBe('routine')
    expect(result.caution).toMatch(/\b(?:not safe|toxic|poisonous|dangerous|harmful)\b/)
  })

  it.each([
    'after I put Advantix on him he started twitching',
    "i just did it, put my dog's flea drops on him, is that ok?",
    'i was applying tea tree oil to her skin, now she is drooling',
    'she has yellow powder from the lilies on her white fur, is it dangerous?',
    'I saw the cat chewing one of the rat bait blocks, should I do anything?',
    'my cat has bite the leaf from the lily, now he is normal',
  ])('an exposure told in any grammar is an emergency: %s', (text) => {
    expect(triageMessage(text, tom).urgency).toBe('emergency')
  })

  it.each([
    'He had a fit of the zoomies at 3 am',
    'how do I stop my cat getting hit by a car?',
    'how do I keep him cool in a heatwave?',
    'no vomiting, no diarrhoea, just wondering about his diet',
    'she is not peeing outside the box anymore, thanks',
    'he twitches in his sleep, is he dreaming?',
    'how can I stop him jumping on the hob, I do not want him to get burnt',
    'my cat is pregnant, what do I need to prepare for the birth?',
  ])('no alarm for an everyday message: %s', (text) => {
    const result = triageMessage(text, tom)
    expect(result.urgency, text).toBe('routine')
    expect(result.escalation).toBeNull()
  })
})

describe("another animal's or a person's sign is not the cat's", () => {
  it.each([
    'my dog had a seizure this morning, is my cat at risk?',
    'my rabbit has diarrhoea with blood in it',
    'our budgie is panting with its beak open, which vet sees birds?',
    'I had a seizure last night, can cats sense them?',
    'the cat next door got hit by a car, how do I keep mine safe?',
    "my neighbour's cat is vomiting, can mine catch it?",
    'i burnt my hand on the oven, anyway what food is best for seniors?',
  ])('no alarm: %s', (text) => {
    const result = triageMessage(text, tom)
    expect(result.urgency, text).toBe('routine')
    expect(result.escalation).toBeNull()
  })

  it('a poison the dog had is answered calmly for the cat, not as an exposure', () => {
    const result = triageMessage(
      "my dog ate a chocolate bar, the cat didn't eat any, what do I watch for?",
      tom,
    )
    expect(result.urgency).toBe('routine')
    expect(
      triageMessage('my dog has a permethrin spot-on, is it safe for my cat to live with him?', tom).caution,
    ).toMatch(/not safe|toxic|dangerous/)
  })

  it.each([
    "the neighbour's dog bit him and he's bleeding a lot",
    'the dog attacked my cat, there are puncture wounds on his neck',
    'my dog ate grapes, my cat ate some too',
    "the neighbour's cat attacked him and he has a deep wound",
    'my other cat is vomiting blood',
  ])('what the other animal did to the cat, or the cat did too, still counts: %s', (text) => {
    expect(triageMessage(text, tom).urgency).toBe('emergency')
  })
})

describe('an escalation holds through the conversation', () => {
  const warned: TriageTurn[] = [
    { role: 'user', content: "He's in and out of the tray and only drops come out" },
    { role: 'assistant', content: '**This could be an emergency.**', urgency: 'emergency' },
  ]

  it.each([
    ["I can't afford the emergency vet", /payment plans/],
    ['he seems fine now', /hide pain/],
    ['can I just watch him tonight?', /24-hour emergency clinic/],
    ['I washed it off', /washing it off helps but doesn't replace the vet/],
    ['what can I give him at home instead?', /don't give anything at home/],
    ['the vet can not see us until Thursday', /24-hour emergency clinic/],
  ])('%s: keeps the level and answers the worry', (text, answer) => {
    const result = triageMessage(text, tom, warned)
    expect(result.urgency).toBe('emergency')
    expect(result.kept).toBe(true)
    expect(result.escalation).toMatch(answer)
  })

  it('ends when the owner says the cat has been seen, or that it was a mistake', () => {
    expect(triageMessage('the vet saw him and he is fine', tom, warned).urgency).toBe('routine')
    expect(triageMessage('sorry, false alarm, wrong cat', tom, warned).urgency).toBe('routine')
    expect(triageMessage('Thank you, we are on our way', tom, warned).urgency).toBe('routine')
  })

  it('a new, worse sign escalates above an open urgent warning', () => {
    const urgent: TriageTurn[] = [
      { role: 'assistant', content: '**Please get him seen**', urgency: 'urgent' },
    ]
    expect(triageMessage('now he is having a seizure', tom, urgent).urgency).toBe('emergency')
  })
})
