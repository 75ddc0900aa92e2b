// The everyday questions owners ask most, answered first and in the cat's terms (docs/triage.md,
// "Offline answers"): a 9-week kitten on adult food, a vegan or raw diet, a crash diet, grass, hairballs,
// litter, scratching, introductions, sleep, travel. The answers are reviewed data in
// server/knowledge/care-topics.json (`answers`); this file only picks one and fills in the cat.
import { EVERYDAY_ANSWERS, type EverydayAnswer } from '../../../knowledge/index.ts'
import { type CatFacts, formatWeight } from './cat-facts.ts'
import { normalise } from './text.ts'

export type { EverydayAnswer }

const COMPILED = EVERYDAY_ANSWERS.map((answer) => ({
  answer,
  when: answer.when.map((alternative) => alternative.map((pattern) => new RegExp(pattern))),
  unless: (answer.unless ?? []).map((pattern) => new RegExp(pattern)),
}))

/** The first everyday answer whose patterns the message holds, in the data's order; null when none. */
export function everydayAnswer(message: string): EverydayAnswer | null {
  const text = normalise(message)
  const found = COMPILED.find(
    ({ when, unless }) =>
      when.some((alternative) => alternative.every((pattern) => pattern.test(text))) &&
      !unless.some((pattern) => pattern.test(text)),
  )
  return found?.answer ?? null
}

/** An age the message gives: "my 9-week kitten", "10 weeks old", "a 4 month old". */
const AGE_IN_MESSAGE = /\b(\d{1,2})[- ]?(weeks?|wks?|months?|mos?)\b/
const KITTEN_WORD = /\bkittens?\b/

function messageAge(text: string): { words: string; kitten: boolean } | null {
  const match = AGE_IN_MESSAGE.exec(text)
  if (!match) return null
  const count = Number(match[1])
  const weeks = match[2]?.startsWith('w') ?? false
  const unit = weeks ? 'week' : 'month'
  return { words: `${count} ${unit}${count === 1 ? '' : 's'}`, kitten: weeks || count < 12 }
}

/** The profile's age in years (a kitten under one is 0: its months are not known). */
function profileAge(facts: CatFacts): string | null {
  if (facts.age === null || facts.age < 1) return null
  return `${facts.age} year${facts.age === 1 ? '' : 's'}`
}

/** 1 to 2 % of the cat's weight, in grams or ounces as the owner weighs. */
function weeklyLoss(facts: CatFacts): string | null {
  if (facts.weightKg === null || facts.weightKg <= 0) return null
  if (facts.unit === 'kg') {
    const grams = (share: number) => Math.max(5, Math.round((facts.weightKg ?? 0) * share * 200) * 5)
    return `${grams(0.01)} to ${grams(0.02)} g`
  }
  const ounces = (share: number) => ((facts.weightKg ?? 0) * 2.20462 * 16 * share).toFixed(1)
  return `${ounces(0.01)} to ${ounces(0.02)} oz`
}

const PLACEHOLDER = /\{(\w+)\}/g
const KITTEN_LINE = 'kitten:'

/**
 * The answer's lines for this cat. A line naming a fact that is not known is left out; `kitten:` lines
 * only for a kitten (the profile's age, or the message's: "my 9-week kitten").
 */
export function answerLines(answer: EverydayAnswer, facts: CatFacts, message: string): string[] {
  const text = normalise(message)
  const told = messageAge(text)
  const kitten = facts.lifeStage === 'kitten' || told?.kitten === true || KITTEN_WORD.test(text)
  const values: Record<string, string | null> = {
    name: facts.name,
    age: told?.words ?? profileAge(facts) ?? 'this age',
    weight: facts.weightKg === null ? null : formatWeight(facts.weightKg, facts.unit),
    weeklyLoss: weeklyLoss(facts),
    conditions: facts.conditionsText,
  }
  return answer.lead.flatMap((line) => {
    const forKitten = line.startsWith(KITTEN_LINE)
    if (forKitten && !kitten) return []
    const body = forKitten ? line.slice(KITTEN_LINE.length) : line
    const names = [...body.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
    if (names.some((name) => !values[name])) return []
    return [body.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '')]
  })
}
