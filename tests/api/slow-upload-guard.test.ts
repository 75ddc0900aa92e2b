// The slow-sender guard (server/http/heavy-gate.ts) on a real Fastify instance and real sockets. A GET's body
// is never parsed, so nothing listens to the stream the guard hands on: when a read that declared a body
// took longer than the guard's grace (a report PDF under load), failing that stream was an uncaught
// exception, which ends the process.
import net from 'node:net'
import { Readable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { slowUploadGuard } from '../../server/http/heavy-gate.ts'

const GRACE_MS = 300
let app: FastifyInstance
let port = 0
const sockets: net.Socket[] = []

beforeAll(async () => {
  app = Fastify()
  app.addHook('preParsing', slowUploadGuard(32 * 1024, GRACE_MS))
  app.get('/slow-read', async () => {
    await new Promise((r) => setTimeout(r, GRACE_MS * 4))
    return { ok: true }
  })
  app.post('/upload', async (req) => ({ bytes: JSON.stringify(req.body).length }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await app.close()
})

/** Sends a request head declaring `declared` bytes and then only `partial`; resolves the status line's code. */
function send(method: string, path: string, declared: number, partial: string) {
  const socket = net.connect(port, '127.0.0.1')
  sockets.push(socket)
  socket.on('error', () => {})
  let answer = ''
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1')
  })
  socket.write(
    [
      `${method} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${declared}`,
      '',
      partial,
    ].join('\r\n'),
  )
  return { socket, status: () => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] }
}

/** Collects uncaught exceptions while `run` goes (vitest reports them too, but a test should say so). */
async function withoutUncaught(run: () => Promise<void>) {
  const uncaught: unknown[] = []
  const record = (error: unknown) => uncaught.push(error)
  process.on('uncaughtException', record)
  try {
    await run()
    expect(uncaught).toEqual([])
  } finally {
    process.off('uncaughtException', record)
  }
}

describe('slowUploadGuard', () => {
  it('leaves a slow read that declared a body alone: it is answered and nothing is thrown', async () => {
    await withoutUncaught(async () => {
      const read = send('GET', '/slow-read', 100 * 1024, '{"never":')
      await expect.poll(read.status, { timeout: 5_000 }).toBe('200')
      await new Promise((r) => setTimeout(r, GRACE_MS * 2))
    })
  })

  it('still answers 408 to an upload that trickles, and nothing is thrown', async () => {
    await withoutUncaught(async () => {
      const upload = send('POST', '/upload', 100 * 1024, '{"photo":"')
      await expect.poll(upload.status, { timeout: 5_000 }).toBe('408')
      // The guard ends the connection a moment later.
      await expect
        .poll(() => upload.socket.destroyed || upload.socket.readableEnded, { timeout: 5_000 })
        .toBe(true)
    })
  })

  it('answers 408 to an injected upload that trickles (its socket is a stand-in), and nothing is thrown', async () => {
    await withoutUncaught(async () => {
      const body = new Readable({ read() {} })
      body.push('{"photo":"')
      const res = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024) },
        payload: body,
      })
      expect(res.statusCode).toBe(408)
      // Past the moment the guard ends the connection.
      await new Promise((r) => setTimeout(r, 1_500))
      body.destroy()
    })
  })

  it('passes an upload that arrives in time', async () => {
    const body = JSON.stringify({ photo: 'x'.repeat(50_000) })
    const res = await fetch(`http://127.0.0.1:${port}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ bytes: body.length })
  })
})
