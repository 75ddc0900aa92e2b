// The upload reader against JSON.parse, for any JSON text and any chunking: the same value,
// or, for text JSON.parse refuses, a refusal by the catalogue's code (INVALID_INPUT, 400), never another
// error. Long byte arrays become Buffers by design (tests/unit/upload-body.test.ts); the generated
// documents keep their arrays below that length.
import { Readable } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readUploadBody, UploadBodyError } from '../../server/http/upload-body.ts'

const LIMIT = 24 * 1024 * 1024

function parse(text: string, size: number) {
  const bytes = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  // Read with its length declared, as Content-Length declares it (it only sizes the reader's buffers).
  return readUploadBody(Readable.from(chunks), LIMIT, undefined, bytes.length)
}

/** JSON.parse's value with `__proto__` keys refused, as the reader refuses them (no prototype games). */
function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey)
  if (value && typeof value === 'object')
    return Object.keys(value).some(
      (key) => key === '__proto__' || hasProtoKey((value as Record<string, unknown>)[key]),
    )
  return false
}

describe('readUploadBody agrees with JSON.parse', () => {
  it('on any JSON document, whatever the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 4 }), fc.integer({ min: 1, max: 64 }), async (text, size) => {
        const expected = JSON.parse(text)
        fc.pre(!hasProtoKey(expected))
        expect(await parse(text, size)).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })

  it('on text JSON.parse refuses: a refusal coded INVALID_INPUT', async () => {
    const almostJson = fc.oneof(
      fc.string(),
      fc.json().map((text) => text.slice(0, -1)),
      fc.json().map((text) => `${text},`),
      fc.tuple(fc.json(), fc.string({ maxLength: 3 })).map(([text, junk]) => `${text}${junk}`),
    )
    await fc.assert(
      fc.asyncProperty(almostJson, fc.integer({ min: 1, max: 64 }), async (text, size) => {
        let valid = true
        try {
          JSON.parse(text)
        } catch {
          valid = false
        }
        fc.pre(!valid && text.trim() !== '')
        const failure = await parse(text, size).then(
          () => null,
          (error: unknown) => error,
        )
        expect(failure).toBeInstanceOf(UploadBodyError)
        expect(failure).toMatchObject({ appCode: 'INVALID_INPUT', statusCode: 400 })
      }),
      { numRuns: 300 },
    )
  })
})
