// The one nutrition rule (issue 23): how much a cat eats a day, for the plan, the report, the vet PDF
// and both assistants, so the numbers agree everywhere.
//
// Source: the resting energy requirement and its life-stage factors of the WSAVA Global Nutrition
// Guidelines (2011, "Energy requirements") and the AAHA 2021 Nutrition and Weight Management Guidelines
// for Dogs and Cats: RER = 70 × (body weight in kg)^0.75 kcal a day; a neutered adult needs 1.2 × RER,
// an inactive or indoor adult 1.0 ×, an active adult 1.4 ×, a kitten 2.5 ×; for weight loss, 0.8 × the
// RER of the target weight (not the current one), losing 0.5–2 % of body weight a week.
// "What it means in food": a typical dry food has about 400 kcal per 8-oz measuring cup (about 3.8 kcal
// a gram); the owner is told to check their bag, since foods range from about 300 to 550 kcal a cup.
import { catDisplayName } from './recommendations.ts'
import { toPounds } from './weight.ts'

export const KCAL_PER_CUP = 400
export const KCAL_PER_GRAM = 3.8
/** The safe pace of weight loss, % of body weight a week (faster risks hepatic lipidosis). */
export const SAFE_LOSS_PERCENT_PER_WEEK = { min: 0.5, max: 2 } as const
const KG_PER_LB = 0.453592
/** A typical adult cat, when neither the weight nor the target is known. */
const DEFAULT_WEIGHT_KG = 10 * KG_PER_LB

export interface NutritionProfile {
  name?: string | null
  age?: number | null
  weight?: number | null
  target_weight?: number | null
  unit?: string | null
  activity_level?: string | null
}

export type NutritionBasis = 'weight loss' | 'kitten' | 'inactive adult' | 'neutered adult' | 'active adult'

export interface NutritionPlan {
  /** Calories a day, rounded to 10 kcal. */
  kcalPerDay: number
  /** The multiplier of RER the rule applied, and why. */
  factor: number
  basis: NutritionBasis
  /** The weight the calories are computed for (the target when one is set), kg. */
  feedingWeightKg: number
  /** Cups of a typical dry food (400 kcal a cup), to the nearest eighth (at least one eighth). */
  cupsPerDay: number
  /** Grams of that food, rounded to 5 g. */
  gramsPerDay: number
}

const FACTORS: Record<NutritionBasis, number> = {
  'weight loss': 0.8,
  kitten: 2.5,
  'inactive adult': 1.0,
  'neutered adult': 1.2,
  'active adult': 1.4,
}

const positive = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0

/** RER = 70 × kg^0.75 (kcal a day). */
export function restingEnergy(kg: number): number {
  return 70 * kg ** 0.75
}

function basisOf(profile: NutritionProfile, currentLbs: number, targetLbs: number): NutritionBasis {
  const age = profile.age
  if (typeof age === 'number' && age > 0 && age < 1) return 'kitten'
  if (currentLbs > 0 && targetLbs > 0 && currentLbs > targetLbs) return 'weight loss'
  const activity = (profile.activity_level ?? '').trim().toLowerCase()
  if (activity === 'mostly inactive' || activity === 'very inactive') return 'inactive adult'
  if (activity === 'active' || activity === 'very active') return 'active adult'
  return 'neutered adult'
}

/** The day's calories and food for a cat: from the target weight when one is set, else the current one. */
export function nutritionPlan(profile: NutritionProfile): NutritionPlan {
  const currentLbs = toPounds(positive(profile.weight), profile.unit)
  const targetLbs = toPounds(positive(profile.target_weight), profile.unit)
  const feedingWeightKg = (targetLbs || currentLbs) * KG_PER_LB || DEFAULT_WEIGHT_KG
  const basis = basisOf(profile, currentLbs, targetLbs)
  const factor = FACTORS[basis]
  const kcalPerDay = Math.round((restingEnergy(feedingWeightKg) * factor) / 10) * 10
  return {
    kcalPerDay,
    factor,
    basis,
    feedingWeightKg,
    cupsPerDay: Math.max(1, Math.round((kcalPerDay / KCAL_PER_CUP) * 8)) / 8,
    gramsPerDay: Math.round(kcalPerDay / KCAL_PER_GRAM / 5) * 5,
  }
}

const EIGHTHS = ['', '1/8', '1/4', '3/8', '1/2', '5/8', '3/4', '7/8']

/** 0.5 → '1/2 cup', 1.25 → '1 1/4 cups', 2 → '2 cups'. */
export function cupsText(cups: number): string {
  const whole = Math.floor(cups)
  const fraction = EIGHTHS[Math.round((cups - whole) * 8)] ?? ''
  const amount = [whole > 0 ? String(whole) : '', fraction].filter(Boolean).join(' ') || '0'
  return `${amount} ${cups > 1 ? 'cups' : 'cup'}`
}

/** '190 kcal a day: about 1/2 cup of a typical dry food (about 50 g)' — the plan's food line. */
export function foodText(plan: NutritionPlan): string {
  return `${plan.kcalPerDay} kcal a day: about ${cupsText(plan.cupsPerDay)} of a typical dry food (about ${plan.gramsPerDay} g)`
}

const lbText = (lbs: number) => `${Math.round(lbs * 10) / 10} lb`

/**
 * The sentence both assistants say about food (and the report prints), from the same numbers as the
 * plan. Weight loss adds the safe pace and the fatty-liver warning; every answer says to check the bag.
 */
export function nutritionAdvice(profile: NutritionProfile): string {
  const plan = nutritionPlan(profile)
  const name = catDisplayName(profile.name)
  const currentLbs = toPounds(positive(profile.weight), profile.unit)
  const targetLbs = toPounds(positive(profile.target_weight), profile.unit)
  const food = `about ${plan.kcalPerDay} kcal a day, which is about ${cupsText(plan.cupsPerDay)} of a typical dry food (about ${plan.gramsPerDay} g at ${KCAL_PER_CUP} kcal a cup; check the kcal per cup on your bag and adjust)`
  if (plan.basis === 'weight loss') {
    return `For ${name} to go from ${lbText(currentLbs)} to ${lbText(targetLbs)}, feed ${food}, split into small meals. Aim to lose ${SAFE_LOSS_PERCENT_PER_WEEK.min}–${SAFE_LOSS_PERCENT_PER_WEEK.max} % of body weight a week, no faster: quick loss can cause fatty liver disease (hepatic lipidosis). Please agree a weight-loss plan with your vet.`
  }
  if (plan.basis === 'kitten') {
    return `${name} is still growing: feed ${food}, as kitten food in three or four meals, and weigh them weekly so the amount keeps up.`
  }
  return `For ${name}, feed ${food}, split into two or more meals, and weigh them every week or two so the amount can be adjusted.`
}
