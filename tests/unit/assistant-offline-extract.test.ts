import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createOfflineAssistant } from '../../server/services/assistant/offline/index.ts'
import type { AssistantMessage } from '../../server/services/assistant/types.ts'
import { INTERVIEW_FIELDS, type InterviewField } from '../../shared/options.ts'

const assistant = createOfflineAssistant()

/** An interview in which the owner has already named the cat, then answers `field` with `text`. */
function transcript(text: string): AssistantMessage[] {
  return [
    { role: 'assistant', content: "To get started, what's your cat's name?" },
    { role: 'user', content: 'Her name is Luna' },
    { role: 'assistant', content: 'Next question, please.' },
    { role: 'user', content: text },
  ]
}

const check = (field: InterviewField | 'none', text: string) =>
  assistant.checkAnswer({ field, messages: [{ role: 'user', content: text }] })

const ACCEPTED: ReadonlyArray<readonly [InterviewField, string, string]> = [
  // cat_name
  ['cat_name', 'her name is Luna', 'Luna'],
  ['cat_name', 'Luna', 'Luna'],
  ['cat_name', 'we call him Mr. Whiskers', 'Mr. Whiskers'],
  ['cat_name', "she's called Nala", 'Nala'],
  ['cat_name', 'She\u2019s called Nala', 'Nala'],
  ['cat_name', "It's Oliver", 'Oliver'],
  ['cat_name', 'my cat luna', 'Luna'],
  ['cat_name', 'name: Tom', 'Tom'],
  ['cat_name', "His name's Oscar.", 'Oscar'],
  ['cat_name', 'LUNA', 'Luna'],
  ['cat_name', 'mary-jane', 'Mary-Jane'],
  ['cat_name', 'Luna, she is 3', 'Luna'],
  ['cat_name', 'Luna and Leo', 'Luna'],
  ['cat_name', 'Kitty', 'Kitty'],
  ['cat_name', "Luna's her name", 'Luna'],
  ['cat_name', "That's Bella!", 'Bella'],
  // issues_faced
  ['issues_faced', 'she scratches the sofa', 'She scratches the sofa'],
  ['issues_faced', 'he is overweight', 'He is overweight'],
  ['issues_faced', 'vomiting a lot', 'Vomiting a lot'],
  ['issues_faced', 'um, well, she pees outside the box', 'She pees outside the box'],
  ['issues_faced', 'nothing really', 'No specific issues'],
  ['issues_faced', 'none', 'No specific issues'],
  ['issues_faced', 'No issues at the moment', 'No specific issues'],
  ['issues_faced', "I don't know why she pees on the bed", "I don't know why she pees on the bed"],
  // age
  ['age', '6 months', '0.5'],
  ['age', 'two years old', '2'],
  ['age', 'she is 3', '3'],
  ['age', 'one and a half years', '1.5'],
  ['age', 'a year and a half', '1.5'],
  ['age', '18 months', '1.5'],
  ['age', 'twelve', '12'],
  ['age', 'a year', '1'],
  ['age', 'ten weeks', '0.2'],
  ['age', '3yo', '3'],
  ['age', '8 y/o', '8'],
  ['age', 'twenty-one', '21'],
  ['age', 'about 5 or 6', '5.5'],
  ['age', 'between 2 and 3 years', '2.5'],
  ['age', '2 years and 3 months', '2.3'],
  ['age', 'half a year', '0.5'],
  ['age', 'she is 3 and weighs 10 lbs', '3'],
  ['age', "I'm not sure, maybe 4", '4'],
  ['age', '3 days', '0.1'],
  // breed
  ['breed', 'maine coone', 'Maine Coon'],
  ['breed', 'siamse', 'Siamese'],
  ['breed', 'ragdol', 'Ragdoll'],
  ['breed', 'persain', 'Persian'],
  ['breed', 'british short hair', 'British Shorthair'],
  ['breed', 'bengal cat', 'Bengal'],
  ['breed', 'She is a Persian I think', 'Persian'],
  ['breed', 'SPHINX', 'Sphynx'],
  ['breed', 'american shorthair', 'American Shorthair'],
  ['breed', 'DSH', 'Domestic Shorthair'],
  ['breed', 'siamese mix', 'Siamese'],
  ['breed', 'tabby', 'Other'],
  ['breed', 'moggy', 'Other'],
  ['breed', 'mixed', 'Other'],
  ['breed', 'not sure', 'Other'],
  ['breed', 'Abyssinian', 'Other'],
  ['breed', 'Scottish Fold', 'Other'],
  ['breed', 'exotic shorthair', 'Other'],
  // activity_level
  ['activity_level', 'very playful, runs all day', 'Very Active'],
  ['activity_level', 'hyperactive', 'Very Active'],
  ['activity_level', 'active', 'Active'],
  ['activity_level', "she's not lazy", 'Active'],
  ['activity_level', 'moderately', 'Moderately Active'],
  ['activity_level', 'somewhat', 'Moderately Active'],
  ['activity_level', 'average', 'Moderately Active'],
  ['activity_level', 'normal I guess', 'Moderately Active'],
  ['activity_level', 'lazy but loves to play at night', 'Moderately Active'],
  ['activity_level', 'lazy, sleeps most of the day', 'Mostly Inactive'],
  ['activity_level', 'not very active', 'Mostly Inactive'],
  ['activity_level', "doesn't really play", 'Mostly Inactive'],
  ['activity_level', 'never moves', 'Very Inactive'],
  ['activity_level', 'a real couch potato', 'Very Inactive'],
  ['activity_level', 'not active at all', 'Very Inactive'],
  ['activity_level', 'Mostly Inactive', 'Mostly Inactive'],
]

const REFUSED: ReadonlyArray<readonly [InterviewField, string]> = [
  ['cat_name', "I don't know"],
  ['cat_name', 'hello'],
  ['cat_name', 'Hi Mia'],
  ['cat_name', ''],
  ['cat_name', '?'],
  ['cat_name', 'asdf'],
  ['cat_name', "It's hard to say"],
  ['cat_name', 'my cat has been vomiting a lot lately and I am worried'],
  ['issues_faced', 'idk'],
  ['issues_faced', 'asdf'],
  ['issues_faced', '?'],
  ['issues_faced', ''],
  ['age', '35'],
  ['age', '-2'],
  ['age', '0'],
  ['age', 'not sure'],
  ['age', 'kitten'],
  ['age', 'born in 2019'],
  ['age', 'banana'],
  ['breed', 'asdf'],
  ['breed', ''],
  ['breed', 'hello'],
  ['activity_level', 'banana'],
  ['activity_level', ''],
]

describe('offline assistant: checkAnswer extracts interview answers', () => {
  it.each(ACCEPTED)('%s: %j → %j', async (field, text, expected) => {
    const result = await check(field, text)
    expect(result).toEqual({ satisfied: 'true', answer: expected, reason: '' })
  })

  it.each(REFUSED)('%s: refuses %j with a reason', async (field, text) => {
    const result = await check(field, text)
    expect(result.satisfied).toBe('false')
    expect(result.answer).toBe('')
    expect(result.reason.length).toBeGreaterThan(10)
    expect(result.reason).toMatch(/\?/)
  })

  it('limits a long issues answer to about 200 characters', async () => {
    const result = await check(
      'issues_faced',
      `She ${'scratches everything in the living room and '.repeat(10)}`,
    )
    expect(result.satisfied).toBe('true')
    expect(result.answer.length).toBeLessThanOrEqual(200)
    expect(result.answer.endsWith('…')).toBe(true)
  })

  it("uses the cat's name from earlier in the interview in its reasons", async () => {
    const result = await assistant.checkAnswer({ field: 'age', messages: transcript('no idea really') })
    expect(result.satisfied).toBe('false')
    expect(result.reason).toContain('Luna')
  })

  it('uses the fallback name when no name is known', async () => {
    const result = await check('activity_level', 'banana')
    expect(result.reason).toContain('your cat')
  })

  it('asks a kitten owner for weeks or months, and an unsure owner for a best guess', async () => {
    expect((await check('age', 'just a kitten')).reason).toMatch(/weeks or months/)
    expect((await check('age', "I don't know, she's a rescue")).reason).toMatch(/best guess/)
  })

  it('only reads the last message the owner wrote', async () => {
    const result = await assistant.checkAnswer({
      field: 'breed',
      messages: [
        { role: 'user', content: 'Persian' },
        { role: 'assistant', content: 'Sorry, which breed?' },
        { role: 'user', content: 'ragdoll' },
        { role: 'assistant', content: 'Thanks!' },
      ],
    })
    expect(result.answer).toBe('Ragdoll')
  })

  it('always answers with an answer or a reason, whatever the owner types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...INTERVIEW_FIELDS),
        fc.string({ maxLength: 80 }),
        async (field, text) => {
          const result = await check(field, text)
          if (result.satisfied === 'true') expect(result.answer.length).toBeGreaterThan(0)
          else expect(result.reason.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 300 },
    )
  })

  it("accepts anything for 'none'", async () => {
    expect(await check('none', '  sounds good  ')).toEqual({
      satisfied: 'true',
      answer: 'sounds good',
      reason: '',
    })
  })
})

describe('offline assistant: interviewTurn', () => {
  it('asks every field, using the cat name once known', async () => {
    for (const field of ['issues_faced', 'age', 'breed', 'activity_level'] as const) {
      const line = await assistant.interviewTurn({ field, messages: transcript('whatever') })
      expect(line).toContain('Luna')
      expect(line).toMatch(/\?/)
    }
  })

  it("asks for the name, and says 'your cat' before it is known", async () => {
    expect(await assistant.interviewTurn({ field: 'cat_name', messages: [] })).toMatch(/name/)
    const line = await assistant.interviewTurn({ field: 'age', messages: [] })
    expect(line).toContain('your cat')
  })

  it('re-asks with the reason, adding the question when the reason has none', async () => {
    const reason = "I didn't catch a name there. What do you call your cat?"
    expect(await assistant.interviewTurn({ field: 'cat_name', messages: [], reason })).toBe(reason)
    const line = await assistant.interviewTurn({
      field: 'age',
      messages: transcript('x'),
      reason: 'That was not an age.',
    })
    expect(line).toBe('That was not an age. How old is Luna?')
  })

  it('wraps up warmly for none', async () => {
    const line = await assistant.interviewTurn({ field: 'none', messages: transcript('Active') })
    expect(line).toContain('Luna')
    expect(line).toMatch(/Dr\. Olivia/)
  })

  it('varies phrasing with the conversation but is deterministic', async () => {
    const lines = new Set<string>()
    for (let extra = 0; extra < 3; extra++) {
      const messages: AssistantMessage[] = Array.from({ length: extra }, () => ({
        role: 'user',
        content: 'hi',
      }))
      const first = await assistant.interviewTurn({ field: 'breed', messages })
      expect(await assistant.interviewTurn({ field: 'breed', messages })).toBe(first)
      lines.add(first)
    }
    expect(lines.size).toBe(3)
  })
})
