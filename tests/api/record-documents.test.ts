// The health record's documents (docs/product.md §11): PDF, JPEG, PNG or WebP by their bytes
// (415 otherwise), at most 10 MB (413); images cleaned as chat photos are; list, one (the bytes with
// their type), delete, on both surfaces; another owner's cat or document a 404.
import { describe, expect, it } from 'vitest'
import { ATTACHMENT_MAX_BYTES } from '../../shared/constants.ts'
import { suiteApp } from '../helpers/app.ts'
import { cameraJpeg, metadataBlocks, smallPng, smallWebp } from '../helpers/images.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

/** A small, valid PDF (its bytes are what the type is known by). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

describe('/api/care/documents', () => {
  it('keeps a PDF as received, lists it and serves its bytes as application/pdf', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    const res = await call('POST', '/api/care/documents', owner.token, {
      title: 'Blood panel, March',
      kind: 'lab',
      data: PDF.toString('base64'),
      mimetype: 'image/png',
    })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc).toEqual({
      id: expect.any(Number),
      cat_id: cat.id,
      title: 'Blood panel, March',
      kind: 'lab',
      mimetype: 'application/pdf',
      bytes: PDF.length,
      created_at: expect.any(String),
    })
    expect((await call('GET', '/api/care/documents', owner.token)).json()).toEqual([doc])
    const file = await call('GET', `/api/care/documents/${doc.id}`, owner.token)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toMatch(/^application\/pdf/)
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0)
  })

  it('serves a PDF as an attachment in a sandbox, never inline from the app, and keeps no copy for 24 h', async () => {
    const { owner } = await subscriberWithCat(t)
    // A PDF that runs script when opened, with HTML after its header: served inline from the app's
    // origin it would run there; as a download in a sandbox it runs nowhere near the app.
    const hostile = Buffer.from(
      '%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n',
    )
    const res = await call('POST', '/api/care/documents', owner.token, {
      title: 'Lab results',
      data: hostile.toString('base64'),
    })
    expect(res.statusCode).toBe(200)
    const id = res.json().id as number
    const api = await t.caller(owner.token)
    const signed = await api.record.document({ id })
    for (const url of [`/api/care/documents/${id}`, signed.url]) {
      const file = await call('GET', url, owner.token)
      expect(file.statusCode, url).toBe(200)
      expect(file.headers['content-disposition'], url).toMatch(/^attachment; filename="[^"]+\.pdf"$/)
      expect(file.headers['x-content-type-options'], url).toBe('nosniff')
      expect(file.headers['content-security-policy'], url).toMatch(/sandbox/)
      expect(file.headers['content-security-policy'], url).toMatch(/default-src 'none'/)
      const cache = String(file.headers['cache-control'])
      expect(cache, url).toMatch(/private|no-store/)
      expect(cache, url).not.toMatch(/public/)
      const maxAge = Number(/max-age=(\d+)/.exec(cache)?.[1] ?? 0)
      expect(maxAge, url).toBeLessThanOrEqual(3600)
    }
    // The bearer-token row is not kept at all: its answer belongs to whoever holds the token now.
    expect((await call('GET', `/api/care/documents/${id}`, owner.token)).headers['cache-control']).toBe(
      'private, no-store',
    )
  })

  it('cleans a camera JPEG as chat photos are: upright, no EXIF, GPS or XMP', async () => {
    const { owner } = await subscriberWithCat(t)
    const jpeg = await cameraJpeg()
    expect(await metadataBlocks(jpeg)).toMatchObject({ exif: true, xmp: true })
    const res = await call('POST', '/api/care/documents', owner.token, {
      title: 'Vaccination card',
      kind: 'vaccination',
      data: [...jpeg],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().mimetype).toBe('image/jpeg')
    const file = await call('GET', `/api/care/documents/${res.json().id}`, owner.token)
    expect(file.headers['content-type']).toMatch(/^image\/jpeg/)
    expect(await metadataBlocks(file.rawPayload)).toMatchObject({
      orientation: undefined,
      exif: false,
      xmp: false,
    })
  })

  it('takes PNG and WebP, answers a data URL on tRPC, and deletes', async () => {
    const { owner } = await subscriberWithCat(t)
    const caller = await t.caller(owner.token)
    const png = await caller.record.uploadDocument({
      title: 'X-ray',
      data: (await smallPng()).toString('base64'),
    })
    const webp = await caller.record.uploadDocument({
      title: 'Invoice',
      kind: 'invoice',
      data: (await smallWebp()).toString('base64'),
    })
    expect([png.mimetype, png.kind, webp.mimetype]).toEqual(['image/png', 'other', 'image/webp'])
    const one = await caller.record.document({ id: png.id })
    expect(one.url).toMatch(new RegExp(`^/api/files/doc/${png.id}\\?exp=\\d+&sig=`))
    const opened = await t.app.inject({ method: 'GET', url: one.url })
    expect([opened.statusCode, opened.headers['content-type']]).toEqual([200, 'image/png'])
    const bytes = await call('GET', `/api/care/documents/${png.id}`, owner.token)
    expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'image/png'])
    expect((await call('DELETE', `/api/care/documents/${png.id}`, owner.token)).json()).toEqual({
      success: true,
    })
    expect((await caller.record.documents({})).map((d) => d.id)).toEqual([webp.id])
    expect((await call('GET', `/api/care/documents/${png.id}`, owner.token)).statusCode).toBe(404)
  })

  it('refuses what is not a PDF or an image it keeps with 415, and more than 10 MB with 413', async () => {
    const { owner } = await subscriberWithCat(t)
    const text = await call('POST', '/api/care/documents', owner.token, {
      title: 'Notes',
      data: Buffer.from('just some text, not a document').toString('base64'),
      mimetype: 'application/pdf',
    })
    expect(text.statusCode).toBe(415)
    const gif = await call('POST', '/api/care/documents', owner.token, {
      title: 'Anim',
      data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64').toString(
        'base64',
      ),
    })
    expect(gif.statusCode).toBe(415)
    const big = Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)])
    const tooBig = await call('POST', '/api/care/documents', owner.token, {
      title: 'Big',
      data: big.toString('base64'),
    })
    expect(tooBig.statusCode).toBe(413)
    expect(await t.db.catDocument.count({ where: { cat: { userId: owner.id } } })).toBe(0)
  })

  it('another owner’s cat or document is a 404; a bad title or kind a 400', async () => {
    const a = await subscriberWithCat(t)
    const b = await subscriberWithCat(t)
    const doc = (
      await call('POST', '/api/care/documents', a.owner.token, { title: 'Lab', data: PDF.toString('base64') })
    ).json()
    expect((await call('GET', `/api/care/documents/${doc.id}`, b.owner.token)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/care/documents/${doc.id}`, b.owner.token)).statusCode).toBe(404)
    expect((await call('GET', `/api/care/documents?cat_id=${a.cat.id}`, b.owner.token)).statusCode).toBe(404)
    expect(
      (
        await call('POST', '/api/care/documents', b.owner.token, {
          cat_id: a.cat.id,
          title: 'Lab',
          data: PDF.toString('base64'),
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await call('POST', '/api/care/documents', a.owner.token, {
          title: 'La\u2067b',
          data: PDF.toString('base64'),
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await call('POST', '/api/care/documents', a.owner.token, {
          title: 'Lab',
          kind: 'x',
          data: PDF.toString('base64'),
        })
      ).statusCode,
    ).toBe(400)
    expect(await t.db.catDocument.count({ where: { cat: { userId: a.owner.id } } })).toBe(1)
  })
})
