// PostgreSQL text cannot hold NUL, and no field of this product needs it: a request carrying one is
// refused at the door (400) on both surfaces, instead of failing deep inside a query.

const NUL = '\u0000'
const MAX_DEPTH = 64

/** True when any string or key in the value, however nested, contains NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL)
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL) || containsNul(item, depth + 1)) return true
  }
  return false
}

/** NUL in the URL, percent-encoded or as a JSON escape inside a tRPC `input` query. */
export function urlContainsNul(url: string): boolean {
  return /%00|\\u0000/i.test(url)
}

/** A body tRPC's adapter keeps as JSON text: NUL can only appear there as the escape \u0000. */
export function jsonTextContainsNul(text: string): boolean {
  return text.includes(NUL) || /\\u0000/i.test(text)
}
