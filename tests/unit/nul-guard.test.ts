import { describe, expect, it } from 'vitest'
import { badJsonText, badQueryText, badTextIn, urlContainsNul } from '../../server/http/nul-guard.ts'

describe('NUL guard', () => {
  it('finds NUL in strings, keys and nested values', () => {
    expect(badTextIn('a\u0000b')).toBe('nul')
    expect(badTextIn({ cat: { name: ['Luna', 'x\u0000'] } })).toBe('nul')
    expect(badTextIn({ 'bad\u0000key': 1 })).toBe('nul')
  })
  it('passes ordinary input, numbers, byte arrays and buffers', () => {
    expect(badTextIn({ name: 'Luna', photo: { buffer: [0, 1, 255] } })).toBe(null)
    expect(badTextIn(Buffer.from([0, 0, 0]))).toBe(null)
    expect(badTextIn(null)).toBe(null)
    expect(badTextIn(undefined)).toBe(null)
  })
  it('finds NUL in a URL, encoded or as a JSON escape', () => {
    expect(urlContainsNul('/api/supabase/subscriptions/sub_1%00')).toBe(true)
    expect(urlContainsNul('/trpc/cat.get?input={"id":"1\\u0000"}')).toBe(true)
    expect(urlContainsNul('/api/supabase/cats/12')).toBe(false)
  })
})

describe('lone surrogates', () => {
  it('are found in values and keys; a pair (an emoji) is a character', () => {
    expect(badTextIn({ issues: ['ok', 'x\ud800'] })).toBe('surrogate')
    expect(badTextIn({ '\udc00': 1 })).toBe('surrogate')
    expect(badTextIn({ note: '🐈 \ud83d\udc08' })).toBe(null)
  })
  it('are found in JSON text and in a query read as JSON, only as unpaired escapes', () => {
    expect(badJsonText('{"name":"Lu\\ud800na"}')).toBe('surrogate')
    expect(badJsonText('{"name":"\\ud83d\\udc08"}')).toBe(null)
    expect(badJsonText('not json \\ud800')).toBe(null)
    expect(badQueryText({ input: '{"from":"\\udfff"}' })).toBe('surrogate')
    expect(badQueryText({ from: '2026-01-01' })).toBe(null)
  })
})

describe('NUL in JSON text', () => {
  it('is found as the escape the JSON encoder writes', () => {
    expect(badJsonText(JSON.stringify({ name: 'Lu\u0000na' }))).toBe('nul')
    expect(badJsonText(JSON.stringify({ name: 'Luna' }))).toBe(null)
  })
})
