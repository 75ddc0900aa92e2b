// The recommendation rule (docs/product.md §1, §7): cups of food, treats and playtime per day, and
// the two welcome messages, from the cat's weight, age and activity. Used for every cat, and
// whenever an LLM's answer cannot be used.
//
// The rule, in order:
// 1. Weights are taken in pounds (kg converted by weight-units.ts). The feeding weight is the target weight
//    when one is given, else the current weight, else 10 lbs (a typical adult cat). Unknown = 0.
// 2. Food: the one nutrition rule (shared/rules/nutrition.ts: a plan for growth, maintenance or a safe
//    weight loss, or a question when the target needs a vet first; and what a plan means in cups and
//    grams of dry food). The product spec's `food_bowls` field (a whole number of cups, 1 to 3) is
//    that amount rounded to a whole cup within 1 to 3 (for a question, what keeps the cat at its
//    current weight); what the plan says in words is the rule's own amount or question, so the
//    plan, the report and the assistants agree.
// 3. Treats per day: feeding weight under 8 lbs → 2, under 14 lbs → 3, else 4; one fewer for a mostly or
//    very inactive cat, one fewer for an overweight cat (current weight above the target); at least 1.
// 4. Playtime minutes per day: by age, kitten 40, under 7 years 30, under 11 years 25, older 20; then
//    by activity, very active +10, active +5, moderately active 0, mostly inactive −5, very inactive −10
//    (sessions start short and build up); an overweight cat +10; kept between 10 and 60.
// 5. The welcome messages name the cat (or 'your cat') and its main issue: the first issue faced, else
//    the first goal, else the first progress wish, else a medical condition other than None.
import { catDisplayName } from './cat-display-name.ts'
import { foodText, nutritionRule, wholeCups } from './nutrition.ts'
import { toPounds } from './weight.ts'

// The display name has its own module (nutrition's texts use it too); the screens find it here as before.
export { catDisplayName }

export interface RecommendationInput {
  name?: string | null
  age?: number | null
  weight?: number | null
  unit?: string | null
  target_weight?: number | null
  activity_level?: string | null
  breed?: string | null
  gender?: string | null
  issues_faced?: readonly string[] | null
  goals?: readonly string[] | null
  required_progress?: readonly string[] | null
  medical_conditions?: string | null
}

export interface RecommendationResult {
  food_bowls: number
  treats: number
  playtime: number
  welcome_message_specific_detail: string
  welcome_message_relevant_response: string
}

export const DEFAULT_FEEDING_WEIGHT_LBS = 10
export const PLAYTIME_MIN = 10
export const PLAYTIME_MAX = 60

const ACTIVITY_PLAY_MINUTES: Record<string, number> = {
  'very active': 10,
  active: 5,
  'moderately active': 0,
  'mostly inactive': -5,
  'very inactive': -10,
}
const INACTIVE = new Set(['mostly inactive', 'very inactive'])

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
const positive = (value: number | null | undefined) =>
  value && Number.isFinite(value) && value > 0 ? value : 0

/** Which of the cat's answers the messages are about, lower-cased; null when there is none. */
export function mainIssue(cat: RecommendationInput): string | null {
  const medical = (cat.medical_conditions ?? '').trim()
  const candidates = [
    cat.issues_faced?.[0],
    cat.goals?.[0],
    cat.required_progress?.[0],
    medical.toLowerCase() === 'none' ? '' : medical,
  ]
  const found = candidates.map((c) => (c ?? '').trim()).find((c) => c !== '')
  return found ? found.toLowerCase() : null
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** docs/product.md §2: 'cup' when the food value is 1, else 'cups'. */
export function cupsLabel(value: string | number): string {
  return String(value).trim() === '1' ? 'cup' : 'cups'
}

/** docs/product.md §2: 'Treat' when the treats value is 1, else 'Treats'. */
export function treatsLabel(value: string | number): string {
  return String(value).trim() === '1' ? 'Treat' : 'Treats'
}

export function recommend(cat: RecommendationInput): RecommendationResult {
  const unit = cat.unit ?? 'Lbs'
  const weight = toPounds(positive(cat.weight), unit)
  const target = toPounds(positive(cat.target_weight), unit)
  const feeding = target || weight || DEFAULT_FEEDING_WEIGHT_LBS
  const age = positive(cat.age)
  const kitten = age < 1
  const activity = (cat.activity_level ?? '').trim().toLowerCase()
  const overweight = weight > 0 && target > 0 && weight > target
  const nutrition = nutritionRule(cat)

  const sizeBand = feeding < 8 ? 0 : feeding < 14 ? 1 : 2
  const food_bowls = wholeCups(nutrition)
  const treats = Math.max(1, 2 + sizeBand - (INACTIVE.has(activity) ? 1 : 0) - (overweight ? 1 : 0))
  const ageMinutes = kitten ? 40 : age < 7 ? 30 : age < 11 ? 25 : 20
  const playtime = clamp(
    ageMinutes + (ACTIVITY_PLAY_MINUTES[activity] ?? 0) + (overweight ? 10 : 0),
    PLAYTIME_MIN,
    PLAYTIME_MAX,
  )

  const name = catDisplayName(cat.name)
  const issue = mainIssue(cat)
  const treatsAndPlay = `${treats} ${treatsLabel(treats).toLowerCase()} and ${playtime} minutes of play a day`
  // A question (a target for the vet first, a kitten to weigh) is said as it is, never as a diet.
  const begin =
    nutrition.kind === 'plan'
      ? `To begin, ${name} gets ${foodText(nutrition)}, ${treatsAndPlay}.`
      : `To begin, ${name} gets ${treatsAndPlay}. ${foodText(nutrition)}`
  return {
    food_bowls,
    treats,
    playtime,
    welcome_message_specific_detail: issue
      ? capitalise(`${name}'s main concern is ${issue}, and that is where the plan starts.`)
      : capitalise(`${name}'s plan starts with the daily routine: food, treats and play.`),
    welcome_message_relevant_response: issue ? `We help cats with ${issue} every day. ${begin}` : begin,
  }
}
