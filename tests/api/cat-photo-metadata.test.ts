// Profile photos lose their metadata: stored upright with no EXIF (GPS: where the owner
// lives), XMP or ICC; photos stored before are cleaned once by the start-up step.
import { beforeAll, describe, expect, it } from 'vitest'
import { cleanStoredPhotos } from '../../server/domain/cats/photo-cleanup.ts'
import { suiteApp } from '../helpers/app.ts'
import { cameraJpeg, metadataBlocks, pngBomb } from '../helpers/images.ts'

const t = suiteApp()
let owner: { id: number; token: string }
beforeAll(async () => {
  owner = await t.signIn('meta-owner@example.com')
})

const stripped = { exif: false, xmp: false, iptc: false, icc: false, orientation: undefined }

describe('a profile photo', () => {
  it('uploaded with EXIF GPS is stored upright without any metadata block, and read back so', async () => {
    const jpeg = await cameraJpeg(400, 200)
    expect(await metadataBlocks(jpeg)).toMatchObject({ exif: true, orientation: 6 })
    const api = await t.caller(owner.token)
    const { id } = await api.cat.create({ name: 'Pixel', breed: 'Bengal' })
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/cats/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { photo: { buffer: [...jpeg], mimetype: 'image/jpeg', originalname: 'IMG_0001.JPG' } },
    })
    expect(res.statusCode).toBe(200)
    const { url } = await api.cat.photo({ id })
    const readBack = (await t.app.inject({ method: 'GET', url: url! })).rawPayload
    expect(await metadataBlocks(readBack)).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 400,
      ...stripped,
    })
    expect(readBack.includes('KittyCam')).toBe(false)
  })

  it('a decompression bomb is refused with 413, not decoded', async () => {
    const api = await t.caller(owner.token)
    const { id } = await api.cat.create({ name: 'Bomb', breed: 'Bengal' })
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/cats/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { photo: { buffer: pngBomb().toString('base64'), mimetype: 'image/png' } },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' })
  })
})

describe('the start-up step for photos stored before', () => {
  it('strips every stored photo once, and is idempotent', async () => {
    const jpeg = await cameraJpeg(300, 100)
    const unstripped = (data: Buffer) => ({
      create: { mimetype: 'image/jpeg', name: 'x.jpg', bytes: data.length, data: new Uint8Array(data) },
    })
    const old = await t.db.cat.create({
      data: { userId: owner.id, name: 'Old', photo: unstripped(jpeg) },
    })
    // A stored photo that cannot be read is not kept with its unknown contents.
    const broken = await t.db.cat.create({
      data: { userId: owner.id, name: 'Broken', photo: unstripped(jpeg.subarray(0, 200)) },
    })
    const first = await cleanStoredPhotos(t.db, t.services.log)
    expect(first.cleaned).toBeGreaterThanOrEqual(1)
    const row = await t.db.catPhoto.findUniqueOrThrow({ where: { catId: old.id } })
    expect(row).toMatchObject({ stripped: true, bytes: row.data.length })
    expect(await metadataBlocks(row.data)).toMatchObject({ width: 100, height: 300, ...stripped })
    expect(await t.db.catPhoto.findUnique({ where: { catId: broken.id } })).toBeNull()
    expect(await t.db.cat.findUnique({ where: { id: broken.id } })).not.toBeNull()
    expect(await cleanStoredPhotos(t.db, t.services.log)).toEqual({ cleaned: 0, dropped: 0 })
  })
})
