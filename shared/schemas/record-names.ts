// The names of the health record (medication, vaccination, document title): docs/api.md "Inputs
// every row shares". Control characters (C0, DEL, C1), bidi overrides and isolates and zero-width spaces hide or
// reorder what the owner and the vet read; the emoji joiner (U+200D) stays, it is part of "🐈‍⬛".
import { z } from 'zod'
import { PRODUCT_YEARS_MESSAGE, withinProductYears } from './primitives.ts'

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\ufeff]/

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text)
}

/** A required name of at most `max` characters, trimmed, with no hidden characters. */
export function recordName(field: string, max = 120) {
  return (
    z
      .string({ error: `${field} must be text` })
      // Before the trim, which would take a leading byte-order mark (U+FEFF) for white space.
      .refine((text) => !hasHiddenCharacters(text), `${field} has invalid characters`)
      .trim()
      .min(1, `${field} must not be empty`)
      .max(max, `${field} is at most ${max} characters`)
  )
}

/** Optional free text (notes, clinic): same characters rule, except that a note may hold line breaks. */
export function recordText(field: string, max = 2000) {
  return z
    .string({ error: `${field} must be text` })
    .refine((text) => !hasHiddenCharacters(text.replace(/\r?\n/g, ' ')), `${field} has invalid characters`)
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
