import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foodText, nutritionRule, wholeCups } from '../../shared/rules/nutrition.ts'
import {
  catDisplayName,
  cupsLabel,
  mainIssue,
  recommend,
  treatsLabel,
} from '../../shared/rules/recommendations.ts'
import { recommendationsSchema } from '../../shared/schemas/cat.ts'

const adult = { age: 4, weight: 10, unit: 'Lbs', activity_level: 'Moderately Active' }

describe('cups of food per day (1 to 3, docs/product.md §2): the nutrition rule rounded to a whole cup', () => {
  it("is the nutrition rule's cups of dry food, rounded, within 1 to 3", () => {
    for (const cat of [
      { ...adult, weight: 7.5 },
      { ...adult, weight: 25 },
      { ...adult, weight: 15, target_weight: 12 },
      { ...adult, weight: 7, unit: 'kg' },
      { ...adult, age: 0.5, weight: 15 },
      { age: 3, weight: 0, target_weight: 0 },
    ]) {
      const outcome = nutritionRule(cat)
      if (outcome.kind !== 'plan') throw new Error(outcome.text)
      expect(recommend(cat).food_bowls).toBe(Math.min(3, Math.max(1, Math.round(outcome.cupsPerDay))))
      expect(recommend(cat).food_bowls).toBe(wholeCups(outcome))
    }
    expect(recommend({ ...adult, age: 0.5, weight: 15 }).food_bowls).toBe(2) // a growing kitten: 590 kcal
    expect(recommend({ ...adult, weight: 14, target_weight: 11 }).food_bowls).toBe(1) // 280 kcal
  })

  it("says the rule's amount in words, not the product spec's whole cups", () => {
    const r = recommend({ ...adult, name: 'Tom', weight: 14, target_weight: 11 })
    expect(r.welcome_message_relevant_response).toContain(
      foodText(nutritionRule({ ...adult, weight: 14, target_weight: 11 })),
    )
    expect(r.welcome_message_relevant_response).toContain(
      '280 kcal a day: about 3/4 cup of a typical dry food',
    )
  })
})

describe('treats per day', () => {
  it('follow the feeding weight: 2, 3 or 4', () => {
    expect(recommend({ ...adult, weight: 6 }).treats).toBe(2)
    expect(recommend({ ...adult, weight: 10 }).treats).toBe(3)
    expect(recommend({ ...adult, weight: 16 }).treats).toBe(4)
  })

  it('are one fewer for an inactive cat and one fewer for an overweight cat, at least 1', () => {
    expect(recommend({ ...adult, activity_level: 'mostly inactive' }).treats).toBe(2)
    expect(recommend({ ...adult, weight: 12, target_weight: 10 }).treats).toBe(2)
    expect(recommend({ ...adult, weight: 7, target_weight: 6, activity_level: 'very inactive' }).treats).toBe(
      1,
    )
  })
})

describe('playtime minutes per day', () => {
  it('follow age: kitten 40, under 7 years 30, under 11 years 25, older 20', () => {
    expect(recommend({ ...adult, age: 0 }).playtime).toBe(40)
    expect(recommend({ ...adult, age: 3 }).playtime).toBe(30)
    expect(recommend({ ...adult, age: 9 }).playtime).toBe(25)
    expect(recommend({ ...adult, age: 15 }).playtime).toBe(20)
  })

  it('follow activity, in any letter case', () => {
    expect(recommend({ ...adult, activity_level: 'very active' }).playtime).toBe(40)
    expect(recommend({ ...adult, activity_level: 'Active' }).playtime).toBe(35)
    expect(recommend({ ...adult, activity_level: 'MOSTLY INACTIVE' }).playtime).toBe(25)
    expect(recommend({ ...adult, activity_level: 'very inactive' }).playtime).toBe(20)
    expect(recommend({ ...adult, activity_level: 'unknown' }).playtime).toBe(30)
  })

  it('add 10 minutes for an overweight cat and stay between 10 and 60', () => {
    expect(recommend({ ...adult, weight: 14, target_weight: 11 }).playtime).toBe(40)
    expect(recommend({ age: 0, weight: 14, target_weight: 11, activity_level: 'very active' }).playtime).toBe(
      60,
    )
    expect(recommend({ age: 20, activity_level: 'very inactive' }).playtime).toBe(10)
  })
})

describe('the welcome messages', () => {
  it('name the cat and its main issue', () => {
    const r = recommend({ ...adult, name: 'luna', issues_faced: ['scratches the sofa'] })
    expect(r.welcome_message_specific_detail).toContain('Luna')
    expect(r.welcome_message_specific_detail).toContain('scratches the sofa')
    expect(r.welcome_message_relevant_response).toContain('Luna')
    expect(r.welcome_message_relevant_response).toContain('scratches the sofa')
  })

  it("fall back to 'your cat' and a general plan", () => {
    const r = recommend({})
    expect(r.welcome_message_specific_detail).toMatch(/^Your cat's plan/)
    expect(r.welcome_message_relevant_response).toContain('your cat gets')
  })

  it('take the main issue from issues, then goals, then progress, then a medical condition other than None', () => {
    expect(mainIssue({ issues_faced: [], goals: ['Lose Weight'] })).toBe('lose weight')
    expect(mainIssue({ required_progress: ['Healthy Coat'] })).toBe('healthy coat')
    expect(mainIssue({ medical_conditions: 'None' })).toBeNull()
    expect(mainIssue({ medical_conditions: 'arthritis' })).toBe('arthritis')
    expect(mainIssue({ issues_faced: ['  '], goals: ['Train Cat'] })).toBe('train cat')
  })

  it('capitalise lower-cased names', () => {
    expect(catDisplayName('mr. whiskers')).toBe('Mr. Whiskers')
    expect(catDisplayName("o'malley")).toBe("O'Malley")
    expect(catDisplayName('  ')).toBe('your cat')
    // Local storage can hold the text of a missing value; it is no name.
    expect(catDisplayName('undefined')).toBe('your cat')
    expect(catDisplayName('null')).toBe('your cat')
  })
})

describe('labels', () => {
  it("say 'cup' and 'Treat' only for 1", () => {
    expect(cupsLabel('1')).toBe('cup')
    expect(cupsLabel(2)).toBe('cups')
    expect(treatsLabel(1)).toBe('Treat')
    expect(treatsLabel('3')).toBe('Treats')
  })
})

describe('any cat', () => {
  it('gets recommendations that pass the schema an LLM answer must pass', () => {
    const activity = fc.constantFrom(
      '',
      'very active',
      'Active',
      'moderately active',
      'Mostly Inactive',
      'very inactive',
      'x',
    )
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ maxLength: 30 }),
          age: fc.option(fc.double({ min: 0, max: 30, noNaN: true })),
          weight: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
          target_weight: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
          unit: fc.constantFrom('Lbs', 'Kg', 'lbs'),
          activity_level: activity,
          issues_faced: fc.array(fc.string({ maxLength: 40 }), { maxLength: 3 }),
        }),
        (cat) => {
          const r = recommend(cat)
          return recommendationsSchema.safeParse(r).success && r.food_bowls >= 1 && r.food_bowls <= 3
        },
      ),
    )
  })
})

describe('the offline assistant recommends by the rule', () => {
  it('answers exactly what shared/rules/recommendations.ts answers', async () => {
    const { createOfflineAssistant } = await import('../../server/services/assistant/offline/index.ts')
    const cat = {
      name: 'Milo',
      age: 2,
      weight: 12,
      unit: 'lbs',
      activity_level: 'Active',
      goals: ['Lose Weight'],
    }
    expect(await createOfflineAssistant().recommend(cat)).toEqual(recommend(cat))
  })
})
