import { describe, expect, it } from 'vitest'
import { containsNul, jsonTextContainsNul, urlContainsNul } from '../../server/http/nul-guard.ts'

describe('NUL guard', () => {
  it('finds NUL in strings, keys and nested values', () => {
    expect(containsNul('a\u0000b')).toBe(true)
    expect(containsNul({ cat: { name: ['Luna', 'x\u0000'] } })).toBe(true)
    expect(containsNul({ 'bad\u0000key': 1 })).toBe(true)
  })
  it('passes ordinary input, numbers, byte arrays and buffers', () => {
    expect(containsNul({ name: 'Luna', photo: { buffer: [0, 1, 255] } })).toBe(false)
    expect(containsNul(Buffer.from([0, 0, 0]))).toBe(false)
    expect(containsNul(null)).toBe(false)
    expect(containsNul(undefined)).toBe(false)
  })
  it('finds NUL in a URL, encoded or as a JSON escape', () => {
    expect(urlContainsNul('/api/supabase/subscriptions/sub_1%00')).toBe(true)
    expect(urlContainsNul('/trpc/cat.get?input={"id":"1\\u0000"}')).toBe(true)
    expect(urlContainsNul('/api/supabase/cats/12')).toBe(false)
  })
})

describe('NUL in JSON text', () => {
  it('is found as the escape the JSON encoder writes', () => {
    expect(jsonTextContainsNul(JSON.stringify({ name: 'Lu\u0000na' }))).toBe(true)
    expect(jsonTextContainsNul(JSON.stringify({ name: 'Luna' }))).toBe(false)
  })
})
