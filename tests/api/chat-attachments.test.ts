// Photos in the chat: POST /api/chat/attachments stores an image
// with its orientation applied, every metadata block dropped and at most 1568 px on the long side;
// GET /api/chat/attachments/:id serves it to its owner only. Bad input is a clear 4xx, never a 500.
import fs from 'node:fs'
import os from 'node:os'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { ATTACHMENT_MAX_BYTES } from '../../shared/constants.ts'
import { postTrpc, suiteApp } from '../helpers/app.ts'
import {
  cameraJpeg,
  cornerMarkedCameraJpeg,
  jpegBomb,
  meanColour,
  metadataBlocks,
  pngBomb,
  smallPng,
  smallWebp,
} from '../helpers/images.ts'
import { freshCodeHeaders } from '../helpers/mailed-codes.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = suiteApp()
let owner: { id: number; token: string }
let other: { id: number; token: string }

beforeAll(async () => {
  owner = await t.signIn('attach-owner@example.com')
  other = await t.signIn('attach-other@example.com')
  await grantSubscription(t.db, owner.id, { status: 'active' })
  await grantSubscription(t.db, other.id, { status: 'active' })
})

function upload(payload: unknown, token: string | null = owner.token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat/attachments',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  })
}

/** Uploads `bytes` as plain base64 (no data URL) with the declared type and file name. */
const uploadBase64 = (bytes: Buffer, mimetype: string, originalname: string) =>
  upload({ data: bytes.toString('base64'), mimetype, originalname })

function download(id: number | string, token: string | null = owner.token) {
  return t.app.inject({
    method: 'GET',
    url: `/api/chat/attachments/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

describe('POST /api/chat/attachments', () => {
  it('stores a camera JPEG turned upright, without EXIF, GPS, XMP or ICC, and serves its bytes', async () => {
    const jpeg = await cameraJpeg(400, 200)
    expect(await metadataBlocks(jpeg)).toMatchObject({ orientation: 6, exif: true, xmp: true, icc: true })
    const res = await upload({ data: [...jpeg], mimetype: 'image/jpeg', originalname: 'IMG_0001.JPG' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    // Orientation 6 means the camera held it sideways: stored upright, 200 wide and 400 high.
    expect(body).toEqual({
      id: expect.any(Number),
      mimetype: 'image/jpeg',
      width: 200,
      height: 400,
      bytes: expect.any(Number),
    })

    const got = await download(body.id)
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('image/jpeg')
    // The bytes of one id never change: the owner's browser keeps them; an error is never kept.
    expect(got.headers['cache-control']).toBe('private, max-age=86400')
    expect(got.rawPayload.length).toBe(body.bytes)
    expect(await metadataBlocks(got.rawPayload)).toEqual({
      format: 'jpeg',
      width: 200,
      height: 400,
      orientation: undefined,
      exif: false,
      xmp: false,
      iptc: false,
      icc: false,
    })
    // Nothing of the camera or the place survives anywhere in the bytes.
    expect(got.rawPayload.includes('KittyCam')).toBe(false)
    expect(got.rawPayload.includes('Home Town')).toBe(false)
  })

  it('downscales to at most 1568 px on the long side', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer()
    const res = await uploadBase64(big, 'image/jpeg', 'wide.jpg')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ width: 1568, height: 523 })
  })

  it('stores a 12 MP camera JPEG upright at 1568 px, stripped, and leaves no file of it behind', async () => {
    const jpeg = await cornerMarkedCameraJpeg()
    const res = await uploadBase64(jpeg, 'image/jpeg', 'IMG_0002.JPG')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ mimetype: 'image/jpeg', width: 1176, height: 1568 })
    const got = await download(res.json().id)
    expect(await metadataBlocks(got.rawPayload)).toMatchObject({ orientation: undefined, exif: false })
    // The red corner, stored top-left, is top-right once upright; the rest stays blue.
    const [red = 0, green = 0, blue = 0] = await meanColour(got.rawPayload, 1176 - 60, 20)
    expect(red).toBeGreaterThan(200)
    expect(green + blue).toBeLessThan(60)
    expect((await meanColour(got.rawPayload, 20, 20))[0]).toBeLessThan(60)
    // The JPEG went through a temporary folder of its own (this process's), removed once decoded.
    const ours = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`kitty-image-${process.pid}-`))
    expect(ours).toEqual([])
  })

  it('refuses a JPEG whose header declares 15,000 × 15,000 pixels with 413, not decoding it', async () => {
    const res = await uploadBase64(await jpegBomb(15_000), 'image/jpeg', 'bomb.jpg')
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' })
  })

  it('takes base64 and data URLs; PNG and WebP keep their type', async () => {
    const png = await smallPng()
    const webp = await smallWebp()
    const asDataUrl = await upload({
      data: `data:image/png;base64,${png.toString('base64')}`,
      mimetype: 'image/png',
      originalname: 'a.png',
    })
    expect(asDataUrl.statusCode).toBe(200)
    expect(asDataUrl.json()).toMatchObject({ mimetype: 'image/png', width: 30, height: 20 })
    // The declared type is not trusted: the bytes decide.
    const asBase64 = await uploadBase64(webp, 'image/jpeg', 'b')
    expect(asBase64.statusCode).toBe(200)
    expect(asBase64.json()).toMatchObject({ mimetype: 'image/webp', width: 30, height: 20 })
    expect((await download(asBase64.json().id)).headers['content-type']).toBe('image/webp')
  })

  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s with 415', async (_name, bytes) => {
    const res = await upload({ data: [...bytes], mimetype: 'image/png', originalname: 'x.png' })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ code: 'ATTACHMENT_TYPE' })
  })

  it('refuses a JPEG that only starts like one with 415, not a 500', async () => {
    const broken = Buffer.concat([(await cameraJpeg()).subarray(0, 300), Buffer.alloc(2000, 7)])
    const res = await uploadBase64(broken, 'image/jpeg', 'x.jpg')
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ code: 'ATTACHMENT_TYPE' })
  })

  it('accepts 10 MB and refuses more with 413', async () => {
    const png = await smallPng()
    // A real PNG padded after its end: exactly 10 MB received.
    const exactly = Buffer.concat([png, Buffer.alloc(ATTACHMENT_MAX_BYTES - png.length)])
    const ok = await uploadBase64(exactly, 'image/png', 'p.png')
    expect(ok.statusCode).toBe(200)
    const over = Buffer.concat([exactly, Buffer.alloc(1)])
    for (const data of [over.toString('base64'), `data:image/png;base64,${over.toString('base64')}`]) {
      const res = await upload({ data, mimetype: 'image/png', originalname: 'p.png' })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' })
    }
  })

  it('takes up to 10 MB on /trpc/attachment.upload too (its own route and photo cap), 413 beyond', async () => {
    const png = await smallPng()
    const seven = Buffer.concat([png, Buffer.alloc(7 * 1024 * 1024)])
    const ok = await postTrpc(
      t,
      'attachment.upload',
      { data: seven.toString('base64'), mimetype: 'image/png' },
      owner.token,
    )
    expect(ok.statusCode).toBe(200)
    expect(ok.json().result.data).toMatchObject({ mimetype: 'image/png', width: 30, height: 20 })
    const over = Buffer.concat([png, Buffer.alloc(ATTACHMENT_MAX_BYTES)])
    const refused = await postTrpc(
      t,
      'attachment.upload',
      { data: [...over], mimetype: 'image/png' },
      owner.token,
    )
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' })
  })

  it('refuses a 20,000 × 20,000 PNG of a few KB without decoding it', async () => {
    const bomb = pngBomb(20_000)
    expect(bomb.length).toBeLessThan(5000)
    const before = process.memoryUsage().rss
    const res = await uploadBase64(bomb, 'image/png', 'bomb.png')
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' })
    // Decoding it would take 400 MB for its pixels alone.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024)
  })

  it('needs a token and a subscription (photos are for the specialist); the same through tRPC', async () => {
    const png = await smallPng()
    expect((await upload({ data: png.toString('base64'), mimetype: 'image/png' }, null)).statusCode).toBe(401)
    const unsubscribed = await t.signIn('attach-free@example.com')
    const refused = await upload({ data: png.toString('base64'), mimetype: 'image/png' }, unsubscribed.token)
    expect(refused.statusCode).toBe(402)
    expect(await t.db.chatAttachment.count({ where: { userId: unsubscribed.id } })).toBe(0)
    const viaTrpc = await (await t.caller(owner.token)).attachment.upload({
      data: png.toString('base64'),
      mimetype: 'image/png',
      originalname: 'x.png',
    })
    expect(viaTrpc).toMatchObject({ mimetype: 'image/png', width: 30, height: 20 })
    const row = await t.db.chatAttachment.findUniqueOrThrow({ where: { id: viaTrpc.id } })
    expect(row).toMatchObject({ userId: owner.id, mimetype: 'image/png', width: 30, height: 20 })
  })
})

describe('GET /api/chat/attachments/:id', () => {
  it("is the owner's only: another owner's id is a 404, a missing one too, no token a 401", async () => {
    const png = await smallPng()
    const { id } = (await upload({ data: png.toString('base64'), mimetype: 'image/png' })).json()
    expect((await download(id)).statusCode).toBe(200)
    const theirs = await download(id, other.token)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' })
    expect((await download(2_000_000_000)).statusCode).toBe(404)
    expect((await download(id, null)).statusCode).toBe(401)
    expect((await download('abc')).statusCode).toBe(400)
    await expect((await t.caller(other.token)).attachment.get({ id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const mine = await (await t.caller(owner.token)).attachment.get({ id })
    // The photo's signed address opens its bytes with no token; the details carry no bytes.
    expect(mine).toEqual({
      id,
      mimetype: 'image/png',
      width: expect.any(Number),
      height: expect.any(Number),
      bytes: expect.any(Number),
      url: expect.stringMatching(new RegExp(`^/api/files/chat/${id}\\?exp=\\d+&sig=`)),
    })
    const image = await t.app.inject({ method: 'GET', url: mine.url })
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png'])
    expect(image.rawPayload.equals((await download(id)).rawPayload)).toBe(true)
    // The same over REST, with the token.
    const address = await t.app.inject({
      method: 'GET',
      url: `/api/chat/attachments/${id}/url`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(address.json()).toMatchObject({ id, url: expect.stringMatching(/^\/api\/files\/chat\//) })
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/chat/attachments/${id}/url`,
          headers: { authorization: `Bearer ${other.token}` },
        })
      ).statusCode,
    ).toBe(404)
  })

  it("are listed in the owner's data export (without their bytes)", async () => {
    const png = await smallPng()
    const { id } = (await upload({ data: png.toString('base64'), mimetype: 'image/png' })).json()
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: await freshCodeHeaders(t, owner),
    })
    expect(exported.statusCode).toBe(200)
    expect(exported.json().chat_photos).toContainEqual(
      expect.objectContaining({ id, mimetype: 'image/png', width: 30, height: 20 }),
    )
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: await freshCodeHeaders(t, other),
    })
    expect(theirs.json().chat_photos.map((p: { id: number }) => p.id)).not.toContain(id)
  })

  it('both rows are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(doc.paths['/api/chat/attachments'].post).toBeDefined()
    expect(doc.paths['/api/chat/attachments/{id}'].get.responses['200'].content).toHaveProperty('image/jpeg')
  })
})
