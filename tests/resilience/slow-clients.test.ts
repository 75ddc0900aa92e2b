// Slow clients: the BUILT server as `npm start` starts it. Fifty connections that trickle a request one
// byte every 2 s (a body, headers, or nothing at all) are all answered 408 or closed within 30 s, while
// /healthz keeps answering 200 the whole time.
import net from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, GENEROUS_ENV, request, suiteBuilt } from './helpers.ts'

const suite = suiteBuilt('slow')
let server: BuiltServer

beforeAll(async () => {
  server = await suite.start(GENEROUS_ENV, { asStarted: true })
})

type Kind = 'body' | 'headers' | 'silent'

/** Opens a connection that sends its request one byte every 2 s; resolves when the server lets go. */
function trickle(base: string, kind: Kind): Promise<{ kind: Kind; ms: number; answer: string }> {
  const { port } = new URL(base)
  const head =
    'POST /api/supabase/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n'
  return new Promise((resolve) => {
    const started = Date.now()
    let answer = ''
    let timer: NodeJS.Timeout | undefined
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      let rest = kind === 'body' ? `{"email":"${'a'.repeat(990)}` : head
      if (kind === 'body') socket.write(head)
      if (kind === 'silent') rest = ''
      timer = setInterval(() => {
        if (rest === '' || socket.destroyed) return
        socket.write(rest[0]!)
        rest = rest.slice(1)
      }, 2000)
    })
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ kind, ms: Date.now() - started, answer: answer.split('\r\n')[0] ?? '' })
    })
    // The test's own guard: a connection still open after 60 s is reported as held.
    setTimeout(() => socket.destroy(), 60_000).unref()
  })
}

describe('connections that trickle their request', () => {
  it('are all cut within 30 s while /healthz keeps answering', async () => {
    const kinds: Kind[] = [
      ...Array.from({ length: 40 }, () => 'body' as const),
      ...Array.from({ length: 5 }, () => 'headers' as const),
      ...Array.from({ length: 5 }, () => 'silent' as const),
    ]
    const slow = Promise.all(kinds.map((kind) => trickle(server.base, kind)))
    let done = false
    void slow.then(() => {
      done = true
    })
    const health: Array<number | null> = []
    while (!done) {
      health.push((await request(`${server.base}/healthz`, { timeoutMs: 5_000 })).status)
      await new Promise((r) => setTimeout(r, 2000))
    }
    const results = await slow
    const held = results.filter((r) => r.ms > 30_000).map((r) => `${r.kind}: ${r.ms} ms`)
    expect(held).toEqual([])
    // Those that had started a request are told why (408); the rest are simply closed.
    expect(results.filter((r) => r.kind === 'body').every((r) => r.answer.startsWith('HTTP/1.1 408'))).toBe(
      true,
    )
    expect(health.length).toBeGreaterThan(5)
    expect(health.every((status) => status === 200)).toBe(true)
    expect(server.child.exitCode).toBeNull()
  })
})
