// The day's plan a check-in carries (the e-mail's lines, Dr. Olivia's opening): play on a training day,
// food and treats every day, a weigh-in on the first check-in of the week.
import { dailyFood, foodText } from '../../../shared/rules/nutrition.ts'
import { treatsLabel } from '../../../shared/rules/recommendations.ts'

export interface DayPlanCat {
  name: string
  foodBowls: number | null
  treats: number | null
  playtime: number | null
  weight: number | null
  targetWeight: number | null
  weightUnit: string
  age: number | null
  activityLevel: string
  breed: string | null
  gender: string | null
}

/** The columns dayPlan reads. */
export const DAY_PLAN_COLUMNS = {
  name: true,
  foodBowls: true,
  treats: true,
  playtime: true,
  weight: true,
  targetWeight: true,
  weightUnit: true,
  age: true,
  activityLevel: true,
  breed: true,
  gender: true,
} as const

/**
 * The day's food: the one nutrition rule through dailyFood (shared/rules/nutrition.ts), so the e-mail and
 * the check-in say what /care/progress, the report and the specialist say; with no weight, the sentence
 * asking for it (the profile's whole cups would be a figure from answers never given).
 */
function foodOf(cat: DayPlanCat): { text: string; kind: 'plan' | 'question' | 'missing' } {
  const food = dailyFood({
    name: cat.name,
    weight: cat.weight,
    target_weight: cat.targetWeight,
    unit: cat.weightUnit,
    age: cat.age,
    activity_level: cat.activityLevel,
    breed: cat.breed,
    gender: cat.gender,
  })
  return { text: food.kind === 'missing' ? food.text : foodText(food), kind: food.kind }
}

export interface DayPlan {
  catName: string
  trainingDay: boolean
  weighIn: boolean
  lines: string[]
}

export function catNameOf(cat: { name: string }): string {
  return cat.name.trim() || 'your cat'
}

/**
 * The day's plan. `vetFirst`: the cat's escalation is open (docs/product.md §4): no play or training is
 * prescribed until the cat has seen the vet, and the plan says so instead.
 */
export function dayPlan(
  cat: DayPlanCat,
  day: { trainingDay: boolean; weighIn: boolean; vetFirst?: boolean },
): DayPlan {
  const name = catNameOf(cat)
  const lines: string[] = []
  if (day.vetFirst) {
    lines.push(`Vet first: ${name} still needs to see the vet; no play or training until then.`)
  } else if (day.trainingDay && cat.playtime) {
    lines.push(`Play: ${cat.playtime} minutes of play with ${name} today, a training day.`)
  }
  const food = foodOf(cat)
  if (food.kind !== 'plan') {
    // The rule's question (a target for the vet first) or the weight it needs, said as it is: no amount.
    lines.push(`Food: ${food.text}`)
  } else {
    const treats = cat.treats ? ` and ${cat.treats} ${treatsLabel(cat.treats).toLowerCase()}` : ''
    lines.push(`Food: ${food.text}${treats}, spread through the day.`)
  }
  if (day.weighIn) lines.push(`Weigh-in: weigh ${name} and tell me the weight; it goes into the weight log.`)
  if (lines.length === 0) lines.push(`A quick word on how ${name} is doing today.`)
  return { catName: name, trainingDay: day.trainingDay, weighIn: day.weighIn, lines }
}
