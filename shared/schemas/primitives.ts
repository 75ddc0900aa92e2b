// The primitives every schema builds on, one rule each (docs/decisions.md):
// - a record id is a positive whole number up to PostgreSQL's integer limit, sent as a JSON number or
//   as plain decimal digits (a path's "12"); "0x1f", "1e3", " 12" and "12.0" are not ids;
// - the visitor's session_id is 1 to 128 characters after trimming, with no control characters;
// - an e-mail address, NFKC-normalised, trimmed and lower-cased, matches docs/product.md §5's
//   simple pattern, holds no control, format (zero-width, bidirectional) or `<>",;:`
//   characters, at most 254 characters;
// - a person's name is trimmed text of at most 100 characters;
// - a date or an instant lies in the years the product means (PRODUCT_YEARS): year 0 or 275760 fits in
//   a JavaScript Date but not in PostgreSQL, and no cat's record, dose or report needs them.
import { z } from 'zod'
import {
  EMAIL_FORBIDDEN,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGES,
  EMAIL_PATTERN,
  normalizeEmail,
} from '../rules/email.ts'
import { hasUnsafeNameCharacters, NAME_CHARACTERS_MESSAGE } from '../rules/name-characters.ts'

/** The largest id a PostgreSQL integer column holds. */
export const MAX_RECORD_ID = 2_147_483_647
export const SESSION_ID_MAX_LENGTH = 128
export const PERSON_NAME_MAX_LENGTH = 100

/** The years a date or an instant of any input may lie in (inclusive). */
export const PRODUCT_YEARS = { min: 1900, max: 2999 } as const
export const PRODUCT_YEARS_MESSAGE = `must lie between the years ${PRODUCT_YEARS.min} and ${PRODUCT_YEARS.max}`

/** Whether an ISO date or date-time (already well formed) lies within PRODUCT_YEARS. */
export function withinProductYears(text: string): boolean {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text)
  if (Number.isNaN(time)) return false
  const year = new Date(time).getUTCFullYear()
  return year >= PRODUCT_YEARS.min && year <= PRODUCT_YEARS.max
}

/** What a call that only acts answers (a delete, a revoke, a logout). */
export const successOutput = z.object({ success: z.literal(true) })

/** PostgreSQL text cannot hold NUL, and no identifier needs control characters (code points 0-31, 127). */
export function noControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 32 || code === 127) return false
  }
  return true
}

// In a `u` pattern a pair is one code point; only a surrogate left alone is of the category Cs.
const LONE_SURROGATE = /\p{Cs}/u

/**
 * Well-formed Unicode: no lone surrogate (half a UTF-16 pair, which JSON can carry as "\ud800"). UTF-8
 * and jsonb cannot hold one, so a string holding one is a 400 here rather than a failed query.
 */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text)
}

export const WELL_FORMED_MESSAGE = 'Text must be well-formed Unicode (a lone surrogate is not a character)'

/** Text of any field: a string that is well-formed Unicode (isWellFormedText). */
export function wellFormedText(message = 'must be text') {
  return z.string({ error: message }).refine(isWellFormedText, { error: WELL_FORMED_MESSAGE })
}

/** A record id from a path (`/conversations/12`) or a JSON body (`12` or `"12"`). */
export const recordId = z
  .union([z.number(), z.string()], { error: 'Invalid id' })
  .transform((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value))
  .pipe(
    z
      .number({ error: 'Invalid id' })
      .int({ error: 'Invalid id' })
      .min(1, { error: 'Invalid id' })
      .max(MAX_RECORD_ID, { error: 'Invalid id' }),
  )

/** The browser's visitor session (client storage `sessionId`). */
export const sessionIdSchema = z
  .string({ error: 'session_id must be text' })
  .trim()
  .min(1, 'session_id must not be empty')
  .max(SESSION_ID_MAX_LENGTH, 'session_id is too long')
  .refine(noControlChars, 'session_id has invalid characters')

/** An e-mail address, normalised (rules/email.ts); the messages depend on the form that asks for it. */
export function emailAddress(messages: { required: string; invalid: string } = EMAIL_MESSAGES) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })
    .transform(normalizeEmail)
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .max(EMAIL_MAX_LENGTH, messages.invalid)
        .regex(EMAIL_PATTERN, messages.invalid)
        .refine((email) => !EMAIL_FORBIDDEN.test(email), messages.invalid),
    )
}

/** A login e-mail, with the login screen's own messages (docs/product.md §5). */
export const emailSchema = emailAddress()

/** A person's name (first, last or full). */
export const personNameSchema = z
  .string()
  .refine((value) => !hasUnsafeNameCharacters(value), { error: NAME_CHARACTERS_MESSAGE })
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, `Names are at most ${PERSON_NAME_MAX_LENGTH} characters`)
