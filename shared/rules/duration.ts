// SESSION_TTL and friends: '90s', '15m', '1h', '7d' (docs/product.md §9: units d, h, m, s; default 1 h).

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const

/** Seconds in a duration text, or null when it is not one. A bare number counts as seconds. */
export function parseDurationSeconds(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([dhms]?)\s*$/i.exec(text)
  if (!match) return null
  const value = Number(match[1])
  const unit = (match[2] || 's').toLowerCase() as keyof typeof UNIT_SECONDS
  const seconds = Math.round(value * UNIT_SECONDS[unit])
  return seconds > 0 ? seconds : null
}
