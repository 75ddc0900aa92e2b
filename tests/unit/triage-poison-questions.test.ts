// A question about a poison gets a calm, plain "no" that names it (docs/triage.md, "What happened, and
// what might"): asked in any wording, with a calm near-miss told alongside, or in passing after other
// news. A real exposure, or one with a sign, still escalates.
import { describe, expect, it } from 'vitest'
import { triageMessage } from '../../server/domain/chat/triage.ts'

const queen = { gender: 'Female' }
const WARNING = /\b(?:not safe|toxic|poisonous|dangerous|harmful)\b/

describe('a question about a poison is answered calmly', () => {
  it.each([
    // Names owners use: brands, products described, synonyms.
    ['are toilet blocks safe if my cat drinks from the loo?', /toilet/],
    ['can my cat have a bit of a stock cube in her food?', /onion|garlic/],
    ['is my ala supplement ok for cats?', /lipoic|ala/],
    ['can I give her some of the dog metacam?', /meloxicam|metacam/],
    ['are slug pellets for snails a worry with cats around?', /slug/],
    ['we have mice, would poison blocks be a risk to the cat', /rat|mouse|mice/],
    ['is rock salt on the path a danger to cats', /salt/],
    ['is regaine foam toxic to cats?', /minoxidil|regaine/],
    ['is windscreen washer fluid poisonous to cats?', /antifreeze|windscreen/],
    // "a bit" is an amount, not a bite.
    ['can she have a bit of my garlic bread?', /garlic/],
  ])('%s', (text, named) => {
    const result = triageMessage(text, queen)
    expect(result.urgency).toBe('routine')
    expect(result.caution).toMatch(WARNING)
    expect(result.caution?.toLowerCase()).toMatch(named)
  })

  it.each([
    // A near miss told calmly: sniffed, nothing eaten, the thing got back.
    'she sniffed the tulip bulbs but did not eat any, should I move them?',
    'nothing was chewed, she only sat by the hyacinths. are they poisonous?',
    'I dropped an ibuprofen, picked it up straight away and it is intact. is ibuprofen bad for cats?',
    'my partner put diclofenac gel on her elbow, is that gel dangerous to cats?',
    'we put lilies on the table for the party, can the cat be near them or is it poison?',
    // The owner's own life in the same message is not the cat's exposure.
    'we had a quiet weekend. is paracetamol safe for cats?',
    'I spilled some energy drink on the floor, is it toxic to cats?',
    'she is eating normally again. is onion gravy ok for her?',
    // Imagined, or asked how much.
    'if my cat ever got into my sleeping pills, would that be serious?',
    'how much chocolate would make a cat sick?',
  ])('a calm near miss or an imagined exposure stays routine: %s', (text) => {
    const result = triageMessage(text, queen)
    expect(result.urgency).toBe('routine')
    expect(result.escalation).toBeNull()
    expect(result.caution).toMatch(WARNING)
  })
})

describe('a real exposure still escalates', () => {
  it.each([
    'she chewed a tulip bulb and now she is drooling',
    'I dropped a paracetamol and cannot find it, she was right there',
    'I put my dog flea treatment on her an hour ago',
    'she ate some slug pellets in the garden, is that bad?',
    'she licked the windscreen washer fluid off the drive',
    'I saw her eat a bit of the rat poison blocks',
    'my cat has been licking the lily pollen off her fur',
  ])('%s', (text) => {
    expect(triageMessage(text, queen).urgency).toBe('emergency')
  })

  it('a cat off her food is still asked about, whatever else is named', () => {
    expect(triageMessage('she has not eaten anything since Sunday, can she have tuna?', queen).urgency).toBe(
      'urgent',
    )
  })
})
