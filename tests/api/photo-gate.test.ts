// The photo gate: two anonymous connections trickling a 10 MB cat upload must not hold
// every owner's photo reads and uploads. Who may take a slot is decided before the body: visitors none
// (401), and any address holds at most one (photo-admission.test.ts has free accounts and slow senders). Real sockets on a listening app; addresses through
// X-Forwarded-For behind one trusted proxy (TRUST_PROXY=1), as in production behind nginx.
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp, suiteApp, suiteListening } from '../helpers/app.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const t = suiteApp(() => createTestApp({ env: { TRUST_PROXY: '1' } }))
const server = suiteListening(t)
const trickles: net.Socket[] = []
afterAll(() => {
  for (const socket of trickles) socket.destroy()
})

/** An upload that declares 10 MB and sends its first bytes only (then nothing, for now). */
function trickle(address: string, token?: string): net.Socket {
  const socket = net.connect(server.port, '127.0.0.1')
  socket.on('error', () => {})
  socket.write(
    [
      'POST /api/supabase/cats HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${10 * 1024 * 1024}`,
      `X-Forwarded-For: ${address}`,
      ...(token ? [`Authorization: Bearer ${token}`] : []),
      '',
      '{"cat_name":"Slow","session_id":"trickle","photo":{"buffer":[1,2,3',
    ].join('\r\n'),
  )
  trickles.push(socket)
  return socket
}

/** The photo's signed address, asked for with the token (a light read), then its bytes (a photo slot). */
async function photoRead(catId: number, token: string | null, address: string) {
  const where = await t.app.inject({
    method: 'GET',
    url: `/api/supabase/cats/${catId}/photo`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (where.statusCode !== 200) return { status: where.statusCode, retryAfter: null, body: where.json() }
  const res = await fetch(`${server.url}${where.json().url}`, { headers: { 'x-forwarded-for': address } })
  const type = res.headers.get('content-type')
  const body = type?.startsWith('application/json') ? await res.json() : { type }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body }
}

describe('two anonymous trickling uploads', () => {
  it('leave the owners a photo slot: an owner reads a photo while they trickle', async () => {
    const owner = await t.signIn()
    const caller = await t.caller(owner.token)
    const cat = await caller.cat.create({
      name: 'Gated',
      photo: { buffer: PNG.toString('base64'), mimetype: 'image/png' },
    })
    // Every photo route needs a session: a visitor's upload is refused before its body, holding no slot.
    const slow = [trickle('203.0.113.1'), trickle('203.0.113.2')]
    const probe = await photoRead(cat.id, null, '203.0.113.3')
    expect(probe.status).toBe(401)
    expect(probe.body).toEqual({ error: 'User Not Authenticated', code: 'NOT_AUTHENTICATED' })

    const read = await photoRead(cat.id, owner.token, '198.51.100.20')
    expect(read.status).toBe(200)
    expect(read.body).toEqual({ type: 'image/png' })
    for (const socket of slow) socket.destroy()
  })

  it('one address holds at most one slot', async () => {
    const owner = await t.signIn()
    const caller = await t.caller(owner.token)
    const cat = await caller.cat.create({
      name: 'Same address',
      photo: { buffer: PNG.toString('base64'), mimetype: 'image/png' },
    })
    // The owner's own slow upload (signed in: the visitors' share plays no part here). It may itself
    // be turned away while one of the reads below holds the address's slot: then it is sent again.
    let busy = trickle('198.51.100.30', owner.token)
    let refused = false
    const watch = (socket: net.Socket) =>
      socket.once('data', () => {
        refused = true
      })
    watch(busy)
    let read = await photoRead(cat.id, owner.token, '198.51.100.30')
    for (let i = 0; i < 200 && read.status !== 503; i++) {
      if (refused) {
        busy.destroy()
        busy = trickle('198.51.100.30', owner.token)
        refused = false
        watch(busy)
      }
      read = await photoRead(cat.id, owner.token, '198.51.100.30')
    }
    // The address's one slot is held by its own upload, still unanswered.
    expect(read.status).toBe(503)
    // The wait is in the body too, as every REST error with a Retry-After carries it.
    expect(read.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retry_after_seconds: Number(read.retryAfter),
    })
    expect(refused).toBe(false)
    busy.destroy()
    // Freed when that request's connection closes.
    let again = await photoRead(cat.id, owner.token, '198.51.100.30')
    for (let i = 0; i < 200 && again.status !== 200; i++)
      again = await photoRead(cat.id, owner.token, '198.51.100.30')
    expect(again.status).toBe(200)
  })
})

describe('a call that needs more photo slots than its holder may have', () => {
  it('is a 401 for a visitor (a batch of two photo reads), decided before anything is read', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(
        `${server.url}/trpc/record.documentFile,record.documentFile?batch=1&input=${encodeURIComponent('{}')}`,
        {
          headers: { 'x-forwarded-for': '198.51.100.77' },
        },
      )
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('NOT_AUTHENTICATED')
    }
  })
})
