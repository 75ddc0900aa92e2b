// The product's triage (server/domain/chat/triage.ts) over the reviewed signs in
// server/knowledge/: what happened is told from a question about it, follow-ups are read in the light
// of the warning before them, and combinations of everyday signs add up.
import { describe, expect, it } from 'vitest'
import { withoutCatNames } from '../../server/domain/chat/safety.ts'
import { triageMessage } from '../../server/domain/chat/triage.ts'
import { composeReply } from '../../server/services/assistant/offline/specialist.ts'

const tom = { gender: 'Male' }

describe('triage: what happened, or a question about it', () => {
  it.each([
    'Can I give him Tylenol for his limp?',
    'Are lilies in a vase OK with a cat in the house?',
    'Is ibuprofen safe for cats?',
    'Are grapes a good snack for my cat?',
  ])('a prevention question is not an emergency: %s', (text) => {
    const result = triageMessage(text, tom)
    expect(result.urgency).not.toBe('emergency')
    expect(result.escalation).toBeNull()
    expect(result.caution).toMatch(/^\*\*No\b/)
  })

  it.each(['I gave him Tylenol for his limp', 'He chewed the lilies in the vase', 'He ate two grapes'])(
    'what happened is an emergency: %s',
    (text) => {
      const result = triageMessage(text, tom)
      expect(result.urgency).toBe('emergency')
      expect(result.escalation).toMatch(/vet now/)
    },
  )

  it('hiding, not eating and vomiting together need a vet today, not hairball tips', () => {
    const result = triageMessage("She's hiding under the bed, not eating and she vomited twice", {})
    expect(result.urgency).toBe('urgent')
    const reply = composeReply({
      cat: { name: 'Luna' },
      history: [{ role: 'user', content: "She's hiding under the bed, not eating and she vomited twice" }],
    })
    expect(reply).toMatch(/vet today/)
    expect(reply).not.toContain('**Vomiting and hairballs**')
  })

  it('is not fooled by everyday words', () => {
    for (const text of [
      'She is not peeing in the box anymore',
      'is catnip safe?',
      'He ate his dinner too fast and burped',
      'What wet food is best for a senior cat?',
    ]) {
      expect(triageMessage(text, tom).urgency, text).toBe('routine')
    }
  })
})

describe('triage: follow-ups', () => {
  const warned = [
    { role: 'user' as const, content: "He's straining in the litter box and nothing comes out" },
    {
      role: 'assistant' as const,
      content: '**This could be an emergency. Please take Tom to a vet now.**',
      urgency: 'emergency' as const,
    },
  ]

  it('a question about waiting after an urgent warning is told not to wait', () => {
    const result = triageMessage("It's 2 am, can it wait until morning?", tom, warned)
    expect(result.urgency).toBe('emergency')
    expect(result.escalation).toMatch(/don't wait/i)
    const reply = composeReply({
      cat: { name: 'Tom', gender: 'Male' },
      history: [...warned, { role: 'user', content: "It's 2 am, can it wait until morning?" }],
    })
    expect(reply).toMatch(/don't wait/i)
    expect(reply).toMatch(/24-hour emergency/)
  })

  it('the same question with no warning before it stays routine', () => {
    expect(triageMessage('Can the vet visit wait until next week?', tom).urgency).toBe('routine')
  })
})

describe("the cat's own name is not a sign, and does not hide one", () => {
  const lily = [{ name: 'Lily' }]
  it.each(['Lily sleeps most of the day', 'How much should Lily eat?', 'lily is playful today'])(
    'a cat called Lily is not a lily: %s',
    (text) => {
      expect(triageMessage(withoutCatNames(text, lily), {}).urgency).toBe('routine')
    },
  )
  it.each([
    'Lily chewed a lily leaf this morning',
    'She ate some lily pollen off the table',
    'Lily got into the lilies in the vase and licked them',
  ])('a cat called Lily who met a lily is an emergency: %s', (text) => {
    expect(triageMessage(withoutCatNames(text, lily), {}).urgency).toBe('emergency')
  })
})
