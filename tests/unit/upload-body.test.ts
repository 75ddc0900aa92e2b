// The upload body scanner: JSON in, the same value out, with long byte arrays and long base64 strings
// turned into Buffers as they stream in, whatever the chunk boundaries.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readUploadBody } from '../../server/http/upload-body.ts'
import { ATTACHMENT_MAX_BYTES, PHOTO_MAX_BYTES } from '../../shared/constants.ts'

const LIMIT = 24 * 1024 * 1024

/** Feeds `text` in chunks of `size` bytes, its length declared as Content-Length declares it. */
function parse(text: string, size = 7, declared = Buffer.byteLength(text)) {
  const bytes = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  return readUploadBody(Readable.from(chunks), LIMIT, undefined, declared)
}

describe('readUploadBody', () => {
  it.each([
    '{"name":"Luna","age":3,"goals":["a","b"],"nested":{"x":[1,2,3],"y":[[1],[2,[300]]]}}',
    '{"a":[1.5,2,-1],"b":[true,null],"c":[],"d":"quote \\" and [bracket] and \\\\","e":["[1,2]"]}',
    ' { "spaced" : [ 1 , 2 , 3 ] , "u":"caf\u00e9 \\u00e9" } ',
    '[1,2,3]',
    '"text"',
    '{"small":[255,0,12]}',
  ])('parses %s as JSON.parse does', async (text) => {
    for (const size of [1, 3, 64, 4096]) expect(await parse(text, size)).toEqual(JSON.parse(text))
  })

  it('turns a long byte array into a Buffer', async () => {
    const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7) % 256))
    const body = (await parse(
      `{"photo":{"buffer":[${bytes.join(', ')}],"mimetype":"image/png"},"name":"x"}`,
      1000,
    )) as {
      photo: { buffer: Buffer; mimetype: string }
      name: string
    }
    expect(Buffer.isBuffer(body.photo.buffer)).toBe(true)
    expect(body.photo.buffer.equals(bytes)).toBe(true)
    expect(body.photo.mimetype).toBe('image/png')
    expect(body.name).toBe('x')
  })

  it('turns a long base64 string or data URL into a Buffer', async () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 13) % 256))
    for (const text of [bytes.toString('base64'), `data:image/png;base64,${bytes.toString('base64')}`]) {
      const body = (await parse(JSON.stringify({ photo: { buffer: text } }), 65_536)) as {
        photo: { buffer: Buffer }
      }
      expect(Buffer.isBuffer(body.photo.buffer)).toBe(true)
      expect(body.photo.buffer.equals(bytes)).toBe(true)
    }
  })

  it('keeps a long base64-looking string as text when any character of it is not base64', async () => {
    const base64 = Buffer.alloc(400_000, 9).toString('base64')
    for (const at of [10, 200_000, base64.length - 3]) {
      for (const odd of [' ', '=', '.', 'é']) {
        const text = `${base64.slice(0, at)}${odd}${base64.slice(at + 1)}`
        expect(await parse(JSON.stringify({ name: text }), 65_536), `${odd} at ${at}`).toEqual({ name: text })
      }
    }
    // base64url is base64 too.
    const url = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256)).toString('base64url')
    const body = (await parse(JSON.stringify({ photo: url }), 65_536)) as { photo: Buffer }
    expect(Buffer.isBuffer(body.photo) && body.photo.equals(Buffer.from(url, 'base64url'))).toBe(true)
  })

  it('reads the same whatever length the body declares: none, its own, less or more', async () => {
    const bytes = Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * 11) % 256))
    const text = JSON.stringify({
      photo: `data:image/png;base64,${bytes.toString('base64')}`,
      list: [...bytes.subarray(0, 300_000)],
      name: 'x!'.repeat(150_000),
    })
    const length = Buffer.byteLength(text)
    for (const declared of [0, length, 100, length >> 1, length * 2]) {
      const body = (await parse(text, 65_536, declared)) as { photo: Buffer; list: Buffer; name: string }
      expect(body.photo.equals(bytes), `declared ${declared}`).toBe(true)
      expect(body.list.equals(bytes.subarray(0, 300_000)), `declared ${declared}`).toBe(true)
      expect(body.name).toBe('x!'.repeat(150_000))
    }
  })

  it('keeps a long string of 4n + 1 base64 characters as text: no base64 ends in a lone character', async () => {
    const base64 = Buffer.alloc(300_000, 7).toString('base64')
    expect(base64.length % 4).toBe(0)
    for (const extra of ['A', 'AAAAB']) {
      const text = `${base64}${extra}`
      expect(await parse(JSON.stringify({ name: text }), 65_536), extra).toEqual({ name: text })
    }
  })

  it('keeps a long string that is not base64 as text', async () => {
    const text = `${'x'.repeat(300_000)}!`
    expect(await parse(JSON.stringify({ name: text }), 65_536)).toEqual({ name: text })
  })

  it('reads strings with escapes across chunk boundaries exactly as JSON.parse does', async () => {
    const text = `${'ab"c\\d\n'.repeat(40_000)}é ✓ "end"`
    const body = JSON.stringify({ name: text, other: ['x', 'y\\"z'] })
    for (const chunkSize of [1, 7, 4096])
      expect(await parse(body, chunkSize), `chunks of ${chunkSize}`).toEqual(JSON.parse(body))
  })

  it("takes a route's own cap: 10 MB of photo where declared, 413 beyond with the chat photo's code", async () => {
    const photo = Buffer.alloc(6 * 1024 * 1024, 7)
    const body = Buffer.from(JSON.stringify({ data: photo.toString('base64') }))
    await expect(readUploadBody(Readable.from([body]), 48 << 20)).rejects.toMatchObject({
      statusCode: 413,
      appCode: 'PHOTO_TOO_LARGE',
    })
    const read = (await readUploadBody(Readable.from([body]), 48 << 20, ATTACHMENT_MAX_BYTES)) as {
      data: Buffer
    }
    expect(read.data.equals(photo)).toBe(true)
    const over = Buffer.from(
      JSON.stringify({ data: Buffer.alloc(ATTACHMENT_MAX_BYTES + 3).toString('base64') }),
    )
    await expect(readUploadBody(Readable.from([over]), 48 << 20, ATTACHMENT_MAX_BYTES)).rejects.toMatchObject(
      {
        statusCode: 413,
        appCode: 'ATTACHMENT_TOO_LARGE',
      },
    )
  })

  it('refuses more than 5 MB of photo with 413, as bytes and as base64', async () => {
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1, 1)
    await expect(parse(`{"buffer":[${big.join(',')}]}`, 1 << 20)).rejects.toMatchObject({ statusCode: 413 })
    await expect(parse(JSON.stringify({ buffer: big.toString('base64') }), 1 << 20)).rejects.toMatchObject({
      statusCode: 413,
    })
  })

  it('refuses more than 1 MB of other JSON with 413, and broken JSON with 400', async () => {
    await expect(
      parse(JSON.stringify({ a: Array.from({ length: 300_000 }, () => 'ab') }), 1 << 16),
    ).rejects.toMatchObject({ statusCode: 413 })
    for (const text of ['{"a":', '{"a":[1,2', '{"a":"x', '', '{"__proto__":{"x":1}}'])
      await expect(parse(text)).rejects.toMatchObject({ statusCode: 400 })
  })

  it('refuses a long byte array with something else inside with 400', async () => {
    const text = `{"buffer":[${Array.from({ length: 1000 }, () => 1).join(',')},"x"]}`
    await expect(parse(text)).rejects.toMatchObject({ statusCode: 400 })
  })
})
