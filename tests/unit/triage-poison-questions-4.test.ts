// A question about a poison gets a calm, plain "no" that names it (docs/triage.md, "What happened, and
// what might"), however the owner puts it: something they mean to give or apply but have not, the thing
// described rather than named, a cat named like the thing, another animal's or a person's mishap, a past
// illness, a list of what to avoid, a kitten or a nursing queen, fumes and sprays. What happened to this
// cat, said in any of these ways, still escalates.
import { describe, expect, it } from 'vitest'
import { withoutCatNames } from '../../server/domain/chat/safety.ts'
import { triageMessage } from '../../server/domain/chat/triage.ts'

const WARNING = /\b(?:not safe|toxic|poisonous|dangerous|harmful)\b/

/** The message as the chat triages it: the cat's own name read as the cat. */
const triage = (text: string, name = 'Mittens') => triageMessage(withoutCatNames(text, [{ name }]), {})

describe('a question about a poison is answered calmly, naming it', () => {
  it.each([
    // Meant, not done: "can I…", "I was planning to…".
    ['Is it ok to crush half a paracetamol into his dinner for his sore tooth?', /paracetamol/],
    ["I was planning to cut the dog's old flea collar down to fit the kitten, bad idea?", /flea|permethrin/],
    ["The cat needs worming, can she have one of the puppy's Drontal tablets?", /wormer|drontal/],
    ["Can I use the kids' nit lotion on the cat's fleas?", /permethrin|nit lotion/],
    [
      'Thinking of putting a splash of brandy in her water to calm her before the move, ok?',
      /alcohol|brandy/,
    ],
    ['Is the hydrocortisone cream from the chemist fine for a scab on his ear?', /hydrocortisone/],
    ['Can I give my 8 week old kitten piriton to make him sleepy on the drive?', /piriton|antihistamine/],
    // Described rather than named.
    ['We found smelly balls in the old wardrobe, something for moths. Harmful for the cat?', /moth/],
    [
      'Is it ok to keep the headache tablets on the bedside table with a cat about?',
      /paracetamol|painkiller/,
    ],
    ['The little black plastic box the pest man left behind the shed, is it a risk to my cat?', /bait|rat/],
    ['Is the oven foam that says wear gloves ok to use with the cat in the next room?', /caustic|oven/],
    // Another animal's or a person's mishap.
    [
      'My nephew swallowed a coin battery once and needed surgery. Are button batteries a risk for cats too?',
      /batter/,
    ],
    [
      'Last Christmas our spaniel ate a box of chocolates and we took him in. Can cats get ill from chocolate too?',
      /chocolate/,
    ],
    [
      "My friend's cat had fits after she put dog flea drops on her. Is permethrin really that bad?",
      /permethrin/,
    ],
    // A past illness, a diagnosis, a prescription.
    ['My doctor put me on minoxidil. Do I need to keep it away from the cat?', /minoxidil/],
    [
      'She had a bladder infection in spring. Is tea tree oil in a diffuser harmful to her?',
      /tea tree|essential oil/,
    ],
    // Lists.
    ['Which houseplants are poisonous to cats?', /lilies/],
    ['Which foods should I never give a cat?', /onions.*chocolate/],
    // A queen with a litter, fumes and sprays.
    ['My cat just had her litter. Is it safe to keep the lilies from the hospital in the lounge?', /lilies/],
    ['I burn incense every evening, is the smoke bad for my cat?', /incense/],
    ['We are varnishing the stairs this weekend, are the fumes harmful for the cat?', /varnish/],
    ['Are dryer sheets ok in the laundry basket the cat sleeps in?', /dryer sheets|detergent/],
  ])('%s', (text, named) => {
    const result = triage(text)
    expect(result.urgency).toBe('routine')
    expect(result.escalation).toBeNull()
    expect(result.caution).toMatch(WARNING)
    expect(result.caution?.toLowerCase()).toMatch(named)
  })

  it.each([
    [
      'Ivy',
      'Ivy keeps climbing the English ivy on the fence, is the plant toxic if she chews it?',
      /ivy|irritat/,
    ],
  ])("a cat's own name is the cat, not the thing: %s", (name, text, named) => {
    const result = triage(text, name)
    expect(result.urgency).toBe('routine')
    expect(result.caution).toMatch(WARNING)
    expect(result.caution?.toLowerCase()).toMatch(named)
  })
})

describe('what happened to this cat still escalates, however it is put', () => {
  it.each([
    ['I already rubbed some Vicks on her chest last night, is that ok?'],
    // What the owner means to do does not hide what happened in the next clause.
    ["Can I give him something for his tummy, he's been licking the antifreeze puddle"],
    ['Is it ok to let her sleep? she chewed a tulip bulb earlier'],
    ['Crushed half a paracetamol into his food an hour ago for his limp, should I worry?'],
    ["Gave him half of the dog's wormer tablet yesterday, is he ok?"],
    ['Used half a dog spot on on the cat yesterday because the shop had run out, is that a problem?'],
    ['The dog ate chocolate last night and the cat was licking the wrapper too'],
    ['The dog got into the rat poison and I think she ate some too'],
    ['My son dropped a paracetamol and I can only find half of it, the cat was right there'],
    ["I've just seen her eating a dead mouse next to the neighbour's rat bait box"],
    ['She had a bladder infection in spring and now she has licked the tea tree oil I spilled'],
  ])('%s', (text) => {
    expect(triage(text).urgency).not.toBe('routine')
  })

  it.each([
    ['Tulip', 'Tulip chewed the tulip bulbs in the shed'],
    ['Freya', "The neighbour's cat was poisoned with antifreeze and now Freya is wobbly and being sick"],
    ['Poppy', 'Poppy ate some of the dried poppy heads from the vase'],
  ])('a cat named like the thing who met it: %s', (name, text) => {
    expect(triage(text, name).urgency).not.toBe('routine')
  })
})
