// A stored photo's short-lived signed address (docs/api.md "Photos and documents"): the owner's
// procedure hands it out, an <img> opens it with no token, and it opens that one file only until it
// expires. A changed id, kind, expiry or signature, or an expired address, is a 404 like a missing file.
import { beforeAll, describe, expect, it } from 'vitest'
import { SIGNED_URL_TTL_SECONDS } from '../../shared/constants.ts'
import { suiteApp } from '../helpers/app.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const t = suiteApp()
let owner: { id: number; token: string }
let other: { id: number; token: string }
let catId: number
let otherCatId: number
let url: string

beforeAll(async () => {
  owner = await t.signIn('signed-owner@example.com')
  other = await t.signIn('signed-other@example.com')
  const photo = { buffer: PNG.toString('base64'), mimetype: 'image/png', originalname: 'p.png' }
  catId = (await (await t.caller(owner.token)).cat.create({ name: 'Signed', photo })).id
  otherCatId = (await (await t.caller(other.token)).cat.create({ name: 'Theirs', photo })).id
  url = (await (await t.caller(owner.token)).cat.photo({ id: catId })).url!
})

const open = (address: string) => t.app.inject({ method: 'GET', url: address })

describe('a signed address', () => {
  it('opens the bytes with their type, no token, private to the browser, never sniffed', async () => {
    const res = await open(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe(`private, max-age=${SIGNED_URL_TTL_SECONDS}`)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8))
  })

  it('is a 404 once expired', async () => {
    const issuedLongAgo = Date.now() - (SIGNED_URL_TTL_SECONDS + 1) * 1000
    const expired = t.services.tokens.files.path('cat', catId, issuedLongAgo)
    const res = await open(expired)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    // The same address issued now opens: only the expiry differs.
    expect((await open(t.services.tokens.files.path('cat', catId))).statusCode).toBe(200)
  })

  it('is a 404 when tampered with: another id, kind, expiry or signature', async () => {
    const { searchParams } = new URL(url, 'http://x')
    const exp = Number(searchParams.get('exp'))
    const sig = searchParams.get('sig')!
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    for (const address of [
      `/api/files/cat/${otherCatId}?exp=${exp}&sig=${sig}`,
      `/api/files/chat/${catId}?exp=${exp}&sig=${sig}`,
      `/api/files/cat/${catId}?exp=${exp + 60}&sig=${sig}`,
      `/api/files/cat/${catId}?exp=${exp}&sig=${flipped}`,
      `/api/files/cat/${catId}?exp=${exp}&sig=`,
      `/api/files/cat/${catId}?exp=${exp}`,
      `/api/files/cat/${catId}`,
      `/api/files/cat/${catId}?exp=${exp + 365 * 86_400}&sig=${sig}`,
      `/api/files/other/${catId}?exp=${exp}&sig=${sig}`,
    ]) {
      const res = await open(address)
      expect(res.statusCode, address).toBe(404)
    }
  })

  it("another owner gets no address for the cat's photo (404), and theirs does not open this one", async () => {
    await expect((await t.caller(other.token)).cat.photo({ id: catId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const theirs = (await (await t.caller(other.token)).cat.photo({ id: otherCatId })).url!
    const swapped = theirs.replace(`/cat/${otherCatId}?`, `/cat/${catId}?`)
    expect((await open(swapped)).statusCode).toBe(404)
  })

  it('of a photo since deleted with its cat is a 404', async () => {
    const gone = (
      await (
        await t.caller(owner.token)
      ).cat.create({ name: 'Gone', photo: { buffer: PNG.toString('base64') } })
    ).id
    const address = (await (await t.caller(owner.token)).cat.photo({ id: gone })).url!
    await t.db.cat.delete({ where: { id: gone } })
    expect((await open(address)).statusCode).toBe(404)
  })

  it('is not a tRPC procedure (its bytes would be JSON again)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/trpc/file.signed?input=%7B%7D',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(res.statusCode).toBe(404)
  })
})
