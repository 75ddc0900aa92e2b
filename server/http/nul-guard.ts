// PostgreSQL text cannot hold NUL, and no field of this product needs it: a request carrying one is
// refused at the door (400) on both surfaces, instead of failing deep inside a query. A lone surrogate
// (half a UTF-16 pair, which JSON carries as an escape such as "\ud800") is not a character: UTF-8 and
// jsonb cannot hold it either, so it is refused the same way, in every string of every input, whatever
// schema reads it later (shared/schemas/primitives.ts has the same rule for callers without HTTP).
import { isWellFormedText } from '../../shared/schemas/primitives.ts'

const NUL = '\u0000'
const MAX_DEPTH = 64
/** A JSON escape of a surrogate: only text holding one needs parsing to see whether it is paired. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/

export type BadText = 'nul' | 'surrogate'

/** What is wrong with a string: a NUL, a lone surrogate, or (null) nothing. */
function badString(text: string): BadText | null {
  if (text.includes(NUL)) return 'nul'
  return isWellFormedText(text) ? null : 'surrogate'
}

/** The first bad string or key in the value, however nested: NUL or a lone surrogate. */
export function badTextIn(value: unknown, depth = 0): BadText | null {
  if (typeof value === 'string') return badString(value)
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = badTextIn(item, depth + 1)
      if (bad) return bad
    }
    return null
  }
  for (const [key, item] of Object.entries(value)) {
    const bad = badString(key) ?? badTextIn(item, depth + 1)
    if (bad) return bad
  }
  return null
}

/** NUL in the URL, percent-encoded or as a JSON escape inside a tRPC `input` query. */
export function urlContainsNul(url: string): boolean {
  return /%00|\\u0000/i.test(url)
}

/**
 * JSON text (a body tRPC's adapter keeps as text, a tRPC `input` query): NUL can only appear there as
 * the escape \u0000, a surrogate only as an escape, so the text is parsed only when it holds one.
 */
export function badJsonText(text: string): BadText | null {
  if (text.includes(NUL) || /\\u0000/i.test(text)) return 'nul'
  if (!SURROGATE_ESCAPE.test(text)) return null
  try {
    return badTextIn(JSON.parse(text))
  } catch {
    // Not JSON: the surface's own parser answers it.
    return null
  }
}

/** The first bad string among a query's values, each read as JSON text too (a tRPC `input`). */
export function badQueryText(query: unknown): BadText | null {
  if (query === null || typeof query !== 'object') return null
  for (const value of Object.values(query)) {
    const texts = Array.isArray(value) ? value : [value]
    for (const text of texts) {
      if (typeof text !== 'string') continue
      const bad = badString(text) ?? badJsonText(text)
      if (bad) return bad
    }
  }
  return null
}
