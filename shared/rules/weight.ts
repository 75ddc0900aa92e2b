// Cat weights (docs/product.md §5 "Breed and weight", §9): the typed pattern, the two units
// and how the screens label them. The conversion itself is weight-units.ts (offered here
// too, where the screens look for it).
import { SHORT_QUIZ_WEIGHTS } from '../options.ts'
import { isKilograms, kgToLbs, lbsToKg } from './weight-units.ts'

export { kgToLbs, lbsToKg, toPounds } from './weight-units.ts'

export const WEIGHT_UNITS = ['Lbs', 'Kg'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
/** docs/product.md §3: the unit key defaults to Lbs. */
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'Lbs'

/**
 * Digits with up to 2 decimals (docs/product.md §5), the decimal point or a decimal comma ('12,5', as much of
 * the world writes it). '8', '8.5', '8,25' match; '8.', '.5', '8.255', '-1' do not.
 */
export const WEIGHT_PATTERN = /^\d+([.,]\d{1,2})?$/

/**
 * The one weight range, the weight log's: no cat weighs more than 50 lb (23 kg), beyond is a typing slip.
 * The wizard, the profile, the check-ins and the log all hold a weight to it.
 */
export const MAX_LOGGED_WEIGHT = { Lbs: 50, Kg: 23 } as const
/** The most any weight field takes before its unit is known (the larger of the two). */
export const MAX_WEIGHT = MAX_LOGGED_WEIGHT.Lbs

/**
 * The unit as stored ('Lbs' or 'Kg'), whatever its spelling; unknown counts as pounds
 * (docs/product.md §3's default).
 */
export function weightUnitOf(unit: string | null | undefined): WeightUnit {
  return unit?.toLowerCase() === 'kg' ? 'Kg' : 'Lbs'
}

/** A weight is within the range: above 0 and at most the heaviest weight of its unit. */
export function isWeightInRange(weight: number, unit: string | null | undefined): boolean {
  return Number.isFinite(weight) && weight > 0 && weight <= MAX_LOGGED_WEIGHT[weightUnitOf(unit)]
}

/** 'at most 50 lb' / 'at most 23 kg': the range's top as the messages say it. */
export function maxWeightText(unit: string | null | undefined): string {
  const kg = weightUnitOf(unit) === 'Kg'
  return `${kg ? MAX_LOGGED_WEIGHT.Kg : MAX_LOGGED_WEIGHT.Lbs} ${kg ? 'kg' : 'lb'}`
}

/** Typed weight text as a number: '12,5' and '12.5' alike; NaN when it is not the pattern. */
export function parseWeightText(text: string): number {
  const trimmed = text.trim()
  return WEIGHT_PATTERN.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN
}

/** The typed weight is valid: the pattern (a decimal comma too) and within the range of its unit. */
export function isValidWeightText(text: string, unit?: string | null): boolean {
  return isWeightInRange(parseWeightText(text), unit)
}

/** A number has at most two decimals (the pattern, for values that arrive as numbers). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6
}

/** The same weight in the other unit, as the screens show it beside the typed value: '3.9 kg'. */
/** A unit as the screens write it, whatever its stored spelling ('Lbs', 'lbs', 'Kg'): 'lb' or 'kg'. */
export function unitLabel(unit: string | null | undefined): 'lb' | 'kg' {
  return isKilograms(unit) ? 'kg' : 'lb'
}

export function otherUnitLabel(weight: number, unit: string | null | undefined): string {
  return isKilograms(unit) ? `${kgToLbs(weight)} lb` : `${lbsToKg(weight)} kg`
}

/** docs/product.md §9: weight options 0.5 to 20 in steps of 0.5 lbs (the target-weight picker). */
export const WEIGHT_OPTIONS_LBS: readonly number[] = Array.from({ length: 40 }, (_, i) => (i + 1) / 2)

/** '8.5 lb (3.9 kg)' */
export function weightOptionLabel(lbs: number): string {
  return `${lbs} lb (${lbsToKg(lbs)} kg)`
}

/** The option nearest to a weight in pounds, or null when there is nothing to go on. */
export function nearestWeightOption(lbs: number): number | null {
  if (!Number.isFinite(lbs) || lbs <= 0) return null
  const clamped = Math.min(20, Math.max(0.5, lbs))
  return Math.round(clamped * 2) / 2
}

/**
 * The short quiz stores a band label instead of a number (docs/product.md §3). When a cat is made from those
 * answers, each band counts as one representative weight in pounds: its middle, or 1 lb beyond an
 * open end.
 */
const BAND_POUNDS: Record<(typeof SHORT_QUIZ_WEIGHTS)[number], number> = {
  'Under 5 pounds': 4,
  '5-10 pounds': 7.5,
  '10-15 pounds': 12.5,
  'Over 15 pounds': 16,
}

export function weightFromBand(label: string): number | null {
  const key = SHORT_QUIZ_WEIGHTS.find((band) => band.toLowerCase() === label.trim().toLowerCase())
  return key ? BAND_POUNDS[key] : null
}
