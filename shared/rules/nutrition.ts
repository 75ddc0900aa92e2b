// The one nutrition rule: how much a cat eats a day, for the plan, the wizard's last step, the check-in
// card and reminder e-mail, the vet report and both assistants, so the numbers agree everywhere. Its
// answer is either a plan or a question (a target that needs a vet first, a cat that is not eating, a
// kitten that has not been weighed), with the sentence the screens and the chat show instead of a diet.
//
// Energy. RER (resting energy requirement) = 70 × (body weight in kg)^0.75 kcal a day. Maintenance: a
// neutered adult 1.2 × RER, an inactive or indoor adult 1.0 ×, an active or intact adult 1.4 ×. Growth:
// a kitten 2.5 × RER up to 4 months and 2.0 × from 4 to 12 months, always at its CURRENT weight; when the
// months are unknown (the short quiz's "Kitten" band, stored as age 0) the single growth factor 2.5 ×,
// since underfeeding a growing kitten is the worse mistake and the weekly weigh-in corrects the amount.
// A kitten is never fed for a target and never put on a diet. (WSAVA Global Nutrition Guidelines, 2011,
// "Energy requirements"; 2021 AAHA Nutrition and Weight Management Guidelines for Dogs and Cats, Cline et
// al., JAAHA 57:153–178, life-stage energy table.)
//
// Weight loss. The clinical approach (2021 AAHA guidelines; 2014 AAHA Weight Management Guidelines,
// Brooks et al., JAAHA 50:1–11) is to start near 0.8–1.0 × the RER of the target weight and recheck every
// 2–4 weeks, adjusting so the cat loses 0.5–2 % of its body weight a week; faster loss risks hepatic
// lipidosis (fatty liver). Feeding 0.8 × RER(target) with no other check is unsafe when the target is far
// below the current weight (a 10 kg cat with a 4 kg target got 160 kcal, 41 % of its resting need). So:
//  1. The daily deficit aims at 1 % of the current weight a week: maintenance at the current weight
//     minus 1 % × weight × KCAL_PER_KG_LOST / 7.
//  2. Floor: never below RER at the target weight (AAHA's 1.0 × RER(target)); rounding is upwards past it.
//  3. Ceiling on the pace: the loss the plan predicts (the same model) is reported with the plan and can
//     never exceed 2 %/week, since the aim is 1 % and the floor only adds food.
//  4. A target under 70 % of the current weight, or outside the breed's healthy adult range
//     (shared/rules/breed-weights.ts), is questioned, not planned: a vet confirms it first.
// KCAL_PER_KG_LOST: ~7,700 kcal per kg is the human rule of thumb for adipose tissue; weight a cat loses
// is partly lean tissue (far less energy per kg), so this rule assumes a smaller figure, 6,000 (its own
// conservative assumption, not a published feline constant). A smaller figure predicts FASTER loss for
// the same deficit, so it errs on the safe side of the 2 % ceiling; and maintenance is taken at the
// current weight, which also overstates the deficit of an overweight cat. The prediction is an estimate:
// the weekly weigh-in (weight-trend.ts warns above 2 %) and the vet's recheck keep a real cat on pace.
//
// "What it means in food": a typical dry food has about 400 kcal per 8-oz measuring cup (about 3.8 kcal
// a gram); the owner is told to check their bag, since foods range from about 300 to 550 kcal a cup.
import { healthyAdultRange, weightRangeText } from './breed-weights.ts'
import { catDisplayName } from './cat-display-name.ts'
import { convertWeight, isKilograms, roundWeight, toKilograms, toPounds } from './weight-units.ts'

export const KCAL_PER_CUP = 400
export const KCAL_PER_GRAM = 3.8
/** The safe pace of weight loss, % of body weight a week (faster risks hepatic lipidosis). */
export const SAFE_LOSS_PERCENT_PER_WEEK = { min: 0.5, max: 2 } as const
/** The pace a weight-loss plan aims at, % of the current weight a week. */
export const AIM_LOSS_PERCENT_PER_WEEK = 1
/** Energy in a kg of body weight lost (see the header: below the human 7,700, on the safe side). */
export const KCAL_PER_KG_LOST = 6000
/** A target below this share of the current weight needs a vet's word before any diet. */
export const MIN_TARGET_SHARE = 0.7
/** Below 4 months a kitten needs 2.5 × RER; from 4 to 12 months 2.0 ×. */
const YOUNG_KITTEN_YEARS = 4 / 12
/** A typical adult cat, when neither the weight nor the target is known. */
const DEFAULT_WEIGHT_KG = toKilograms(10, 'Lbs')

export interface NutritionProfile {
  name?: string | null
  /** Years; 0 is the short quiz's Kitten band (under a year), null or absent is unknown (an adult). */
  age?: number | null
  weight?: number | null
  target_weight?: number | null
  unit?: string | null
  activity_level?: string | null
  breed?: string | null
  gender?: string | null
  /** Unknown counts as neutered, as most pet cats are. */
  neutered?: boolean | null
  /** The owner says the cat is not eating: no diet of any kind, the vet first. */
  not_eating?: boolean | null
}

export type NutritionBasis =
  | 'weight loss'
  | 'kitten'
  | 'inactive adult'
  | 'neutered adult'
  | 'intact adult'
  | 'active adult'

export interface NutritionPlan {
  kind: 'plan'
  /** Calories a day, rounded to 10 kcal (upwards where a floor requires it). */
  kcalPerDay: number
  /** kcal a day as a multiple of the RER at the feeding weight. */
  factor: number
  basis: NutritionBasis
  /** The weight the RER is taken at: the current weight (kittens, maintenance) or the target (weight loss). */
  feedingWeightKg: number
  /** The least this plan may feed: RER at the target for weight loss, the growth need for a kitten. */
  floorKcal: number
  /** The loss the plan predicts, % of the current weight a week; null when it is not a weight-loss plan. */
  lossPercentPerWeek: number | null
  /** Cups of a typical dry food (400 kcal a cup), to the nearest eighth (at least one eighth). */
  cupsPerDay: number
  /** Grams of that food, rounded to 5 g. */
  gramsPerDay: number
}

export type NutritionQuestionReason =
  | 'not eating'
  | 'kitten weight unknown'
  | 'target too low'
  | 'target outside breed range'

export interface NutritionQuestion {
  kind: 'question'
  reason: NutritionQuestionReason
  /** What the screens and the chat say instead of a plan (one or two sentences). */
  text: string
  /** What keeps the cat at its current weight while the question is open; null when that is not the point. */
  holding: NutritionPlan | null
}

export type NutritionOutcome = NutritionPlan | NutritionQuestion

const MAINTENANCE_FACTORS = {
  'inactive adult': 1.0,
  'neutered adult': 1.2,
  'intact adult': 1.4,
  'active adult': 1.4,
} as const
type AdultBasis = keyof typeof MAINTENANCE_FACTORS

const positive = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0

/** RER = 70 × kg^0.75 (kcal a day). */
export function restingEnergy(kg: number): number {
  return 70 * kg ** 0.75
}

/** A known age under a year; 0 is the quiz's Kitten band. */
function isKitten(age: number | null | undefined): age is number {
  return typeof age === 'number' && Number.isFinite(age) && age >= 0 && age < 1
}

function growthFactor(age: number): number {
  return age > 0 && age >= YOUNG_KITTEN_YEARS ? 2.0 : 2.5
}

function adultBasis(profile: NutritionProfile): AdultBasis {
  const activity = (profile.activity_level ?? '').trim().toLowerCase()
  if (activity === 'mostly inactive' || activity === 'very inactive') return 'inactive adult'
  if (activity === 'active' || activity === 'very active') return 'active adult'
  return profile.neutered === false ? 'intact adult' : 'neutered adult'
}

const round10 = (kcal: number) => Math.round(kcal / 10) * 10
/** Rounded to 10 kcal, but never under the floor. */
const atLeast = (kcal: number, floor: number) => {
  const rounded = round10(Math.max(kcal, floor))
  return rounded < floor ? rounded + 10 : rounded
}

function planFor(
  kcalPerDay: number,
  factor: number,
  basis: NutritionBasis,
  feedingWeightKg: number,
  floorKcal: number,
  lossPercentPerWeek: number | null,
): NutritionPlan {
  return {
    kind: 'plan',
    kcalPerDay,
    factor,
    basis,
    feedingWeightKg,
    floorKcal: Math.ceil(floorKcal),
    lossPercentPerWeek,
    cupsPerDay: Math.max(1, Math.round((kcalPerDay / KCAL_PER_CUP) * 8)) / 8,
    gramsPerDay: Math.round(kcalPerDay / KCAL_PER_GRAM / 5) * 5,
  }
}

function maintenancePlan(profile: NutritionProfile, kg: number): NutritionPlan {
  const basis = adultBasis(profile)
  const factor = MAINTENANCE_FACTORS[basis]
  // Every adult factor is at least 1, so the resting need is the floor here too.
  const rest = restingEnergy(kg)
  return planFor(atLeast(rest * factor, rest), factor, basis, kg, rest, null)
}

/** The predicted loss, % of the current weight a week, of feeding `kcal` to a cat that maintains on `maintenance`. */
export function predictedLossPercentPerWeek(maintenance: number, kcal: number, currentKg: number): number {
  const kgPerWeek = (Math.max(0, maintenance - kcal) * 7) / KCAL_PER_KG_LOST
  return (kgPerWeek / currentKg) * 100
}

function weightLossPlan(profile: NutritionProfile, currentKg: number, targetKg: number): NutritionPlan {
  const maintenance = restingEnergy(currentKg) * MAINTENANCE_FACTORS[adultBasis(profile)]
  const aimDeficit = ((AIM_LOSS_PERCENT_PER_WEEK / 100) * currentKg * KCAL_PER_KG_LOST) / 7
  const floor = restingEnergy(targetKg)
  const kcal = atLeast(maintenance - aimDeficit, floor)
  const loss = Math.round(predictedLossPercentPerWeek(maintenance, kcal, currentKg) * 100) / 100
  // The factor says what the vet reads on the report: kcal as a multiple of RER at the target weight.
  const factor = Math.round((kcal / floor) * 100) / 100
  return planFor(kcal, factor, 'weight loss', targetKg, floor, loss)
}

/** '11 lb' or '5 kg': a weight in the owner's own unit, one decimal. */
function weightText(kg: number, unit: string | null | undefined): string {
  const kgUnit = isKilograms(unit)
  const value = roundWeight(convertWeight(kg, 'Kg', unit))
  return `${value} ${kgUnit ? 'kg' : 'lb'}`
}

function question(
  reason: NutritionQuestionReason,
  text: string,
  holding: NutritionPlan | null = null,
): NutritionQuestion {
  return { kind: 'question', reason, text, holding }
}

/** The rule: a plan, or the question to settle before any plan. */
export function nutritionRule(profile: NutritionProfile): NutritionOutcome {
  const name = catDisplayName(profile.name)
  const currentKg = toKilograms(positive(profile.weight), profile.unit)
  const targetKg = toKilograms(positive(profile.target_weight), profile.unit)
  if (profile.not_eating) {
    return question(
      'not eating',
      `${capitalise(name)} is not eating, so this is no time for a diet: a cat that stops eating can develop fatty liver disease (hepatic lipidosis) within days. Please call your vet today.`,
    )
  }
  if (isKitten(profile.age)) {
    if (!currentKg) {
      return question(
        'kitten weight unknown',
        `${capitalise(name)} is a kitten, so the food follows growth, never a target: weigh ${name} so the daily amount can be worked out, and meanwhile feed kitten food in three or four meals.`,
      )
    }
    const factor = growthFactor(profile.age)
    const need = restingEnergy(currentKg) * factor
    return planFor(atLeast(need, need), factor, 'kitten', currentKg, need, null)
  }
  const holding = currentKg ? maintenancePlan(profile, currentKg) : null
  if (currentKg && targetKg && targetKg < currentKg * MIN_TARGET_SHARE) {
    return question(
      'target too low',
      `A target of ${weightText(targetKg, profile.unit)} is less than 70 % of ${possessive(name)} ${weightText(currentKg, profile.unit)}, so there is no diet for it here: please check the target with your vet first, and until then keep feeding what ${name} eats now without cutting back.`,
      holding,
    )
  }
  const range = healthyAdultRange(profile.breed, profile.gender)
  if (targetKg && range && (targetKg < range.minKg || targetKg > range.maxKg)) {
    return question(
      'target outside breed range',
      `A target of ${weightText(targetKg, profile.unit)} is outside the healthy adult range for a ${range.breed} (${weightRangeText(range, profile.unit)}; judge by body shape, not only the scale), so there is no diet for it here: please check the target with your vet first, and until then keep feeding what ${name} eats now.`,
      holding,
    )
  }
  if (currentKg && targetKg && targetKg < currentKg) return weightLossPlan(profile, currentKg, targetKg)
  return maintenancePlan(profile, targetKg || currentKg || DEFAULT_WEIGHT_KG)
}

/** The day's food when the rule has nothing to go on: no figure is made up from answers never given. */
export interface MissingWeight {
  kind: 'missing'
  text: string
}

/**
 * The day's food every screen and message shows (the plan on /care/progress, the report, the check-in
 * card, the reminder e-mail, the wizard's last step): the rule's plan or question once the cat's weight
 * is known (a kitten's own question without it), else the sentence asking for the weight. One function,
 * so one fact has one number everywhere.
 */
export function dailyFood(profile: NutritionProfile): NutritionOutcome | MissingWeight {
  if (!positive(profile.weight) && !isKitten(profile.age) && !profile.not_eating) {
    return {
      kind: 'missing',
      text: `Add ${possessive(catDisplayName(profile.name))} weight to see the plan.`,
    }
  }
  return nutritionRule(profile)
}

/** dailyFood as one line: foodText of a plan or question, the missing-weight sentence otherwise. */
export function dailyFoodText(profile: NutritionProfile): string {
  const food = dailyFood(profile)
  return food.kind === 'missing' ? food.text : foodText(food)
}

/**
 * The rule's question about a target (under 70 % of the current weight, or outside the breed's healthy
 * adult range), or null when the target is one the rule plans for. The wizard and the profile editor
 * ask it before the target is saved.
 */
export function targetQuestion(profile: NutritionProfile): string | null {
  const outcome = nutritionRule({ ...profile, not_eating: false })
  return outcome.kind === 'question' &&
    (outcome.reason === 'target too low' || outcome.reason === 'target outside breed range')
    ? outcome.text
    : null
}

/** Whether a weight-loss (calorie-cut) plan may be given to this cat at all: never while it is not eating. */
export function mayPlanWeightLoss(profile: NutritionProfile): boolean {
  const outcome = nutritionRule(profile)
  return outcome.kind === 'plan' && outcome.basis === 'weight loss'
}

/**
 * The plan's cups, as the product spec's whole number of cups (1 to 3); a question's holding amount, else 1.
 */
export function wholeCups(outcome: NutritionOutcome): number {
  const plan = outcome.kind === 'plan' ? outcome : outcome.holding
  return Math.min(3, Math.max(1, Math.round(plan?.cupsPerDay ?? 1)))
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`)

const EIGHTHS = ['', '1/8', '1/4', '3/8', '1/2', '5/8', '3/4', '7/8']

/** 0.5 → '1/2 cup', 1.25 → '1 1/4 cups', 2 → '2 cups'. */
export function cupsText(cups: number): string {
  const whole = Math.floor(cups)
  const fraction = EIGHTHS[Math.round((cups - whole) * 8)] ?? ''
  const amount = [whole > 0 ? String(whole) : '', fraction].filter(Boolean).join(' ') || '0'
  return `${amount} ${cups > 1 ? 'cups' : 'cup'}`
}

/**
 * The food line: '280 kcal a day: about 3/4 cup of a typical dry food (about 75 g)' for a plan, the
 * question's own sentence otherwise.
 */
export function foodText(outcome: NutritionOutcome): string {
  if (outcome.kind === 'question') return outcome.text
  return `${outcome.kcalPerDay} kcal a day: about ${cupsText(outcome.cupsPerDay)} of a typical dry food (about ${outcome.gramsPerDay} g)`
}

/** '1.0' → '1', '0.85' → '0.9': the predicted pace as the texts print it. */
export function paceText(plan: NutritionPlan): string {
  return String(Math.round((plan.lossPercentPerWeek ?? 0) * 10) / 10)
}

/**
 * About how many weeks the plan's predicted pace takes from the current weight to the target (the pace
 * is a share of the current weight, so it compounds); null when it predicts no loss.
 */
export function weeksToTarget(plan: NutritionPlan, currentKg: number, targetKg: number): number | null {
  const rate = (plan.lossPercentPerWeek ?? 0) / 100
  if (rate <= 0 || targetKg >= currentKg) return null
  return Math.ceil(Math.log(targetKg / currentKg) / Math.log(1 - rate))
}

/**
 * The sentence on the pace that sits beside a weight-loss plan: the pace THIS plan predicts, the safe
 * range, the floor and the recheck, so no text promises a rate the plan does not give.
 */
export function lossPaceText(plan: NutritionPlan, name: string): string {
  return `At this amount ${name} should lose about ${paceText(plan)} % of body weight a week (the safe pace is ${SAFE_LOSS_PERCENT_PER_WEEK.min} to ${SAFE_LOSS_PERCENT_PER_WEEK.max} %, never faster: quick loss can cause fatty liver disease, hepatic lipidosis). Never feed less than ${plan.floorKcal} kcal a day, ${possessive(name)} resting need at the target weight; weigh weekly and ask your vet to recheck every 2 to 4 weeks.`
}

const lbText = (lbs: number) => `${Math.round(lbs * 10) / 10} lb`

/**
 * The sentence both assistants say about food (and the report prints), from the same numbers as the
 * plan. Weight loss adds the predicted pace and the fatty-liver warning; a question is said as it is;
 * every amount says to check the bag.
 */
export function nutritionAdvice(profile: NutritionProfile): string {
  const outcome = nutritionRule(profile)
  if (outcome.kind === 'question') return outcome.text
  const name = catDisplayName(profile.name)
  const currentLbs = toPounds(positive(profile.weight), profile.unit)
  const targetLbs = toPounds(positive(profile.target_weight), profile.unit)
  const food = `about ${outcome.kcalPerDay} kcal a day, which is about ${cupsText(outcome.cupsPerDay)} of a typical dry food (about ${outcome.gramsPerDay} g at ${KCAL_PER_CUP} kcal a cup; check the kcal per cup on your bag and adjust)`
  if (outcome.basis === 'weight loss') {
    return `For ${name} to go from ${lbText(currentLbs)} to ${lbText(targetLbs)}, feed ${food}, split into small meals. ${lossPaceText(outcome, name)} Please agree the weight-loss plan with your vet.`
  }
  if (outcome.basis === 'kitten') {
    return `${capitalise(name)} is still growing: feed ${food}, as kitten food in three or four meals, for ${possessive(name)} weight today (never a diet), and weigh them weekly so the amount keeps up.`
  }
  return `For ${name}, feed ${food}, split into two or more meals, and weigh them every week or two so the amount can be adjusted.`
}
