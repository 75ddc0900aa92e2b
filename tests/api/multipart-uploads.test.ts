// The app's own uploads go as multipart/form-data, the file as bytes (docs/api.md "Photos and
// documents"): cat.updateForm, attachment.uploadForm and record.uploadDocumentForm, tRPC-only, each on
// a /trpc route of its own behind the photo gate. Real multipart bodies (as fetch builds them from a
// FormData) through app.inject(); the stored bytes are read back through the signed address the read
// procedure hands out. Refusals are the catalogue's 4xx, never a 500.
import net from 'node:net'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { formProcedures, heavyProcedures, restRows } from '../../server/rest/table.ts'
import { ATTACHMENT_MAX_BYTES, PHOTO_MAX_BYTES } from '../../shared/constants.ts'
import { postTrpc, suiteApp, suiteListening } from '../helpers/app.ts'
import { cameraJpeg, metadataBlocks, smallPng } from '../helpers/images.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()
const server = suiteListening(t)
const sockets: net.Socket[] = []
afterAll(() => {
  for (const socket of sockets) socket.destroy()
})

/** A small, valid PDF (a document is known by its bytes; a PDF is kept as received). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

type Fields = Record<string, string | File>

/** The form's multipart body and its Content-Type, exactly as fetch sends a FormData. */
async function multipart(fields: Fields) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  }
}

const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type })

/** POST /trpc/<procedure> with the form, as the owner of `token` (none: no session). */
async function postForm(procedure: string, fields: Fields, token: string | null) {
  const { payload, contentType } = await multipart(fields)
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
}

/** The catalogue's code of an answer: tRPC's `error.data.appCode`, or REST's `code` (a refusal at the door). */
function appCode(res: { json(): unknown }): string | undefined {
  const body = res.json() as { code?: string; error?: { data?: { appCode?: string } } }
  return body.error?.data?.appCode ?? body.code
}

/** A stored file's bytes through its signed address (no token: the signature stands for the session). */
async function openSigned(url: string) {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  return { type: res.headers['content-type'], bytes: res.rawPayload }
}

const subscriber = () => subscriberWithCat(t)

describe('the form procedures', () => {
  it('are tRPC-only, heavy, and have a body limit of their file cap plus the form', () => {
    const forms = formProcedures()
    expect([...forms.keys()].sort()).toEqual([
      'attachment.uploadForm',
      'cat.updateForm',
      'record.uploadDocumentForm',
    ])
    expect(forms.get('cat.updateForm')).toBe(PHOTO_MAX_BYTES + 64 * 1024)
    expect(forms.get('attachment.uploadForm')).toBe(ATTACHMENT_MAX_BYTES + 64 * 1024)
    const heavy = heavyProcedures()
    for (const procedure of forms.keys()) {
      expect(heavy.has(procedure), procedure).toBe(true)
      expect(restRows().some((row) => row.procedure === procedure)).toBe(false)
    }
  })
})

describe('cat.updateForm (the profile form with a new photo)', () => {
  it('stores the photo and the changed fields; the photo reads back through its signed address', async () => {
    const { owner, cat } = await subscriber()
    const png = await smallPng(40, 30)
    const res = await postForm(
      'cat.updateForm',
      { id: String(cat.id), name: 'Luna Maria', photo: file(png, 'luna.png', 'image/png') },
      owner.token,
    )
    expect(res.statusCode).toBe(200)
    const updated = res.json().result.data
    expect(updated).toMatchObject({ id: cat.id, name: 'Luna Maria', breed: 'Persian', has_photo: true })

    const { url } = await (await t.caller(owner.token)).cat.photo({ id: cat.id })
    const stored = await openSigned(url!)
    expect(stored.type).toBe('image/png')
    const meta = await sharp(stored.bytes).metadata()
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 40,
      height: 30,
    })
    expect(
      Buffer.compare(await sharp(stored.bytes).raw().toBuffer(), await sharp(png).raw().toBuffer()),
    ).toBe(0)
  })

  it('refuses a photo over 5 MB with 413 PHOTO_TOO_LARGE, and a body past the form limit with 413', async () => {
    const { owner, cat } = await subscriber()
    const over = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(new Uint8Array(PHOTO_MAX_BYTES + 1), 'big.png', 'image/png') },
      owner.token,
    )
    expect(over.statusCode).toBe(413)
    expect(appCode(over)).toBe('PHOTO_TOO_LARGE')
    expect(over.json().error.message).toBe('The photo is larger than 5 MB')

    const huge = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(new Uint8Array(PHOTO_MAX_BYTES + 200_000), 'huge.png', 'image/png') },
      owner.token,
    )
    expect(huge.statusCode).toBe(413)
    expect(appCode(huge)).toBe('TOO_LARGE')
    expect(await t.db.catPhoto.count({ where: { catId: cat.id } })).toBe(0)
  })

  it('refuses a wrong type with 415 PHOTO_TYPE, by the declared type and by the bytes', async () => {
    const { owner, cat } = await subscriber()
    const declared = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(PDF, 'scan.pdf', 'application/pdf') },
      owner.token,
    )
    expect(declared.statusCode).toBe(415)
    expect(appCode(declared)).toBe('PHOTO_TYPE')
    const bytes = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(Buffer.from('not a picture at all'), 'cat.png', 'image/png') },
      owner.token,
    )
    expect(bytes.statusCode).toBe(415)
    expect(appCode(bytes)).toBe('PHOTO_TYPE')
  })

  it('refuses a form without a photo with 400', async () => {
    const { owner, cat } = await subscriber()
    const none = await postForm('cat.updateForm', { id: String(cat.id), name: 'Nala' }, owner.token)
    expect(none.statusCode).toBe(400)
    expect(appCode(none)).toBe('INVALID_INPUT')
    expect(none.json().error.message).toBe('photo: Please choose a photo')
    const empty = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(new Uint8Array(0), '', 'application/octet-stream') },
      owner.token,
    )
    expect(empty.statusCode).toBe(400)
    expect(appCode(empty)).toBe('INVALID_INPUT')
  })

  it('answers 401 without a session and 404 for another owner’s cat, storing nothing', async () => {
    const { cat } = await subscriber()
    const stranger = await subscriber()
    const png = await smallPng()
    const anonymous = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(png, 'a.png', 'image/png') },
      null,
    )
    expect(anonymous.statusCode).toBe(401)
    expect(appCode(anonymous)).toBe('NOT_AUTHENTICATED')
    const theirs = await postForm(
      'cat.updateForm',
      { id: String(cat.id), photo: file(png, 'a.png', 'image/png') },
      stranger.owner.token,
    )
    expect(theirs.statusCode).toBe(404)
    // As cat.update answers the same call in JSON: the same domain function decides.
    const json = await postTrpc(t, 'cat.update', { id: cat.id, name: 'Mine now' }, stranger.owner.token)
    expect(json.statusCode).toBe(404)
    expect(appCode(theirs)).toBe(appCode(json))
    expect(appCode(theirs)).toBe('NOT_FOUND')
    expect(await t.db.catPhoto.count({ where: { catId: cat.id } })).toBe(0)
  })
})

describe('attachment.uploadForm (a chat photo)', () => {
  it('stores the photo cleaned as the JSON upload does; it reads back through its signed address', async () => {
    const { owner } = await subscriber()
    const jpeg = await cameraJpeg(400, 200)
    const res = await postForm(
      'attachment.uploadForm',
      { photo: file(jpeg, 'IMG_1.JPG', 'image/jpeg') },
      owner.token,
    )
    expect(res.statusCode).toBe(200)
    const stored = res.json().result.data
    // Orientation 6: stored upright, 200 wide and 400 high, as attachment.upload stores it.
    expect(stored).toEqual({
      id: expect.any(Number),
      mimetype: 'image/jpeg',
      width: 200,
      height: 400,
      bytes: expect.any(Number),
    })
    const { url } = await (await t.caller(owner.token)).attachment.get({ id: stored.id })
    const read = await openSigned(url)
    expect(read.type).toBe('image/jpeg')
    expect(read.bytes.length).toBe(stored.bytes)
    expect(await metadataBlocks(read.bytes)).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 400,
      exif: false,
    })
  })

  it('refuses over 10 MB (413), a wrong type (415), no photo (400), no session (401)', async () => {
    const { owner } = await subscriber()
    const over = await postForm(
      'attachment.uploadForm',
      { photo: file(new Uint8Array(ATTACHMENT_MAX_BYTES + 1), 'big.jpg', 'image/jpeg') },
      owner.token,
    )
    expect(over.statusCode).toBe(413)
    expect(appCode(over)).toBe('ATTACHMENT_TOO_LARGE')
    const huge = await postForm(
      'attachment.uploadForm',
      { photo: file(new Uint8Array(ATTACHMENT_MAX_BYTES + 200_000), 'huge.jpg', 'image/jpeg') },
      owner.token,
    )
    expect(huge.statusCode).toBe(413)
    const gif = await postForm(
      'attachment.uploadForm',
      { photo: file(Buffer.from('GIF89a'), 'a.gif', 'image/gif') },
      owner.token,
    )
    expect(gif.statusCode).toBe(415)
    expect(appCode(gif)).toBe('ATTACHMENT_TYPE')
    const text = await postForm(
      'attachment.uploadForm',
      { photo: file(Buffer.from('hello'), 'a.jpg', '') },
      owner.token,
    )
    expect(text.statusCode).toBe(415)
    expect(appCode(text)).toBe('ATTACHMENT_TYPE')
    const none = await postForm('attachment.uploadForm', { note: 'no photo' }, owner.token)
    expect(none.statusCode).toBe(400)
    expect(appCode(none)).toBe('INVALID_INPUT')
    const anonymous = await postForm(
      'attachment.uploadForm',
      { photo: file(await smallPng(), 'a.png', 'image/png') },
      null,
    )
    expect(anonymous.statusCode).toBe(401)
    expect(appCode(anonymous)).toBe('NOT_AUTHENTICATED')
    expect(await t.db.chatAttachment.count({ where: { userId: owner.id } })).toBe(0)
  })

  it('keeps the JSON upload’s rules: an account without a subscription is refused (402)', async () => {
    const free = await t.signIn()
    const res = await postForm(
      'attachment.uploadForm',
      { photo: file(await smallPng(), 'a.png', 'image/png') },
      free.token,
    )
    expect(res.statusCode).toBe(402)
    expect(appCode(res)).toBe('SUBSCRIPTION_REQUIRED')
  })
})

describe('record.uploadDocumentForm (a health-record document)', () => {
  it('keeps a PDF byte for byte; it reads back through its signed address', async () => {
    const { owner, cat } = await subscriber()
    const res = await postForm(
      'record.uploadDocumentForm',
      {
        title: 'Blood panel',
        kind: 'lab',
        cat_id: String(cat.id),
        file: file(PDF, 'panel.pdf', 'application/pdf'),
      },
      owner.token,
    )
    expect(res.statusCode).toBe(200)
    const doc = res.json().result.data
    expect(doc).toEqual({
      id: expect.any(Number),
      cat_id: cat.id,
      title: 'Blood panel',
      kind: 'lab',
      mimetype: 'application/pdf',
      bytes: PDF.length,
      created_at: expect.any(String),
    })
    const { url } = await (await t.caller(owner.token)).record.document({ id: doc.id })
    const read = await openSigned(url)
    expect(read.type).toMatch(/^application\/pdf/)
    expect(Buffer.compare(read.bytes, PDF)).toBe(0)
  })

  it('refuses over 10 MB (413), a wrong type (415), no file or no title (400), no session (401)', async () => {
    const { owner } = await subscriber()
    const over = await postForm(
      'record.uploadDocumentForm',
      { title: 'Big', file: file(new Uint8Array(ATTACHMENT_MAX_BYTES + 1), 'big.pdf', 'application/pdf') },
      owner.token,
    )
    expect(over.statusCode).toBe(413)
    expect(appCode(over)).toBe('ATTACHMENT_TOO_LARGE')
    expect(over.json().error.message).toBe('The document is larger than 10 MB')
    const word = await postForm(
      'record.uploadDocumentForm',
      { title: 'Letter', file: file(Buffer.from('PK\u0003\u0004'), 'letter.docx', 'application/msword') },
      owner.token,
    )
    expect(word.statusCode).toBe(415)
    expect(appCode(word)).toBe('ATTACHMENT_TYPE')
    const sniffed = await postForm(
      'record.uploadDocumentForm',
      { title: 'Letter', file: file(Buffer.from('just text'), 'letter.pdf', 'application/pdf') },
      owner.token,
    )
    expect(sniffed.statusCode).toBe(415)
    const noFile = await postForm('record.uploadDocumentForm', { title: 'Nothing' }, owner.token)
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().error.message).toBe('file: Please choose a file')
    const noTitle = await postForm(
      'record.uploadDocumentForm',
      { file: file(PDF, 'a.pdf', 'application/pdf') },
      owner.token,
    )
    expect(noTitle.statusCode).toBe(400)
    expect(appCode(noTitle)).toBe('INVALID_INPUT')
    const anonymous = await postForm(
      'record.uploadDocumentForm',
      { title: 'A', file: file(PDF, 'a.pdf', 'application/pdf') },
      null,
    )
    expect(anonymous.statusCode).toBe(401)
    expect(await t.db.catDocument.count({ where: { cat: { userId: owner.id } } })).toBe(0)
  })

  it("answers 404 for another owner's cat, storing nothing", async () => {
    const { cat } = await subscriber()
    const stranger = await subscriber()
    const res = await postForm(
      'record.uploadDocumentForm',
      { title: 'Not mine', cat_id: String(cat.id), file: file(PDF, 'a.pdf', 'application/pdf') },
      stranger.owner.token,
    )
    expect(res.statusCode).toBe(404)
    expect(appCode(res)).toBe('CAT_NOT_FOUND')
    expect(await t.db.catDocument.count({ where: { catId: cat.id } })).toBe(0)
  })
})

describe('multipart bodies on /trpc', () => {
  it('a large form without a session is refused at the photo gate, before its body (401)', async () => {
    const res = await postForm(
      'attachment.uploadForm',
      { photo: file(new Uint8Array(200_000), 'a.jpg', 'image/jpeg') },
      null,
    )
    expect(res.statusCode).toBe(401)
    // The gate's answer is REST's shape: no procedure ran.
    expect(res.json()).toEqual({ error: 'User Not Authenticated', code: 'NOT_AUTHENTICATED' })
  })

  it('are taken by the form procedures only: a JSON procedure, or a batch, still answers 415', async () => {
    const { owner, cat } = await subscriber()
    const form = { id: String(cat.id), photo: file(await smallPng(), 'a.png', 'image/png') }
    const json = await postForm('cat.update', form, owner.token)
    expect(json.statusCode).toBe(415)
    expect(json.json()).toEqual({ error: 'Content-Type must be application/json', code: 'JSON_ONLY' })
    const { payload, contentType } = await multipart(form)
    const batch = await t.app.inject({
      method: 'POST',
      url: '/trpc/cat.updateForm,cat.list?batch=1',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
    })
    expect(batch.statusCode).toBe(415)
  })

  it('a broken multipart body, NUL in a field, or JSON to a form procedure is a 400', async () => {
    const { owner, cat } = await subscriber()
    const auth = { authorization: `Bearer ${owner.token}` }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/trpc/record.uploadDocumentForm',
      payload: '--kitty\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=kitty' },
    })
    expect(broken.statusCode).toBe(400)
    expect(appCode(broken)).toBe('INVALID_INPUT')
    const nul = await postForm(
      'record.uploadDocumentForm',
      { title: 'Lab\u0000', cat_id: String(cat.id), file: file(PDF, 'a.pdf', 'application/pdf') },
      owner.token,
    )
    expect(nul.statusCode).toBe(400)
    expect(appCode(nul)).toBe('NUL_CHARACTER')
    const json = await t.app.inject({
      method: 'POST',
      url: '/trpc/record.uploadDocumentForm',
      payload: { title: 'JSON', data: PDF.toString('base64') },
      headers: auth,
    })
    expect(json.statusCode).toBe(400)
    expect(appCode(json)).toBe('INVALID_INPUT')
  })
})

describe('a form upload holds a photo slot', () => {
  it('while its body arrives: the same address waits (503); a trickle loses it (408), then uploads pass', async () => {
    const { owner } = await subscriber()
    // A real socket declaring a 5 MB form and sending only its first part's head.
    const trickle = () => {
      const socket = net.connect(server.port, '127.0.0.1')
      sockets.push(socket)
      const held = { socket, answer: '' }
      socket.on('error', () => {})
      socket.on('data', (chunk) => {
        held.answer += chunk.toString('latin1')
      })
      socket.write(
        [
          'POST /trpc/attachment.uploadForm HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: multipart/form-data; boundary=kitty',
          `Content-Length: ${5 * 1024 * 1024}`,
          `Authorization: Bearer ${owner.token}`,
          '',
          '--kitty\r\nContent-Disposition: form-data; name="photo"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
        ].join('\r\n'),
      )
      return held
    }
    let held = trickle()
    const large = { photo: file(new Uint8Array(100_000), 'b.jpg', 'image/jpeg') }
    // One photo request per address: the trickle holds this address's slot. On a loaded machine the
    // in-process probe can reach the gate before the socket's request does, and the trickle is the one
    // refused (503); then a new trickle is sent until it holds the slot.
    await expect
      .poll(async () => {
        if (held.answer !== '') held = trickle()
        return (await postForm('attachment.uploadForm', large, owner.token)).statusCode
      })
      .toBe(503)
    const status = () => /^HTTP\/1\.1 (\d{3})/.exec(held.answer)?.[1]
    // The slow-sender guard cuts it off after its grace, and the slot is free again.
    await expect.poll(status, { timeout: 8_000 }).toBe('408')
    const after = await postForm(
      'attachment.uploadForm',
      { photo: file(await smallPng(), 'a.png', 'image/png') },
      owner.token,
    )
    expect(after.statusCode).toBe(200)
  })
})

describe('the JSON uploads of the REST rows', () => {
  it('keep working as before (PUT /api/supabase/cats/{id} with a JSON photo)', async () => {
    const { owner, cat } = await subscriber()
    const png = await smallPng()
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/cats/${cat.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { photo: { buffer: [...png], mimetype: 'image/png', originalname: 'a.png' } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().has_photo).toBe(true)
  })
})
