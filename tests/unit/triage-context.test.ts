// Each sign read in its context before it counts (docs/triage.md, "Context"): every context rule of
// server/knowledge/triage-context.json on its own examples, the hard signs that no context talks down,
// the signs as owners describe them, and the sections a reply names being those of the sign found.
import { describe, expect, it } from 'vitest'
import { triageMessage } from '../../server/domain/chat/triage.ts'
import { checkKnowledgeFile, TRIAGE_CONTEXT, triageContextSchema } from '../../server/knowledge/index.ts'
import triageContext from '../../server/knowledge/triage-context.json' with { type: 'json' }

const level = (message: string, cat = {}) => triageMessage(message, cat).urgency
const signs = (message: string, cat = {}) => triageMessage(message, cat).findings.map((f) => f.id)

describe('context rules', () => {
  for (const rule of TRIAGE_CONTEXT.rules) {
    describe(`${rule.id} (${rule.reads})`, () => {
      for (const message of rule.talkedDown)
        it(`reads "${message}" as no sign`, () => expect(level(message)).toBe('routine'))
      for (const message of rule.kept)
        it(`still escalates "${message}"`, () => expect(level(message)).not.toBe('routine'))
    })
  }

  it('a rule with a broken pattern or an unknown concept stops start-up', () => {
    const [first, ...rest] = triageContext.rules
    const broken = { ...triageContext, rules: [{ ...first, when: [['re:(unclosed']] }, ...rest] }
    expect(() => checkKnowledgeFile('triage-context.json', triageContextSchema, broken)).toThrow(
      /triage-context\.json is not valid[\s\S]*rules\[0\]\.when/,
    )
    const unsourced = { ...triageContext, rules: [{ ...first, sources: [] }, ...rest] }
    expect(() => checkKnowledgeFile('triage-context.json', triageContextSchema, unsourced)).toThrow(
      /every entry names at least one source/,
    )
  })
})

describe('hard signs are never talked down by context', () => {
  it.each([
    [
      'he keeps straining in the litter box and nothing comes out lol, drama queen',
      'urinary-blockage',
      { gender: 'Male' },
    ],
    ['she is breathing with her mouth open 😂 after her jumper went on, then ran off', 'breathing', {}],
    ['she chewed a lily leaf from the bouquet haha, then ran off fine', 'lilies', {}],
    ['he licked some antifreeze off the garage floor lol', 'antifreeze', {}],
    ['I put the dog flea drops on her by mistake, the dog toy is bleeding stuffing too', 'permethrin', {}],
    ['I gave him half a paracetamol an hour ago lol, he ran off fine', 'painkillers', {}],
    ['she is having a seizure right now on the rug, purring before it started', 'seizure', {}],
  ])('"%s" is still %s', (message, sign, cat) => {
    expect(signs(message, cat)).toContain(sign)
  })

  it('a cat on a screen is not ours, whatever its sign; ours during the film is', () => {
    expect(level('the cat in the movie had a seizure, do cats get epilepsy?')).toBe('routine')
    expect(level('my cat had a seizure while we watched a movie')).toBe('emergency')
  })

  it('a sign of another cat of the household still escalates', () => {
    expect(
      level('our other cat has been straining in the litter box for hours with nothing coming out'),
    ).toBe('emergency')
    expect(
      level("my toddler's teddy is 'bleeding' stuffing, and Milo's paw is bleeding and won't stop"),
    ).toBe('emergency')
  })
})

describe('signs as owners describe them', () => {
  it.each([
    ['her belly is pumping with every breath', 'breathing'],
    ['sitting hunched with his elbows out and refusing to lie down', 'breathing'],
    ["she's lying flat and floppy and not getting up", 'collapse'],
    ['red pads and a blister after he jumped onto the hob', 'burns-shock'],
    ['a warm sore swelling on his cheek a few days after a scrap with the tom next door', 'abscess'],
    ['there is pink in the urine clumps this morning', 'blood-in-urine'],
    ['the litter clumps are pinkish', 'blood-in-urine'],
    ['litter clumps look pinkish red today, she is peeing more than normal', 'blood-in-urine'],
    ['he snapped a tooth and is dropping his food, clearly sore', 'broken-tooth'],
    ['he has broken a canine tooth, there is a red point in the middle of it', 'broken-tooth'],
    ["there's a little scab on his paw that's all puffy and hot, I think he got into a fight", 'abscess'],
    ['two little puncture holes on his leg after a fight yesterday, today he feels hot', 'abscess'],
    ['since this morning she is walking into the furniture and her pupils are huge', 'eye'],
    ['she has had a nosebleed from one nostril twice today', 'nosebleed'],
    ['today he sneezed and blood came from his nose, several times', 'nosebleed'],
    ['she was spayed on Tuesday and today her wound is red and puffy with yellow goo', 'surgery-wound'],
    ['spayed 4 days ago, the cone came off and her stitches have come apart a bit', 'surgery-wound'],
    ['he got a fishing hook stuck through his lip, the line is hanging out', 'fish-hook'],
    ['there is a sore near his backside and today I see little white maggots moving in it', 'flystrike'],
    ['retching every few minutes for an hour, I thought it was a hairball but nothing comes up', 'mouth'],
  ])('"%s" is %s', (message, sign) => expect(signs(message)).toContain(sign))

  it.each([
    ["the vet can't see him for two weeks, can I give him a bit of ibuprofen?", 'eye'],
    ['she was spayed years ago and is the healthiest cat I know, which food for a senior?', 'surgery-wound'],
    ['we went fishing, where should I keep the hooks so the cat cannot reach them?', 'fish-hook'],
  ])('"%s" is no %s', (message, sign) => expect(signs(message)).not.toContain(sign))

  it('what the owner sees on the cat now is told, even with a question after it', () => {
    expect(
      signs(
        "she brushed past the lilies and now she has yellow pollen on her side and she's sat there licking it off. is pollen a big deal?",
      ),
    ).toContain('lilies')
    expect(level('is lily pollen a big deal for cats, or is it just the leaves?')).toBe('routine')
  })

  it('a diabetic cat wobbly and twitchy after her insulin is low blood sugar', () => {
    expect(
      signs('she is twitchy and shaky an hour after her insulin', { medicalConditions: 'diabetes' }),
    ).toEqual(['diabetic-crisis'])
  })
})

describe('the sections are those of the sign found', () => {
  it.each([
    ['she eats grass and throws up green about once a month, is that normal?'],
    ['my Persian is sleepy all day and snores like a train, is that normal for the breed?'],
    ['he eats too fast and brings it back up sometimes, also a bit chubby'],
    ['hairballs now and then, hides when guests come'],
  ])('"%s" names no urgent sign', (message) => {
    const result = triageMessage(message, {})
    expect(result.urgency).toBe('routine')
    expect(result.escalation).toBeNull()
  })

  it('a chewed glow stick gets the calm glow-stick answer, not the swallowed-string section', () => {
    const result = triageMessage('he chewed a glow stick and the liquid went everywhere', {})
    expect(result.findings.map((f) => f.id)).not.toContain('swallowed-object')
    expect(result.caution).toMatch(/glow/i)
  })
})

// A word in another sense is no sign: a longer concept shadows the sign's word (docs/triage.md,
// "Context"), and the sign in its own sense still escalates.
describe('words in another sense', () => {
  it.each([
    ["he's eating fine, no bad breath to speak of, can I brush his teeth at 12?", 'his breath'],
    ['she sneezes a little in the pollen season, no discharge, eating and bright', 'lily pollen'],
    ['my husband chased the frog round the kitchen in his pants while the cat watched', 'panting'],
    ['he murdered his catnip fish, it is bleeding stuffing all over the rug', 'onion stuffing'],
    ['he keeps moaning at his food bowl even when it is full, weeing normally in the tray', 'a blocked tom'],
    ["I'm pregnant, can my partner do the litter tray for the next few months?", 'a birth'],
    ['we bring a new kitten home on Saturday, Duchess is very much queen of the house', 'a queen in labour'],
    ['his tail puffed up like a bottle brush when he saw the dog next door', 'a swelling'],
    ['whenever the doorbell goes he freezes completely, ears back, then hides', 'a cold cat'],
    ["my cat just ate a spider lol. it's just a normal house spider, is that ok?", 'a sting'],
  ])('"%s" is not %s', (message) => expect(level(message, { gender: 'Male' })).toBe('routine'))

  it.each([
    ['he is breathing with his mouth open and his belly is heaving', 'emergency'],
    ['she has lily pollen on her face from the bouquet', 'emergency'],
    ['he has been panting hard for an hour in the heat', 'emergency'],
    ['he ate a lot of sage and onion stuffing off the table', 'emergency'],
    ['he keeps crying in the litter tray and only a few drops come out', 'emergency'],
    ['she has been pushing for an hour and no kitten has come out', 'emergency'],
    ['his tail is swollen and hot after a fight with the dog next door', 'emergency'],
    ['he was locked out all night in the snow and is freezing cold and sleepy', 'emergency'],
    ['a house spider bit him on the lip and his face is swelling up', 'urgent'],
  ])('"%s" still escalates', (message) => expect(level(message, { gender: 'Male' })).not.toBe('routine'))
})

describe('figures of speech about food and poison', () => {
  it.each([
    ['he eats like he has not seen food for a week, would a slow feeder help?'],
    ["she's on hunger strike, refused the new food at breakfast, at lunch she wolfed it"],
    [
      "he keeps munching the spider plant, the tips are all chewed. It's supposed to be non-toxic, but is it bad for him to eat so much of it?",
    ],
    ["she sniffs her dinner and walks off like it's poison, then eats the treats, is she fussy?"],
    ['she gives me absolutely poisonous looks when I put her collar on, how do I get her used to it?'],
    ['gave him fresh catnip and he went wild then slept, is it possible to overdose on catnip?'],
  ])('"%s" is no alarm and no poison warning', (message) => {
    const result = triageMessage(message, {})
    expect(result.urgency).toBe('routine')
    expect(result.escalation).toBeNull()
    expect(result.caution).toBeNull()
  })

  it('a food refused "like it\'s poison" gets no poison warning', () => {
    const said =
      "he won't touch the new food, turns his nose up like it's poison, but eats his old biscuits fine"
    expect(triageMessage(said, {}).caution).toBeNull()
  })

  it.each([
    ['he has not eaten for two days and is hiding', 'not-eating'],
    ['my cat was poisoned, he is drooling and shaking', 'unknown-toxin'],
    ['I think she ate some slug pellets, is that toxic?', 'metaldehyde'],
  ])('"%s" still escalates', (message) => expect(level(message)).not.toBe('routine'))
})
