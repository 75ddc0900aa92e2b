// A Redis for the tests that need one, so `npm test` passes on any machine: the one at REDIS_URL (or
// 127.0.0.1:6379) when it answers; else a `redis-server` started on a free port when the binary is
// installed (stopped by `stop`); else none, with the reason, and the caller skips saying so.
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'

export interface TestRedis {
  url: string
  /** Where it came from, for the test's name: 'REDIS_URL', 'started redis-server'. */
  source: string
  stop(): Promise<void>
}

export type FoundRedis = { redis: TestRedis; missing: null } | { redis: null; missing: string }

const DEFAULT_URL = 'redis://127.0.0.1:6379'

/** True when a Redis answers PING at `url` within a second. */
export function answersPing(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1_000, () => done(false))
    socket.on('error', () => done(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/** Starts `binary` on a free port with nothing persisted; null when it cannot be started. */
async function startServer(binary: string): Promise<TestRedis | null> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess
  try {
    child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
  } catch {
    return null
  }
  const exited = new Promise<null>((resolve) => {
    child.once('error', () => resolve(null))
    child.once('exit', () => resolve(null))
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await exited
  }
  for (let i = 0; i < 50; i++) {
    const state = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100, 'waiting'))])
    if (state === null) return null
    if (await answersPing(url)) return { url, source: 'started redis-server', stop }
  }
  await stop()
  return null
}

/**
 * The Redis to test against. REDIS_URL (default 127.0.0.1:6379) when it answers; otherwise a server
 * started from REDIS_SERVER_BIN (default `redis-server` on PATH); otherwise `missing` says why.
 */
export async function findTestRedis(): Promise<FoundRedis> {
  const url = process.env.REDIS_URL || DEFAULT_URL
  if (await answersPing(url)) return { redis: { url, source: url, stop: async () => {} }, missing: null }
  const binary = process.env.REDIS_SERVER_BIN || 'redis-server'
  const started = await startServer(binary)
  if (started) return { redis: started, missing: null }
  return {
    redis: null,
    missing: `no Redis answers at ${url} and \`${binary}\` could not be started: install redis-server or set REDIS_URL`,
  }
}
