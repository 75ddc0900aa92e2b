// A question about a poison gets a calm, plain "no" that names it (docs/triage.md, "What happened, and
// what might"), whatever the owner calls it: a brand from another country, a misspelling, a plant's common
// name; asked in passing, about a product someone else uses on themselves, about what the cat could reach,
// or about an exposure only imagined. What happened, said as a question, still escalates.
import { describe, expect, it } from 'vitest'
import { triageMessage } from '../../server/domain/chat/triage.ts'

const WARNING = /\b(?:not safe|toxic|poisonous|dangerous|harmful)\b/

describe('a question about a poison is answered calmly, naming it', () => {
  it.each([
    // Brands and names from other countries, and the product's own name.
    ['My mum swears by Dafalgan for headaches, could I give the cat half of one?', /dafalgan|paracetamol/],
    ['is efferalgan ok for cats at all', /efferalgan|paracetamol/],
    ['Thinking of using Ibuleve on my wrist, should I keep the cat off my lap after?', /ibuleve|ibuprofen/],
    ['Is pepto bismol safe for an upset cat tummy?', /pepto|bismuth/],
    ['I read that pepto is good for cats with an upset stomach, true?', /pepto|bismuth/],
    ['Does zopiclone pose any danger to a cat if I leave it on the nightstand?', /zopiclone/],
    ['My partner is on testogel, do we need to be careful with the cat?', /testosterone|testogel/],
    ['Are iron supplements a risk to cats?', /\biron\b/],
    ['Amitraz collar on the dog, any danger to the cat who cuddles him?', /amitraz/],
    ['Can I worm my cat with the horse ivermectin paste?', /ivermectin|wormer/],
    ['is anti freez dangerous for a kitten', /antifreeze/],
    ['Are washing capsules dangerous if the cat bats them around?', /detergent|washing capsules/],
    ['I solder at my desk, is lead solder a hazard for my cat?', /\blead\b/],
    ['Are sparklers poisonous to cats?', /sparklers/],
    ['is weed safe for cats to be around', /weed|cannabis/],
    ['Is mosquito repellent with DEET safe to spray near my cat?', /deet|repellent/],
    ['Can my cat have a lick of petrol off the garage floor?', /petrol/],
    ['Is chewing gum safe for cats?', /xylitol|chewing gum/],
    // Plants by their everyday names.
    ['Do fox gloves harm cats?', /foxglove/],
    ['We got muguet from the market, is that a problem for the cat?', /lily of the valley|muguet/],
    ['Is crassula safe for cats?', /jade|crassula/],
    ['Money plant on my desk, safe for my kitten?', /money plant|jade/],
    ['Lucky bamboo for my desk, ok with a cat?', /dracaena|lucky bamboo/],
    ['Are rhubarb leaves harmful to cats?', /rhubarb/],
    ["Is baby's breath in a bouquet ok with a cat around?", /baby's breath|gypsophila/],
    ['Are kumquats ok for cats to nibble?', /citrus|kumquat/],
    ['Are peonies ok in a vase with cats around?', /peon/],
    ['Is hellebore in the border a worry for cats?', /hellebore/],
    // More medicines and household things by brand.
    ['Is Icy Hot ok to use when my cat sleeps on my legs?', /icy hot|salicylate|painkiller/],
    ['Would a bit of Imodium help a cat with loose stools?', /imodium|loperamide/],
    ['Can I wipe the cat bowls with Clorox?', /clorox|bleach/],
    // The festive things.
    ['Is tinsel safe on the tree with a kitten in the house?', /tinsel/],
    ['r tinsle dangerous 4 kittens', /tinsel/],
    ['Should I worry if my cat drinks from the xmas tree water?', /christmas tree/],
  ])('%s', (text, named) => {
    const result = triageMessage(text, {})
    expect(result.urgency).toBe('routine')
    expect(result.escalation).toBeNull()
    expect(result.caution).toMatch(WARNING)
    expect(result.caution?.toLowerCase()).toMatch(named)
  })

  it.each([
    // A new cat, not a dose: "just got" is no exposure.
    "Just got a kitten. Is the dog's permethrin spot-on going to be a problem? Nothing's been used yet.",
    // Someone else sprayed somewhere else; the cat has not been near it.
    'The council sprayed weedkiller along the path, is it a danger to my cat?',
    // What is missing is the remote's lid, not a battery; the cat only could get at them.
    "The remote's battery lid is missing. Could the cat get at the batteries?",
    // Where a thing is kept is not a burn, and a blister pack is not a blister.
    'Is it fine to leave the vitamin D by the kettle where the cat walks?',
    'Is a blister pack of paracetamol in my bag a risk if the cat sits on it?',
    // Imagined, however it is put.
    'What if he licked some testogel off my arm?',
    // A person using a product on themselves.
    'My wife uses Efudix; she puts it on her face every night. Any risk for our cat?',
  ])('no exposure, however it reads: %s', (text) => {
    const result = triageMessage(text, {})
    expect(result.urgency).toBe('routine')
    expect(result.escalation).toBeNull()
    expect(result.caution).toMatch(WARNING)
  })
})

describe('an exposure asked as a question still escalates', () => {
  it.each([
    'Milo bit through one of my ibuprofen capsules on the floor, I got most of it out of his mouth. Is a tiny amount ok?',
    "I accidentally gave her the dog's Rimadyl instead of her own tablet, is that bad?",
    'My son fed the cat a couple of grapes, should I be worried?',
    'Orange pollen from the lilies, I wiped it off quickly, she seems fine, what now?',
    'The kids fed her some chocolate cake earlier, is a small piece ok?',
    'what if I told you he ate a grape an hour ago',
    'my cat drank some christmas tree water and has been sick twice, is that bad?',
    'my dog got a preventic collar yesterday and my cat has been licking it, is that ok?',
    // A taste, a paw in it, or how the cat is after doing it: it happened.
    'he took a swig of my cider, is that a worry?',
    'Asking for my sister: her cat had a little taste of antifreeze, should she be worried?',
    'how worried should i be, she got her paws in the bleach',
    'Will she be alright after nibbling a daffodil?',
  ])('%s', (text) => {
    expect(triageMessage(text, {}).urgency).not.toBe('routine')
  })
})
