// The feeding rule's safety (shared/rules/nutrition.ts): a weight-loss plan is fed from a safe pace with
// a floor at the resting need of the target weight, kittens are fed for growth at their current weight,
// unsafe targets are questioned, and a cat that is not eating is never put on a diet.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SHORT_QUIZ_AGES } from '../../shared/options.ts'
import {
  mayPlanWeightLoss,
  type NutritionProfile,
  nutritionAdvice,
  nutritionRule,
  predictedLossPercentPerWeek,
  restingEnergy,
  SAFE_LOSS_PERCENT_PER_WEEK,
} from '../../shared/rules/nutrition.ts'
import { recommend } from '../../shared/rules/recommendations.ts'

const planOf = (profile: NutritionProfile) => {
  const outcome = nutritionRule(profile)
  if (outcome.kind !== 'plan') throw new Error(`expected a plan, got: ${outcome.text}`)
  return outcome
}

describe('a weight-loss plan keeps to a safe pace and never goes below the floor', () => {
  it('an 8 kg cat with a 6 kg target: never under RER(6 kg), predicted loss about 1 % a week', () => {
    const plan = planOf({ age: 5, weight: 8, target_weight: 6, unit: 'Kg' })
    expect(plan.basis).toBe('weight loss')
    expect(plan.kcalPerDay).toBeGreaterThanOrEqual(restingEnergy(6))
    expect(plan.lossPercentPerWeek).toBeGreaterThan(SAFE_LOSS_PERCENT_PER_WEEK.min)
    expect(plan.lossPercentPerWeek).toBeLessThanOrEqual(SAFE_LOSS_PERCENT_PER_WEEK.max)
  })

  it('a 10 kg cat with a 4 kg target is not given 160 kcal (41 % of its resting need): the target is questioned', () => {
    const profile = { name: 'Tom', age: 5, weight: 10, target_weight: 4, unit: 'Kg' }
    const outcome = nutritionRule(profile)
    expect(outcome.kind).toBe('question')
    if (outcome.kind === 'question') {
      expect(outcome.reason).toBe('target too low')
      expect(outcome.text).toContain('70 %')
    }
    const advice = nutritionAdvice(profile)
    expect(advice).not.toContain('160 kcal')
    expect(advice).not.toMatch(/1 to 2 %|0\.5–2 % of body weight a week/)
  })

  it('states the pace the plan predicts, not a blanket "1 to 2 %"', () => {
    const profile = { name: 'Tom', age: 6, weight: 14, target_weight: 11, unit: 'Lbs' }
    const plan = planOf(profile)
    const rate = Math.round((plan.lossPercentPerWeek ?? 0) * 10) / 10
    expect(nutritionAdvice(profile)).toContain(`about ${rate} % of body weight a week`)
  })
})

describe('kittens are fed for growth at their current weight', () => {
  it("the quiz's Kitten band (age 0) is a kitten, not a neutered adult", () => {
    expect(SHORT_QUIZ_AGES[0]).toMatchObject({ title: 'Kitten', value: '0' })
    const plan = planOf({ age: 0, weight: 4, unit: 'Lbs' })
    expect(plan.basis).toBe('kitten')
    // Not a neutered adult's 1.2 × RER (130 kcal), about half of what this growing kitten needs.
    expect(plan.kcalPerDay).toBeGreaterThan(2 * 1.2 * restingEnergy(4 * 0.453592) - 10)
    // Growth when the months are unknown: 2.5 × RER of 4 lb (1.81 kg, RER 109 kcal) → 280 kcal.
    expect(plan.kcalPerDay).toBe(Math.ceil((2.5 * restingEnergy(4 * 0.453592)) / 10) * 10)
  })

  it('a kitten with a target weight is fed for its current weight, not the target (not 3.4 × its need)', () => {
    const plan = planOf({ age: 0.5, weight: 3, target_weight: 9, unit: 'Lbs' })
    expect(plan.basis).toBe('kitten')
    expect(plan.feedingWeightKg).toBeCloseTo(3 * 0.453592, 5)
    expect(plan.kcalPerDay).toBe(Math.ceil((2 * restingEnergy(3 * 0.453592)) / 10) * 10)
    // Not the growth factor at the 9 lb target (2.5 × RER(4.08 kg) = 503 kcal), 2.9 × this kitten's need.
    expect(plan.kcalPerDay).toBeLessThan(2.5 * restingEnergy(9 * 0.453592))
    expect(planOf({ age: 0.5, weight: 9, target_weight: 5, unit: 'Lbs' }).basis).toBe('kitten')
    expect(mayPlanWeightLoss({ age: 0.5, weight: 9, target_weight: 5, unit: 'Lbs' })).toBe(false)
  })

  it('feeds 2.5 × RER up to 4 months and 2.0 × RER from 4 to 12 months', () => {
    const kg = 1.5
    expect(planOf({ age: 3 / 12, weight: kg, unit: 'Kg' }).factor).toBe(2.5)
    expect(planOf({ age: 6 / 12, weight: kg, unit: 'Kg' }).factor).toBe(2)
    expect(planOf({ age: 1, weight: kg, unit: 'Kg' }).basis).not.toBe('kitten')
  })
})

describe('targets that need a vet are questioned, not planned', () => {
  it('a Maine Coon target of 25 lb is outside the healthy adult range', () => {
    const outcome = nutritionRule({ age: 4, weight: 27, target_weight: 25, unit: 'Lbs', breed: 'Maine Coon' })
    expect(outcome.kind).toBe('question')
    if (outcome.kind === 'question') expect(outcome.reason).toBe('target outside breed range')
    // The profile screen spells it "Maine coon"; a healthy male target is planned.
    expect(
      nutritionRule({
        age: 4,
        weight: 19,
        target_weight: 16,
        unit: 'Lbs',
        breed: 'Maine coon',
        gender: 'Male',
      }).kind,
    ).toBe('plan')
  })
})

describe('a cat that is not eating is never given a diet', () => {
  it('returns a question and refuses weight loss', () => {
    const profile = { name: 'Luna', age: 6, weight: 14, target_weight: 11, unit: 'Lbs', not_eating: true }
    const outcome = nutritionRule(profile)
    expect(outcome.kind).toBe('question')
    if (outcome.kind === 'question') expect(outcome.text).toContain('vet')
    expect(mayPlanWeightLoss(profile)).toBe(false)
    expect(mayPlanWeightLoss({ ...profile, not_eating: false })).toBe(true)
    expect(nutritionAdvice(profile)).not.toMatch(/kcal/)
  })
})

describe('the wizard and the plan read the same rule', () => {
  it('the recommendation for a questioned target says why instead of a diet', () => {
    const r = recommend({ name: 'Tom', age: 5, weight: 10, target_weight: 4, unit: 'Kg' })
    expect(r.welcome_message_relevant_response).not.toContain('160 kcal')
    expect(r.welcome_message_relevant_response).toContain('70 %')
  })
})

const AGES = [0, 0.25, 0.5, 0.9, 1, 7, 10, null] as const
const ACTIVITY = ['Very Active', 'Active', 'Moderately Active', 'Mostly Inactive', 'Very Inactive', null]
const profiles = fc.record({
  weight: fc.double({ min: 1, max: 15, noNaN: true }),
  target_weight: fc.double({ min: 0.5, max: 15, noNaN: true }),
  age: fc.constantFrom(...AGES),
  neutered: fc.constantFrom(true, false, null),
  activity_level: fc.constantFrom(...ACTIVITY),
  unit: fc.constant('Kg'),
})
const isKitten = (age: number | null) => age !== null && age < 1
/** WSAVA/AAHA maintenance: inactive 1.0, active or intact 1.4, else neutered 1.2. */
function maintenanceFactor(profile: { activity_level: string | null; neutered: boolean | null }): number {
  if (profile.activity_level === 'Mostly Inactive' || profile.activity_level === 'Very Inactive') return 1
  if (profile.activity_level === 'Active' || profile.activity_level === 'Very Active') return 1.4
  return profile.neutered === false ? 1.4 : 1.2
}

describe('properties over any weight 1–15 kg, target 0.5–15 kg, age band and neutered status', () => {
  it('no plan below its floor, no predicted loss over 2 % a week', () => {
    fc.assert(
      fc.property(profiles, (profile) => {
        const outcome = nutritionRule(profile)
        if (outcome.kind !== 'plan') return
        const floor = isKitten(profile.age)
          ? (profile.age !== null && profile.age >= 4 / 12 ? 2 : 2.5) * restingEnergy(profile.weight)
          : restingEnergy(profile.target_weight)
        expect(outcome.kcalPerDay).toBeGreaterThanOrEqual(floor)
        expect(outcome.lossPercentPerWeek ?? 0).toBeLessThanOrEqual(SAFE_LOSS_PERCENT_PER_WEEK.max)
        if (outcome.basis !== 'weight loss') return
        // The pace recomputed here, not trusted from the plan: the maintenance factor of this cat at its
        // current weight, the deficit, and KCAL_PER_KG_LOST.
        const factor = maintenanceFactor(profile)
        const maintenance = factor * restingEnergy(profile.weight)
        const loss = predictedLossPercentPerWeek(maintenance, outcome.kcalPerDay, profile.weight)
        expect(loss).toBeLessThanOrEqual(SAFE_LOSS_PERCENT_PER_WEEK.max)
        expect(outcome.lossPercentPerWeek).toBeCloseTo(loss, 1)
      }),
      { numRuns: 2000 },
    )
  })

  it('kittens are always fed for growth at their current weight', () => {
    fc.assert(
      fc.property(profiles, (profile) => {
        fc.pre(isKitten(profile.age))
        const plan = planOf(profile)
        expect(plan.basis).toBe('kitten')
        expect(plan.feedingWeightKg).toBe(profile.weight)
        expect(plan.lossPercentPerWeek).toBeNull()
      }),
      { numRuns: 500 },
    )
  })

  it('an adult target under 70 % of the current weight is a question, never a plan', () => {
    fc.assert(
      fc.property(profiles, (profile) => {
        fc.pre(!isKitten(profile.age) && profile.target_weight < 0.7 * profile.weight)
        const outcome = nutritionRule(profile)
        expect(outcome.kind).toBe('question')
        expect(mayPlanWeightLoss(profile)).toBe(false)
      }),
      { numRuns: 500 },
    )
  })
})
