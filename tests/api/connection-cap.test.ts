// One address cannot take every connection: 520 idle connections from one address
// used to fill the server's 512 and refuse everyone else. Each address now holds at most
// HTTP_LIMITS.maxConnectionsPerAddress; another address is still served. Loopback has a whole /8, so
// the second address is 127.0.0.2.
import net from 'node:net'
import { afterAll, expect, it } from 'vitest'
import { HTTP_LIMITS } from '../../server/http/http-limits.ts'
import { suiteApp, suiteListening } from '../helpers/app.ts'

const t = suiteApp()
const server = suiteListening(t)
const idle: net.Socket[] = []
afterAll(() => {
  for (const socket of idle) socket.destroy()
})

/** An idle connection from `localAddress`; resolves once connected, tells when the server closes it. */
function open(localAddress: string): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress })
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.once('connect', () => resolve({ socket, closed }))
    socket.once('error', reject)
  })
}

function healthFrom(localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress })
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
      if (text.includes('"status"')) socket.end()
    })
    socket.on('error', (error) => resolve(`error ${error.message}`))
    socket.on('close', () => resolve(text || 'closed without an answer'))
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
  })
}

it('520 idle connections from one address leave the server to everyone else', async () => {
  const opened = []
  for (let i = 0; i < 520; i++) {
    const connection = await open('127.0.0.1')
    idle.push(connection.socket)
    opened.push(connection)
  }
  // Past the cap, the server closes them at once (their closing is awaited, not timed).
  const cap = HTTP_LIMITS.maxConnectionsPerAddress
  await Promise.all(opened.slice(cap).map((c) => c.closed))
  expect(cap).toBeLessThanOrEqual(64)
  const answer = await healthFrom('127.0.0.2')
  expect(answer).toMatch(/^HTTP\/1\.1 200 /)
})
