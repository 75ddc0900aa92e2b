// Cat photos: the type is sniffed from the bytes, only PNG/JPEG/WebP/GIF are kept, more than 5 MB is a
// 413, the photo is stored once for its cat in cat_photos (re-encoded without metadata:
// cat-photo-metadata.test.ts) and handed to its owner only, as a short-lived signed address
// (signed-files.test.ts).
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import { suiteApp } from '../helpers/app.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const JPEG = await sharp({ create: { width: 2, height: 1, channels: 3, background: '#fff' } })
  .jpeg()
  .toBuffer()
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>')

/** The stored photo is the same picture: its format and size (the bytes are re-encoded). */
async function expectSamePicture(stored: Uint8Array, sent: Buffer) {
  const [a, b] = await Promise.all([sharp(stored).metadata(), sharp(sent).metadata()])
  expect([a.format, a.width, a.height]).toEqual([b.format, b.width, b.height])
}

/** A 1×1 PNG followed by padding, `size` bytes in all. */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)])

const t = suiteApp()
let owner: { id: number; token: string }
let other: { id: number; token: string }

beforeAll(async () => {
  owner = await t.signIn('photo-owner@example.com')
  other = await t.signIn('photo-other@example.com')
})

const storedPhoto = (catId: number) => t.db.catPhoto.findUnique({ where: { catId } })

async function newCat(token = owner.token) {
  return (await (await t.caller(token)).cat.create({ name: 'Pixel', breed: 'Bengal' })).id
}

function put(id: number, payload: unknown, token = owner.token) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/supabase/cats/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  })
}

describe('PUT /api/supabase/cats/:id with a photo', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
    ['GIF', GIF, 'image/gif'],
  ])('keeps a %s sent as a byte array, typed by its bytes', async (_name, bytes, mime) => {
    const id = await newCat()
    const res = await put(id, {
      name: 'Pixel',
      // The declared type lies; the bytes decide.
      photo: {
        buffer: [...bytes],
        mimetype: 'application/octet-stream',
        originalname: 'C:\\fakepath\\me.bin',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id, has_photo: true })
    const row = await storedPhoto(id)
    expect(row).toMatchObject({ mimetype: mime, name: 'me.bin', bytes: row!.data.length, stripped: true })
    await expectSamePicture(row!.data, bytes)
  })

  it('keeps a photo sent as base64 text, also as a data URL', async () => {
    const id = await newCat()
    for (const buffer of [PNG.toString('base64'), `data:image/png;base64,${PNG.toString('base64')}`]) {
      const res = await put(id, { photo: { buffer, mimetype: 'image/png', originalname: 'luna.png' } })
      expect(res.statusCode).toBe(200)
      await expectSamePicture((await storedPhoto(id))!.data, PNG)
    }
  })

  it.each([
    ['a PDF that claims to be a PNG', PDF, 'image/png'],
    ['an SVG', SVG, 'image/svg+xml'],
    ['plain text', Buffer.from('hello, not a picture'), 'image/jpeg'],
    ['nothing at all', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 415', async (_name, bytes, mimetype) => {
    const id = await newCat()
    const res = await put(id, {
      name: 'Changed',
      photo: { buffer: [...bytes], mimetype, originalname: 'x.png' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ error: ERRORS.photoType, code: 'PHOTO_TYPE' })
    // Nothing of the request is written when the photo is refused.
    expect(await t.db.cat.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: 'Pixel' })
    expect(await storedPhoto(id)).toBeNull()
  })

  it('refuses base64 text that is not base64 with 415', async () => {
    const id = await newCat()
    const res = await put(id, { photo: { buffer: '***not base64***', mimetype: 'image/png' } })
    expect(res.statusCode).toBe(415)
  })

  it('accepts exactly 5 MB', async () => {
    const id = await newCat()
    const res = await put(id, {
      photo: { buffer: pngOfSize(PHOTO_MAX_BYTES).toString('base64'), mimetype: 'image/png' },
    })
    expect(res.statusCode).toBe(200)
    const row = await storedPhoto(id)
    // Re-encoded, the padding after the picture's end is gone.
    await expectSamePicture(row!.data, PNG)
    expect(row!.data.length).toBeLessThan(1000)
  })

  it('refuses more than 5 MB with 413, as base64 text and as a byte array', async () => {
    const id = await newCat()
    const big = pngOfSize(PHOTO_MAX_BYTES + 1)
    const asText = await put(id, { photo: { buffer: big.toString('base64'), mimetype: 'image/png' } })
    expect(asText.statusCode).toBe(413)
    expect(asText.json()).toEqual({ error: ERRORS.photoTooLarge, code: 'PHOTO_TOO_LARGE' })
    const asBytes = await put(id, { photo: { buffer: [...big], mimetype: 'image/png' } })
    expect(asBytes.statusCode).toBe(413)
    expect(await storedPhoto(id)).toBeNull()
  })

  it('refuses an oversized photo through tRPC too', async () => {
    const id = await newCat()
    const caller = await t.caller(owner.token)
    await expect(
      caller.cat.update({ id, photo: { buffer: pngOfSize(PHOTO_MAX_BYTES + 10).toString('base64') } }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('stores a photo sent with a new cat', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        cat_name: 'Snap',
        photo: { buffer: [...GIF], mimetype: 'image/gif', originalname: 'snap.gif' },
      },
    })
    expect(res.statusCode).toBe(200)
    expect((await storedPhoto(res.json().id))?.mimetype).toBe('image/gif')
  })
})

describe('the photo is served to its owner only', () => {
  let id: number
  beforeAll(async () => {
    id = await newCat()
    await put(id, { photo: { buffer: [...PNG], mimetype: 'image/png', originalname: 'pixel.png' } })
  })

  it('as a signed address, over REST and tRPC, that opens the bytes with no token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/supabase/cats/${id}/photo`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/files/cat/${id}\\?exp=\\d+&sig=[\\w-]+$`)),
      mimetype: 'image/png',
      originalname: 'pixel.png',
    })
    expect(res.body).not.toContain('base64')
    const image = await t.app.inject({ method: 'GET', url: res.json().url })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    await expectSamePicture(image.rawPayload, PNG)
    const viaTrpc = await (await t.caller(owner.token)).cat.photo({ id })
    expect(viaTrpc.url).toMatch(new RegExp(`^/api/files/cat/${id}\\?`))
  })

  it('null for a cat without a photo', async () => {
    const bare = await newCat()
    expect(await (await t.caller(owner.token)).cat.photo({ id: bare })).toEqual({
      url: null,
      mimetype: null,
      originalname: null,
    })
  })

  it('404 for another owner, 401 without a token', async () => {
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/supabase/cats/${id}/photo`,
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(theirs.statusCode).toBe(404)
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/supabase/cats/${id}/photo` })
    expect(anonymous.statusCode).toBe(401)
  })

  it('never inside the cat or the list, which only say has_photo', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/cats',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const text = list.body
    expect(text).not.toContain(PNG.toString('base64'))
    const cat = list.json().find((c: { id: number }) => c.id === id)
    expect(cat.has_photo).toBe(true)
    expect(cat).not.toHaveProperty('photo')
  })

  it('another owner cannot replace it', async () => {
    const res = await put(id, { photo: { buffer: [...GIF], mimetype: 'image/gif' } }, other.token)
    expect(res.statusCode).toBe(404)
    expect((await storedPhoto(id))?.mimetype).toBe('image/png')
  })
})
