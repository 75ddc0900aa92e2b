// The next due date the product proposes for a core vaccine (docs/product.md §11), from the
// reviewed schedule in server/knowledge/vaccines.json and the cat's age on the day it was given; null
// when the vaccine is not a core one it knows, or when the schedule depends on what it cannot know (the
// cat's age, a rabies product's label).
import { type CoreVaccine, vaccineKnowledge } from '../../knowledge/vaccines.ts'

const DAY_MS = 86_400_000
const WEEK_DAYS = 7
const YEAR_DAYS = 365.25

/** The core vaccine a typed name is ("Purevax FeLV" → felv), or null. */
export function coreVaccineOf(name: string): CoreVaccine | null {
  const typed = name.toLowerCase()
  return vaccineKnowledge.vaccines.find((v) => v.aliases.some((alias) => typed.includes(alias))) ?? null
}

/** "3-year rabies", "3 yr", "triennial" → 3; "1-year", "annual" → 1; else null. */
function labelYears(name: string): 1 | 3 | null {
  const typed = name.toLowerCase()
  if (/\b3[\s-]*(year|yr)|triennial|three[\s-]*year/.test(typed)) return 3
  if (/\b1[\s-]*(year|yr)|annual|one[\s-]*year/.test(typed)) return 1
  return null
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/**
 * `catAgeYears` is the cat's age today (the quiz's answer), `today` 'YYYY-MM-DD'. A kitten is younger than
 * the series' end (16 weeks) on the day of the dose; a cat under a year gets the booster a year later.
 */
export function proposeNextDue(input: {
  name: string
  givenOn: string
  catAgeYears: number | null
  today: string
}): string | null {
  const vaccine = coreVaccineOf(input.name)
  if (!vaccine) return null
  if (vaccine.id === 'rabies') {
    const years = labelYears(input.name)
    const ageDays = ageOnDay(input)
    // A kitten's first rabies dose is boostered a year later whatever the label.
    if (ageDays !== null && ageDays < YEAR_DAYS)
      return addDays(input.givenOn, vaccine.afterSeries.intervalDays)
    if (years === 3 && vaccine.byLabel) return addDays(input.givenOn, vaccine.byLabel.threeYear)
    if (years === 1 && vaccine.byLabel) return addDays(input.givenOn, vaccine.byLabel.oneYear)
    return null
  }
  const ageDays = ageOnDay(input)
  if (ageDays === null) return null
  if (ageDays < vaccineKnowledge.kittenUntilWeeks * WEEK_DAYS) {
    return addDays(input.givenOn, vaccine.kitten.intervalDays)
  }
  if (ageDays < YEAR_DAYS) return addDays(input.givenOn, vaccine.afterSeries.intervalDays)
  return vaccine.adult ? addDays(input.givenOn, vaccine.adult.intervalDays) : null
}

/** The cat's age in days on the day of the dose, or null when its age is unknown. */
function ageOnDay(input: { givenOn: string; catAgeYears: number | null; today: string }): number | null {
  if (input.catAgeYears == null || !Number.isFinite(input.catAgeYears)) return null
  const daysAgo = (Date.parse(`${input.today}T00:00:00Z`) - Date.parse(`${input.givenOn}T00:00:00Z`)) / DAY_MS
  return input.catAgeYears * YEAR_DAYS - daysAgo
}
