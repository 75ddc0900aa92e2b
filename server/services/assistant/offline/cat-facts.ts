// Reads the cat profile once into the few facts the specialist personalises with.
import { FALLBACK_CAT_NAME } from '../../../../shared/constants.ts'
import { ACTIVITY_LEVELS, type ActivityLevel } from '../../../../shared/options.ts'
import {
  convertWeight,
  isKilograms,
  roundWeight,
  toKilograms,
} from '../../../../shared/rules/weight-units.ts'
import type { CatProfileForAssistant } from '../types.ts'

export type LifeStage = 'kitten' | 'adult' | 'senior' | 'unknown'

export type ConditionId =
  | 'kidney'
  | 'diabetes'
  | 'hyperthyroidism'
  | 'arthritis'
  | 'dental'
  | 'heart'
  | 'liver'
  | 'cancer'
  | 'ears'
  | 'senses'

export interface CatFacts {
  /** The cat's name, or 'your cat' (docs/product.md §9 fallback). */
  name: string
  lifeStage: LifeStage
  age: number | null
  weightKg: number | null
  targetWeightKg: number | null
  /** The unit the owner uses, so numbers are shown back the way they were entered. */
  unit: 'lbs' | 'kg'
  activity: ActivityLevel | null
  breed: string | null
  gender: string | null
  conditions: ConditionId[]
  conditionsText: string | null
  medications: string | null
  dietaryRestrictions: string | null
  issues: string[]
  /** The owner says, in this conversation, that the cat is not eating: no diet in any note. */
  notEating?: boolean
}

/**
 * Kitten below 1 year; senior from 10, matching the short quiz's 'Senior Cat' band whose stored
 * value is 10. Age 0 is the short quiz's 'Kitten' band, so it counts as a kitten.
 */
const SENIOR_FROM_YEARS = 10

const CONDITION_PATTERNS: ReadonlyArray<readonly [ConditionId, RegExp]> = [
  ['kidney', /kidney|renal|ckd/i],
  ['diabetes', /diabet/i],
  ['hyperthyroidism', /thyroid/i],
  ['arthritis', /arthritis|joint/i],
  ['dental', /dental|teeth|tooth|gum/i],
  ['heart', /heart|cardio|hcm/i],
  ['liver', /liver|hepat/i],
  ['cancer', /cancer|tumou?r|lymphoma/i],
  ['ears', /\bear/i],
  ['senses', /vision|hearing|blind|deaf/i],
]

/** Free-text profile fields often hold 'None', 'n/a' or '-' rather than being empty. */
function meaningful(text: string | null | undefined): string | null {
  const trimmed = text?.trim()
  if (!trimmed || /^(none|no|n\/?a|nothing|-+|0)$/i.test(trimmed)) return null
  return trimmed
}

function lifeStageOf(age: number | null): LifeStage {
  if (age === null) return 'unknown'
  if (age < 1) return 'kitten'
  return age >= SENIOR_FROM_YEARS ? 'senior' : 'adult'
}

function toKg(value: number | null | undefined, unit: 'lbs' | 'kg'): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null
  return toKilograms(value, unit)
}

export function catFactsFrom(cat: CatProfileForAssistant | null): CatFacts {
  const unit = isKilograms(cat?.weightUnit) ? 'kg' : 'lbs'
  const age = typeof cat?.age === 'number' && Number.isFinite(cat.age) && cat.age >= 0 ? cat.age : null
  const conditionsText = meaningful(cat?.medicalConditions)
  const activity = ACTIVITY_LEVELS.find(
    (level) => level.toLowerCase() === cat?.activityLevel?.trim().toLowerCase(),
  )
  return {
    name: meaningful(cat?.name) ?? FALLBACK_CAT_NAME,
    lifeStage: lifeStageOf(age),
    age,
    weightKg: toKg(cat?.weight, unit),
    targetWeightKg: toKg(cat?.targetWeight, unit),
    unit,
    activity: activity ?? null,
    breed: meaningful(cat?.breed),
    gender: meaningful(cat?.gender),
    conditions: conditionsText
      ? CONDITION_PATTERNS.filter(([, pattern]) => pattern.test(conditionsText)).map(([id]) => id)
      : [],
    conditionsText,
    medications: meaningful(cat?.medications),
    dietaryRestrictions: meaningful(cat?.dietaryRestrictions),
    issues: (cat?.issuesFaced ?? [])
      .map((issue) => issue.trim())
      .filter((issue) => meaningful(issue) !== null),
  }
}

/** A weight in the owner's own unit, to one decimal: "11 lbs", "4.5 kg". */
export function formatWeight(kg: number, unit: 'lbs' | 'kg'): string {
  const rounded = roundWeight(convertWeight(kg, 'kg', unit))
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${unit}`
}
