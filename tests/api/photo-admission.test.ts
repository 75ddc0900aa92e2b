// Two free accounts held both photo slots by trickling `PUT /api/supabase/cats/{id}`, even to another
// owner's cat: the body was read before the ownership check. Now who may upload is decided before the
// body (session, ownership, subscription), a sender below the minimum rate loses its slot, and
// subscribers and owners reading their own records never wait behind free or anonymous uploads.
// Real sockets on a listening app; addresses through X-Forwarded-For behind one trusted proxy.
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp, suiteApp, suiteListening } from '../helpers/app.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const t = suiteApp(() => createTestApp({ env: { TRUST_PROXY: '1' } }))
const server = suiteListening(t)
const sockets: net.Socket[] = []
afterAll(() => {
  for (const socket of sockets) socket.destroy()
})

interface Trickle {
  socket: net.Socket
  /** The status line's code once the server answered, else null. */
  status(): number | null
}

/** A PUT of a cat that declares 10 MB and sends its first bytes only (then, unless told, nothing). */
function trickle(path: string, address: string, token?: string, drip?: { everyMs: number }): Trickle {
  const socket = net.connect(server.port, '127.0.0.1')
  socket.on('error', () => {})
  let answer = ''
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1')
  })
  socket.write(
    [
      `PUT ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${10 * 1024 * 1024}`,
      `X-Forwarded-For: ${address}`,
      ...(token ? [`Authorization: Bearer ${token}`] : []),
      '',
      '{"name":"Slow","photo":{"buffer":[1,2,3',
    ].join('\r\n'),
  )
  if (drip) {
    const timer = setInterval(() => {
      if (socket.destroyed) clearInterval(timer)
      else socket.write(',1')
    }, drip.everyMs)
    socket.once('close', () => clearInterval(timer))
  }
  sockets.push(socket)
  return {
    socket,
    status: () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer)
      return match ? Number(match[1]) : null
    },
  }
}

async function answered(upload: Trickle, withinMs: number): Promise<number | null> {
  const end = Date.now() + withinMs
  while (upload.status() === null && Date.now() < end) await new Promise((r) => setTimeout(r, 25))
  return upload.status()
}

async function ownerWithCat(tag: string) {
  const owner = await t.signIn()
  const cat = await (await t.caller(owner.token)).cat.create({ name: tag })
  return { owner, catId: cat.id }
}

async function photoRead(catId: number, token: string, address: string) {
  const res = await fetch(`${server.url}/api/supabase/cats/${catId}/photo`, {
    headers: { 'x-forwarded-for': address, authorization: `Bearer ${token}` },
  })
  return res.status
}

describe('before the body is read', () => {
  it("another owner's cat is a 404 at once, and the upload holds no slot", async () => {
    const victim = await ownerWithCat('Victim')
    const free = await ownerWithCat('Attacker')
    const upload = trickle(`/api/supabase/cats/${victim.catId}`, '203.0.113.41', free.owner.token)
    expect(await answered(upload, 3_000)).toBe(404)
    upload.socket.destroy()
  })

  it('no session is a 401 at once', async () => {
    const { catId } = await ownerWithCat('Anyone')
    const upload = trickle(`/api/supabase/cats/${catId}`, '203.0.113.42')
    expect(await answered(upload, 3_000)).toBe(401)
    upload.socket.destroy()
  })
})

describe('free uploads', () => {
  it('two free accounts trickling hold no more than one slot; a subscriber and an owner reading still go', async () => {
    const a = await ownerWithCat('A')
    const b = await ownerWithCat('B')
    const first = trickle(`/api/supabase/cats/${a.catId}`, '203.0.113.51', a.owner.token)
    await new Promise((r) => setTimeout(r, 300))
    const second = trickle(`/api/supabase/cats/${b.catId}`, '203.0.113.52', b.owner.token)
    // The second free upload finds the free share taken.
    expect(await answered(second, 3_000)).toBe(503)
    expect(first.status()).toBeNull()

    const paying = await ownerWithCat('Paid')
    await grantSubscription(t.db, paying.owner.id)
    const res = await fetch(`${server.url}/api/supabase/cats/${paying.catId}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.61',
        authorization: `Bearer ${paying.owner.token}`,
      },
      body: JSON.stringify({
        photo: { buffer: PNG.toString('base64'), mimetype: 'image/png' },
        pad: 'x'.repeat(70_000),
      }),
    })
    expect(res.status).toBe(200)
    expect(await photoRead(paying.catId, paying.owner.token, '198.51.100.62')).toBe(200)
    // A free owner reading their own cat's photo is not behind the free uploads either.
    expect(await photoRead(b.catId, b.owner.token, '198.51.100.63')).toBe(200)
    first.socket.destroy()
    second.socket.destroy()
  })

  it('a sender below the minimum rate loses its slot (408), and the slot is free again', async () => {
    const a = await ownerWithCat('Dripping')
    const slow = trickle(`/api/supabase/cats/${a.catId}`, '203.0.113.71', a.owner.token, { everyMs: 200 })
    expect(await answered(slow, 8_000)).toBe(408)
    slow.socket.destroy()
    const b = await ownerWithCat('Next')
    const next = trickle(`/api/supabase/cats/${b.catId}`, '203.0.113.72', b.owner.token)
    // It takes the freed slot: no 503 within a second.
    expect(await answered(next, 1_000)).toBeNull()
    next.socket.destroy()
  }, 15_000)
})
