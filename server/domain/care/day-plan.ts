// The day's plan a check-in carries (the e-mail's lines, Dr. Olivia's opening): play on a training day,
// food and treats every day, a weigh-in on the first check-in of the week.
import { cupsLabel, treatsLabel } from '../../../shared/rules/recommendations.ts'

export interface DayPlanCat {
  name: string
  foodBowls: number | null
  treats: number | null
  playtime: number | null
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

export function dayPlan(cat: DayPlanCat, day: { trainingDay: boolean; weighIn: boolean }): DayPlan {
  const name = catNameOf(cat)
  const lines: string[] = []
  if (day.trainingDay && cat.playtime) {
    lines.push(`Play: ${cat.playtime} minutes of play with ${name} today, a training day.`)
  }
  if (cat.foodBowls) {
    const treats = cat.treats ? ` and ${cat.treats} ${treatsLabel(cat.treats).toLowerCase()}` : ''
    lines.push(`Food: ${cat.foodBowls} ${cupsLabel(cat.foodBowls)} of food${treats}, spread through the day.`)
  }
  if (day.weighIn) lines.push(`Weigh-in: weigh ${name} and tell me the weight; it goes into the weight log.`)
  if (lines.length === 0) lines.push(`A quick word on how ${name} is doing today.`)
  return { catName: name, ...day, lines }
}
