// age: "6 months", "two years old", "one and a half", "3yo", "about 5 or 6" → years as text.
//
// The answer is the age in years with at most one decimal ("0.5", "1.5", "12"): the quiz keeps
// whole years 1 to 24, but the interview also meets kittens, and "0.5" keeps them kittens instead
// of rounding them up to adults. Any positive age rounds to at least "0.1" (a three-day-old).
import { MAX_CAT_AGE } from '../../../../shared/constants.ts'
import { accept, type Extraction, refuse } from './extraction.ts'
import { normalise } from './text.ts'
import { soundsUnsure } from './vocabulary.ts'

type AgeUnit = 'year' | 'month' | 'week' | 'day'
type Unit = AgeUnit | 'not-age'

const UNIT_WORDS: Record<string, Unit> = {}
const addUnit = (unit: Unit, spellings: string): void => {
  for (const spelling of spellings.split(' ')) UNIT_WORDS[spelling] = unit
}
addUnit('year', 'year years yr yrs y yo yos yearold')
addUnit('month', 'month months mo mos mth mths mnth mnths')
addUnit('week', 'week weeks wk wks w')
addUnit('day', 'day days')
// Weights and counts are numbers too, but never an age ("she's 3 and weighs 10 lbs").
addUnit(
  'not-age',
  'lb lbs pound pounds kg kgs kilo kilos kilogram kilograms g grams oz ounce ounces cats times meals cups',
)

const YEARS_PER_UNIT: Record<AgeUnit, number> = { year: 1, month: 1 / 12, week: 7 / 365.25, day: 1 / 365.25 }
/** Units ordered largest first, so "2 years 3 months" adds up but "2 years … 6 months ago" does not. */
const UNIT_RANK: Record<AgeUnit, number> = { year: 3, month: 2, week: 1, day: 0 }

const SMALL_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50 }

interface Quantity {
  value: number
  unit: Unit | null
  /** Second half of a range such as "5 or 6" or "5-6". */
  endsRange: boolean
}

function tokenise(text: string): string[] {
  const spaced = normalise(text)
    .replace(/\by\s*\/\s*o\b|\by\.o\.?/g, ' yo ')
    .replace(/(\d)\s*½/g, '$1.5')
    .replace(/½/g, ' 0.5 ')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])-([a-z])/g, '$1 $2')
  // Contractions stay whole so "I'm" is never read as a number of months.
  return spaced.match(/\d+(?:[.,]\d+)?|[a-z]+(?:'[a-z]+)?|-/g) ?? []
}

/** Reads "twenty one", "twelve", "7" or "1,5" at `index`; returns the value and tokens used. */
function readNumber(tokens: readonly string[], index: number): { value: number; used: number } | null {
  const token = tokens[index] ?? ''
  if (/^\d/.test(token)) return { value: Number.parseFloat(token.replace(',', '.')), used: 1 }
  const tens = TENS[token]
  if (tens !== undefined) {
    const ones = SMALL_NUMBERS[tokens[index + 1] ?? '']
    return ones !== undefined && ones < 10 ? { value: tens + ones, used: 2 } : { value: tens, used: 1 }
  }
  const small = SMALL_NUMBERS[token]
  if (small !== undefined) return { value: small, used: 1 }
  const next = tokens[index + 1] ?? ''
  // "a year", "an eight-week-old" is not this; "a couple of years" is 2.
  if ((token === 'a' || token === 'an') && next in UNIT_WORDS) return { value: 1, used: 1 }
  if ((token === 'a' || token === 'an') && next === 'couple')
    return { value: 2, used: 2 + (tokens[index + 2] === 'of' ? 1 : 0) }
  if (token === 'couple') return { value: 2, used: 1 + (next === 'of' ? 1 : 0) }
  if (token === 'dozen') return { value: 12, used: 1 }
  if (token === 'few' && next in UNIT_WORDS) return { value: 3, used: 1 }
  // "half a year", "half year"
  if (token === 'half') return { value: 0.5, used: next === 'a' || next === 'an' ? 2 : 1 }
  return null
}

type Parse = { kind: 'quantities'; quantities: Quantity[] } | { kind: 'negative' }

function parseQuantities(text: string): Parse {
  const tokens = tokenise(text)
  const quantities: Quantity[] = []
  let rangeOpen = false
  let between = false
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index] ?? ''
    const last = quantities[quantities.length - 1]
    const next = tokens[index + 1] ?? ''
    if (token === 'between') between = true
    if (token === '-' && /^\d/.test(next) && !last) return { kind: 'negative' }
    if (token === 'and' && (next === 'half' || (next === 'a' && tokens[index + 2] === 'half'))) {
      // "one and a half years", "a year and a half": the half belongs to the number before it.
      if (last) last.value += 0.5
      index += next === 'half' ? 2 : 3
      continue
    }
    if (last && (token === 'or' || token === 'to' || token === '-' || (token === 'and' && between))) {
      rangeOpen = true
      index++
      continue
    }
    const unit = UNIT_WORDS[token]
    if (unit !== undefined && last && last.unit === null) {
      last.unit = unit
      // "5 or 6 years": the first end of the range takes the same unit.
      const previous = quantities[quantities.length - 2]
      if (last.endsRange && previous && previous.unit === null) previous.unit = unit
      index++
      continue
    }
    const number = readNumber(tokens, index)
    if (number) {
      quantities.push({ value: number.value, unit: null, endsRange: rangeOpen && last !== undefined })
      rangeOpen = false
      index += number.used
      continue
    }
    if (token !== 'about' && token !== 'around' && token !== 'roughly') rangeOpen = false
    index++
  }
  return { kind: 'quantities', quantities: quantities.filter((quantity) => quantity.unit !== 'not-age') }
}

const inYears = (quantity: Quantity): number =>
  quantity.value *
  YEARS_PER_UNIT[quantity.unit === null || quantity.unit === 'not-age' ? 'year' : quantity.unit]

/** Turns the numbers the owner used into one age in years, or null when there is none. */
function yearsFrom(quantities: readonly Quantity[]): number | null {
  const rangeEnd = quantities.findIndex((quantity) => quantity.endsRange)
  const rangeStart = quantities[rangeEnd - 1]
  const rangeFinish = quantities[rangeEnd]
  if (rangeStart && rangeFinish) return (inYears(rangeStart) + inYears(rangeFinish)) / 2

  const firstWithUnit = quantities.findIndex((quantity) => quantity.unit !== null)
  if (firstWithUnit === -1) {
    const first = quantities[0]
    return first ? first.value : null
  }
  // Add smaller units that follow a bigger one: "2 years and 3 months", "1 year 6 months".
  let total = 0
  let previousRank = Number.POSITIVE_INFINITY
  for (const quantity of quantities.slice(firstWithUnit)) {
    if (quantity.unit === null || quantity.unit === 'not-age') break
    const rank = UNIT_RANK[quantity.unit]
    if (rank >= previousRank) break
    total += inYears(quantity)
    previousRank = rank
  }
  return total
}

function formatYears(years: number): string {
  const rounded = Math.max(0.1, Math.round(years * 10) / 10)
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1)
}

export function extractAge(text: string, catName: string): Extraction {
  const plain = normalise(text)
  const parse = parseQuantities(text)
  if (parse.kind === 'negative') {
    return refuse(`Hmm, that doesn't look like an age. How old is ${catName}, in years or months?`)
  }
  const years = yearsFrom(parse.quantities)
  const birthYear = parse.quantities.find((quantity) => quantity.value >= 1980 && quantity.value <= 2100)
  if (birthYear) {
    return refuse(`Born in ${birthYear.value}, lovely! How old does that make ${catName} now, in years?`)
  }
  if (years === null) {
    if (/\b(kitten|baby|newborn|little one)\b/.test(plain)) {
      return refuse(`A kitten, how lovely! Roughly how many weeks or months old is ${catName}?`)
    }
    if (soundsUnsure(plain) || /\b(rescue|stray|adopted)\b/.test(plain)) {
      return refuse(
        `That's okay, a best guess is fine. Would you say ${catName} is a kitten, a young adult or a senior? Something like "about 5" is perfect.`,
      )
    }
    if (/\b(old|senior|elderly|adult|young)\b/.test(plain)) {
      return refuse(`Thanks! Could you give me a rough number of years for ${catName}? A best guess is fine.`)
    }
    return refuse(`I didn't catch an age there. How old is ${catName}? Years or months are both fine.`)
  }
  if (years <= 0) {
    return refuse(`Could you tell me roughly how many weeks or months old ${catName} is?`)
  }
  // Above the product's age limit the owner has most likely mistyped.
  if (years > MAX_CAT_AGE) {
    return refuse(
      `${formatYears(years)} years would make ${catName} one of the oldest cats ever recorded! Could you double-check the age for me?`,
    )
  }
  return accept(formatYears(years))
}
