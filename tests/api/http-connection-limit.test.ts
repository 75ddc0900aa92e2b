// A keep-alive connection serves HTTP_LIMITS.maxRequestsPerSocket requests; the last answer says
// `Connection: close` and the server then closes the connection itself. Node alone only writes the
// header: a client that ignores it (autocannon, some proxies) got a bare 503 for every later request,
// forever, on that socket.
import net from 'node:net'
import { expect, it } from 'vitest'
import { HTTP_LIMITS } from '../../server/http/http-limits.ts'
import { suiteApp, suiteListening } from '../helpers/app.ts'

const t = suiteApp()
const server = suiteListening(t)

/** Sends requests one after another on one connection, as a client that ignores `Connection: close`. */
function keepSending(
  count: number,
): Promise<{ statuses: number[]; closeHeaders: number[]; closedAfter: number }> {
  return new Promise((resolve, reject) => {
    const statuses: number[] = []
    const closeHeaders: number[] = []
    let buffer = ''
    const socket = net.connect(server.port, '127.0.0.1')
    const send = () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n')
        if (headEnd < 0) return
        const head = buffer.slice(0, headEnd)
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
        if (buffer.length < headEnd + 4 + length) return
        buffer = buffer.slice(headEnd + 4 + length)
        statuses.push(Number(head.split(' ')[1]))
        if (/^connection:\s*close/im.test(head)) closeHeaders.push(statuses.length)
        if (statuses.length < count) send()
      }
    })
    socket.on('close', () => resolve({ statuses, closeHeaders, closedAfter: statuses.length }))
    socket.on('error', reject)
    setTimeout(() => {
      socket.destroy()
      resolve({ statuses, closeHeaders, closedAfter: -1 })
    }, 10_000).unref()
    send()
  })
}

it('closes a connection after its last allowed request instead of answering 503 on it', async () => {
  const max = HTTP_LIMITS.maxRequestsPerSocket
  const { statuses, closeHeaders, closedAfter } = await keepSending(max + 5)
  expect(statuses.filter((s) => s !== 200)).toEqual([])
  expect(closeHeaders).toEqual([max])
  expect(closedAfter).toBe(max)
}, 30_000)
