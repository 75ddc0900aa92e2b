// The one nutrition rule: RER = 70 × kg^0.75 with WSAVA/AAHA factors, the same numbers for the plan,
// the report and both assistants. Its safety rules (floors, pace, kittens, questions) are in
// nutrition-safety.test.ts.
import { describe, expect, it } from 'vitest'
import {
  AIM_LOSS_PERCENT_PER_WEEK,
  cupsText,
  foodText,
  KCAL_PER_KG_LOST,
  type NutritionProfile,
  nutritionAdvice,
  nutritionRule,
  restingEnergy,
} from '../../shared/rules/nutrition.ts'
import { recommend } from '../../shared/rules/recommendations.ts'

const overweight = { name: 'Tom', age: 6, weight: 14, target_weight: 11, unit: 'Lbs' }
const LB = 0.453592

const nutritionPlan = (profile: NutritionProfile) => {
  const outcome = nutritionRule(profile)
  if (outcome.kind !== 'plan') throw new Error(`expected a plan, got: ${outcome.text}`)
  return outcome
}

describe('nutritionPlan', () => {
  it('feeds an overweight cat for a loss of about 1 % a week, never below the RER of its target weight', () => {
    expect(restingEnergy(1)).toBe(70)
    const plan = nutritionPlan(overweight)
    expect(plan.basis).toBe('weight loss')
    // 14 lb = 6.35 kg: maintenance 1.2 × RER 280 = 336 kcal, less 1 % of 6.35 kg a week at 6,000 kcal a
    // kg (54 kcal a day) = 282 → 280; the floor, RER at 11 lb (4.99 kg), is 234.
    const maintenance = 1.2 * restingEnergy(14 * LB)
    const aim = maintenance - ((AIM_LOSS_PERCENT_PER_WEEK / 100) * 14 * LB * KCAL_PER_KG_LOST) / 7
    expect(plan.kcalPerDay).toBe(Math.round(aim / 10) * 10)
    expect(plan.kcalPerDay).toBe(280)
    expect(plan.floorKcal).toBe(Math.ceil(restingEnergy(11 * LB)))
    expect(plan.lossPercentPerWeek).toBeCloseTo(1, 1)
    expect(plan.cupsPerDay).toBe(0.75)
    expect(plan.gramsPerDay).toBe(75)
    expect(foodText(plan)).toBe('280 kcal a day: about 3/4 cup of a typical dry food (about 75 g)')
  })

  it('uses the usual factors: neutered adult 1.2, inactive 1.0, active or intact 1.4, kitten 2.5 / 2.0', () => {
    const tenLb = restingEnergy(10 * LB)
    const kcal = (f: number) => Math.round((tenLb * f) / 10) * 10
    expect(nutritionPlan({ age: 4, weight: 10 }).kcalPerDay).toBe(kcal(1.2))
    expect(nutritionPlan({ age: 4, weight: 10, activity_level: 'Very Inactive' }).kcalPerDay).toBe(kcal(1))
    expect(nutritionPlan({ age: 4, weight: 10, activity_level: 'Very Active' }).kcalPerDay).toBe(kcal(1.4))
    expect(nutritionPlan({ age: 4, weight: 10, neutered: false }).kcalPerDay).toBe(kcal(1.4))
    // Growth is rounded up, never under the need: 4 to 12 months 2.0 ×, younger (or months unknown) 2.5 ×.
    expect(nutritionPlan({ age: 0.5, weight: 10 }).kcalPerDay).toBe(Math.ceil((tenLb * 2) / 10) * 10)
    expect(nutritionPlan({ age: 0.25, weight: 10 }).kcalPerDay).toBe(Math.ceil((tenLb * 2.5) / 10) * 10)
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
    const plan = nutritionPlan(overweight)
    expect(advice).toContain('from 14 lb to 11 lb')
    expect(advice).toContain(
      `about ${plan.kcalPerDay} kcal a day, which is about 3/4 cup of a typical dry food`,
    )
    expect(advice).toContain('fatty liver disease')
    expect(advice).toContain(`Never feed less than ${plan.floorKcal} kcal a day`)
    expect(recommend(overweight).welcome_message_relevant_response).toContain(foodText(plan))
    expect(recommend(overweight).welcome_message_relevant_response).not.toContain('2 cups')
  })
})
