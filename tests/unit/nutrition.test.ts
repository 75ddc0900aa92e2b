// The one nutrition rule (issue 23): RER = 70 × kg^0.75 with WSAVA/AAHA factors, the same numbers for
// the plan, the report and both assistants.
import { describe, expect, it } from 'vitest'
import {
  cupsText,
  foodText,
  nutritionAdvice,
  nutritionPlan,
  restingEnergy,
} from '../../shared/rules/nutrition.ts'
import { recommend } from '../../shared/rules/recommendations.ts'

const overweight = { name: 'Tom', age: 6, weight: 14, target_weight: 11, unit: 'Lbs' }

describe('nutritionPlan', () => {
  it('feeds an overweight cat 0.8 × the RER of its target weight', () => {
    expect(restingEnergy(1)).toBe(70)
    const plan = nutritionPlan(overweight)
    expect(plan.basis).toBe('weight loss')
    expect(plan.factor).toBe(0.8)
    // 11 lb = 4.99 kg; RER 234 kcal; × 0.8 = 187 → 190
    expect(plan.kcalPerDay).toBe(190)
    expect(plan.cupsPerDay).toBe(0.5)
    expect(plan.gramsPerDay).toBe(50)
    expect(foodText(plan)).toBe('190 kcal a day: about 1/2 cup of a typical dry food (about 50 g)')
  })

  it('uses the usual factors: neutered adult 1.2, inactive 1.0, active 1.4, kitten 2.5', () => {
    const tenLb = restingEnergy(10 * 0.453592)
    const kcal = (f: number) => Math.round((tenLb * f) / 10) * 10
    expect(nutritionPlan({ age: 4, weight: 10 }).kcalPerDay).toBe(kcal(1.2))
    expect(nutritionPlan({ age: 4, weight: 10, activity_level: 'Very Inactive' }).kcalPerDay).toBe(kcal(1))
    expect(nutritionPlan({ age: 4, weight: 10, activity_level: 'Very Active' }).kcalPerDay).toBe(kcal(1.4))
    expect(nutritionPlan({ age: 0.5, weight: 10 }).kcalPerDay).toBe(kcal(2.5))
    expect(nutritionPlan({ age: 4, weight: 4.536, unit: 'Kg' }).kcalPerDay).toBe(kcal(1.2))
  })

  it('counts a typical 10 lb cat when nothing is known', () => {
    expect(nutritionPlan({}).kcalPerDay).toBe(nutritionPlan({ age: 4, weight: 10 }).kcalPerDay)
  })

  it('writes cups as fractions', () => {
    expect(cupsText(0.5)).toBe('1/2 cup')
    expect(cupsText(1)).toBe('1 cup')
    expect(cupsText(1.25)).toBe('1 1/4 cups')
    expect(cupsText(2)).toBe('2 cups')
  })
})

describe('14 → 11 lb overweight cat: the plan and the advice agree', () => {
  it('says the same calories and cups in the plan and in what the assistants say', () => {
    const advice = nutritionAdvice(overweight)
    expect(advice).toContain('from 14 lb to 11 lb')
    expect(advice).toContain('about 190 kcal a day, which is about 1/2 cup of a typical dry food')
    expect(advice).toContain('fatty liver disease')
    expect(recommend(overweight).welcome_message_relevant_response).toContain(
      '190 kcal a day: about 1/2 cup of a typical dry food',
    )
    expect(recommend(overweight).welcome_message_relevant_response).not.toContain('2 cups')
  })
})
