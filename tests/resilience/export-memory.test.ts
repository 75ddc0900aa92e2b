// One export must not run the server out of heap: the BUILT server started as
// `npm start` starts it (128 MB of old space), an owner with 16 cats carrying 5 MB photos asks for
// "Download my data". The answer is complete (every cat, every photo reachable), the process stays
// up, /healthz answers 200, and its peak RSS is printed.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES } from '../../shared/constants.ts'
import { type BuiltServer, GENEROUS_ENV, peakRssMb, request, type Subscriber, suiteBuilt } from './helpers.ts'

const CATS = 16

const suite = suiteBuilt('export')
let server: BuiltServer
let owner: Subscriber

beforeAll(async () => {
  owner = (await suite.seedSubscribers(1, 'export'))[0]!
  // The cats as 16 uploads would leave them (their upload has its own tests): 5 MB of photo each.
  for (let i = 0; i < CATS; i++) {
    await suite.database.prisma.cat.create({
      data: {
        userId: owner!.id,
        name: `Heavy ${i}`,
        breed: 'Siamese',
        age: 3,
        weight: 9,
        issuesFaced: [],
        photo: {
          create: {
            data: new Uint8Array(crypto.randomBytes(PHOTO_MAX_BYTES)),
            bytes: PHOTO_MAX_BYTES,
            mimetype: 'image/png',
            name: 'heavy.png',
            // Already through the metadata strip, so the start-up clean-up leaves these stand-ins.
            stripped: true,
          },
        },
      },
    })
  }
  server = await suite.start(GENEROUS_ENV, { asStarted: true })
})

/** The newest step-up code the server printed for `email`. */
async function codeFor(email: string): Promise<string> {
  // The step-up code is mailed (and logged) as the code to export or delete the account.
  const pattern = new RegExp(
    `Code to export or delete the account for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`,
  )
  for (let i = 0; i < 100; i++) {
    const found = server.lines.filter((line) => pattern.test(line))
    if (found.length > 0) return pattern.exec(found.at(-1)!)![1]!
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no code for ${email}`)
}

describe('Download my data with 16 cats of 5 MB photos', () => {
  it('answers the whole export, and the process stays up', async () => {
    const auth = { authorization: `Bearer ${owner.token}` }
    const sent = await request(`${server.base}/api/supabase/account/verification-code`, {
      method: 'POST',
      headers: auth,
    })
    expect(sent.status).toBe(200)
    const code = await codeFor(owner.email)

    const exported = await request(`${server.base}/api/supabase/account/export`, {
      headers: { ...auth, 'x-verification-code': code },
      timeoutMs: 60_000,
    })
    const health = await request(`${server.base}/healthz`, { timeoutMs: 10_000 })
    console.info(`export of ${CATS} × 5 MB photos: peak RSS ${peakRssMb(server.child.pid!)} MB`)
    expect(exported.error).toBeNull()
    expect(exported.status).toBe(200)
    expect(server.child.exitCode).toBeNull()
    expect(health.status).toBe(200)

    // Every cat is in it, each photo apart at its own address, and that address gives the photo.
    const data = JSON.parse(exported.body) as { cats: { id: number; name: string; photo_url: string }[] }
    // The seeded subscriber's own cat first, then the 16 heavy ones.
    expect(data.cats.map((c) => c.name)).toEqual([
      'Cat 0',
      ...Array.from({ length: CATS }, (_, i) => `Heavy ${i}`),
    ])
    expect(data.cats[0]!.photo_url).toBeNull()
    const first = data.cats[1]!
    expect(first.photo_url).toBe(`/api/supabase/cats/${first.id}/photo`)
    const photo = await request(`${server.base}${first.photo_url}`, { headers: auth, timeoutMs: 30_000 })
    expect(photo.status).toBe(200)
    const file = await request(`${server.base}${JSON.parse(photo.body).url}`, { timeoutMs: 30_000 })
    expect(file.status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  })
})
