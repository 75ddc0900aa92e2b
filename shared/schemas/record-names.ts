// The names of the health record (medication, vaccination, document title): docs/api.md "Inputs
// every row shares". They follow the one rule of names (shared/rules/name-characters.ts): control
// characters, separators, invisible format characters and lone surrogates hide or reorder what the owner
// and the vet read; the emoji joiner (U+200D) stays, it is part of "🐈‍⬛".
import { z } from 'zod'
import { hasUnsafeNameCharacters } from '../rules/name-characters.ts'
import { PRODUCT_YEARS_MESSAGE, withinProductYears } from './primitives.ts'

/** A required name of at most `max` characters, trimmed, with no hidden characters. */
export function recordName(field: string, max = 120) {
  return (
    z
      .string({ error: `${field} must be text` })
      // Before the trim, which would take a leading byte-order mark (U+FEFF) for white space.
      .refine((text) => !hasUnsafeNameCharacters(text), `${field} has invalid characters`)
      .trim()
      .min(1, `${field} must not be empty`)
      .max(max, `${field} is at most ${max} characters`)
  )
}

/** Optional free text (notes, clinic): same characters rule, except that a note may hold line breaks. */
export function recordText(field: string, max = 2000) {
  return z
    .string({ error: `${field} must be text` })
    .refine(
      (text) => !hasUnsafeNameCharacters(text.replace(/\r?\n/g, ' ')),
      `${field} has invalid characters`,
    )
    .trim()
    .max(max, `${field} is at most ${max} characters`)
}

/** A calendar date, 'YYYY-MM-DD', that exists. */
export function isoDate(field: string) {
  return z
    .string({ error: `${field} must be a date, YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date, YYYY-MM-DD`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
    }, `${field} must be a date that exists`)
    .refine(withinProductYears, `${field} ${PRODUCT_YEARS_MESSAGE}`)
}
