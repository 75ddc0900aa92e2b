// A cat's age as the wizard and the profile editor offer it: two kitten bands (the nutrition rule feeds a
// kitten under 4 months 2.5 × RER and one from 4 to 12 months 2.0 ×, shared/rules/nutrition.ts), then whole
// years 1 to 24 (docs/product.md §9). Stored as years: 0.25 and 0.5 stand for the bands; 0 is the short
// quiz's "Kitten" (under a year, months unknown).
import { CAT_MIN_AGE, MAX_CAT_AGE } from '../constants.ts'

export interface AgeOption {
  value: string
  label: string
}

export const KITTEN_AGE_OPTIONS: readonly AgeOption[] = [
  { value: '0.25', label: 'Kitten, under 4 months' },
  { value: '0.5', label: 'Kitten, 4 to 12 months' },
]

/** '1 year', '3 years', and the kitten bands in words. */
export function ageLabel(age: number): string {
  if (age <= 0) return 'Kitten, under 1 year'
  if (age < 4 / 12) return 'Kitten, under 4 months'
  if (age < 1) return 'Kitten, 4 to 12 months'
  return age === 1 ? '1 year' : `${age} years`
}

const YEAR_OPTIONS: readonly AgeOption[] = Array.from({ length: MAX_CAT_AGE - CAT_MIN_AGE + 1 }, (_, i) => {
  const years = i + CAT_MIN_AGE
  return { value: String(years), label: ageLabel(years) }
})

/** Every age a select offers; a stored age that is none of them (0, 3.5) is offered too, so it is kept. */
export function ageOptions(stored?: string | number | null): AgeOption[] {
  const options = [...KITTEN_AGE_OPTIONS, ...YEAR_OPTIONS]
  const text = stored === null || stored === undefined ? '' : String(stored).trim()
  const value = text === '' ? Number.NaN : Number(text)
  if (!Number.isFinite(value) || value < 0 || value > MAX_CAT_AGE) return options
  if (options.some((option) => Number(option.value) === value)) return options
  const extra = { value: text, label: ageLabel(value) }
  return [
    ...options.filter((o) => Number(o.value) < value),
    extra,
    ...options.filter((o) => Number(o.value) > value),
  ]
}

/** The option that stands for a stored age ('0.50' is '0.5'), or '' when none. */
export function ageOptionValue(stored: string | number | null | undefined): string {
  if (stored === null || stored === undefined || String(stored).trim() === '') return ''
  const value = Number(stored)
  return ageOptions(stored).find((option) => Number(option.value) === value)?.value ?? ''
}
