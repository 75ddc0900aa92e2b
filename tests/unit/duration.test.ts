import { describe, expect, it } from 'vitest'
import { parseDurationSeconds } from '../../shared/rules/duration.ts'

describe('parseDurationSeconds (SESSION_TTL, docs/product.md §9)', () => {
  it.each([
    ['1h', 3600],
    ['30m', 1800],
    ['45s', 45],
    ['7d', 604_800],
    ['2H', 7200],
    [' 90s ', 90],
    ['120', 120],
    ['1.5h', 5400],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds)
  })

  it.each(['', 'h', '1w', '-1h', '0s', '1 hour', 'abc', '1h30m'])('%j is not a duration', (text) => {
    expect(parseDurationSeconds(text)).toBeNull()
  })
})
