// Cat weights (SPEC §5 "Breed and weight", §9): the typed pattern, the two units and the lbs ↔ kg factor.
import { KG_PER_LB } from '../constants.ts'
import { SHORT_QUIZ_WEIGHTS } from '../options.ts'

export const WEIGHT_UNITS = ['Lbs', 'Kg'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
/** SPEC §3: the unit key defaults to Lbs. */
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'Lbs'

/** Digits with up to 2 decimals (SPEC §5). '8', '8.5' and '8.25' match; '8.', '.5', '8.255', '-1' do not. */
export const WEIGHT_PATTERN = /^\d+(\.\d{1,2})?$/
/** No cat weighs this much in either unit: anything above is a typing slip. */
export const MAX_WEIGHT = 100

/** The typed weight is valid: the pattern, greater than 0, and below MAX_WEIGHT. */
export function isValidWeightText(text: string): boolean {
  const trimmed = text.trim()
  if (!WEIGHT_PATTERN.test(trimmed)) return false
  const value = Number(trimmed)
  return value > 0 && value <= MAX_WEIGHT
}

/** A number has at most two decimals (the pattern, for values that arrive as numbers). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6
}

export function roundOneDecimal(value: number): number {
  return Math.round(value * 10) / 10
}

/** Pounds to kilograms, one decimal (SPEC §9: factor 0.453592). */
export function lbsToKg(lbs: number): number {
  return roundOneDecimal(lbs * KG_PER_LB)
}

/** Kilograms to pounds, one decimal. */
export function kgToLbs(kg: number): number {
  return roundOneDecimal(kg / KG_PER_LB)
}

/** The weight in pounds, unrounded; an unknown unit counts as pounds (the default). */
export function toPounds(weight: number, unit: string | null | undefined): number {
  return unit?.toLowerCase() === 'kg' ? weight / KG_PER_LB : weight
}

/** The same weight in the other unit, as the screens show it beside the typed value: '3.9 kg'. */
/** A unit as the screens write it, whatever its stored spelling ('Lbs', 'lbs', 'Kg'): 'lb' or 'kg'. */
export function unitLabel(unit: string | null | undefined): 'lb' | 'kg' {
  return unit?.toLowerCase() === 'kg' ? 'kg' : 'lb'
}

export function otherUnitLabel(weight: number, unit: string | null | undefined): string {
  return unit?.toLowerCase() === 'kg' ? `${kgToLbs(weight)} lb` : `${lbsToKg(weight)} kg`
}

/** SPEC §9: weight options 0.5 to 20 in steps of 0.5 lbs (the target-weight picker). */
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
 * The short quiz stores a band label instead of a number (SPEC §3). When a cat is made from those
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
