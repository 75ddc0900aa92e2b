// Shared pieces of the resilience suite: generous limits, seeded subscribers, a listening in-process
// server, and the BUILT server as a child process.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'
import type { Database } from '../../server/db.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateLimitName,
} from '../../server/services/rate-limits.ts'
import { createTokenService } from '../../server/services/tokens.ts'
import type { TestApp } from '../helpers/app.ts'
import { freshDatabase } from '../helpers/database.ts'

/** Every procedure-level limit out of the way, so load reaches the procedures. */
export function generousLimits() {
  const rules = Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { points: 1_000_000_000, durationSeconds: 60 }]),
  ) as Record<RateLimitName, { points: number; durationSeconds: number }>
  return createRateLimits(rules)
}

export const GENEROUS_ENV = {
  GLOBAL_RATE_PER_MINUTE: '100000000',
  CHAT_RATE_PER_MINUTE: '100000000',
  // Load from one address (the test) over more connections than one client may hold.
  MAX_CONNECTIONS_PER_ADDRESS: '100000',
}

/** The test app listening on a free port of 127.0.0.1; returns its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

export interface Subscriber {
  id: number
  email: string
  token: string
  catId: number
  conversationId: number
}

/**
 * `count` owners, each with a trialing subscription, a cat and a conversation, written in a few bulk
 * statements (the flows that make them have their own tests), with a session token each.
 */
export async function seedSubscribers(
  db: TestApp['db'],
  issue: (user: {
    id: number
    email: string
    firstName: string
    fullName: string
  }) => Promise<{ token: string }>,
  count: number,
  prefix = 'load',
): Promise<Subscriber[]> {
  const run = crypto.randomBytes(3).toString('hex')
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      email: `${prefix}-${run}-${i}@example.com`,
      firstName: 'Load',
      fullName: `Load Owner ${i}`,
    })),
  })
  const day = 86_400_000
  await db.subscription.createMany({
    data: users.map((u) => ({
      userId: u.id,
      email: u.email,
      plan: 'Free Trial',
      startDate: new Date(),
      endDate: new Date(Date.now() + 3 * day),
      provider: 'demo',
      billingPeriod: 'Monthly',
      status: 'trialing',
    })),
  })
  const cats = await db.cat.createManyAndReturn({
    data: users.map((u, i) => ({
      userId: u.id,
      name: `Cat ${i}`,
      breed: 'Siamese',
      age: 1 + (i % 15),
      weight: 8 + (i % 5),
      issuesFaced: ['Scratching furniture'],
    })),
  })
  const conversations = await db.conversation.createManyAndReturn({
    data: users.map((u) => ({ userId: u.id, sessionId: `session-${u.id}-${run}` })),
  })
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      email: u.email,
      token: (await issue(u)).token,
      catId: cats.find((c) => c.userId === u.id)!.id,
      conversationId: conversations.find((c) => c.userId === u.id)!.id,
    })),
  )
}

/** `seedSubscribers` for a built server: the session tokens are signed with that server's JWT_SECRET. */
function seedSubscribersFor(
  db: TestApp['db'],
  jwtSecret: string,
  count: number,
  prefix?: string,
): Promise<Subscriber[]> {
  const tokens = createTokenService({ secret: jwtSecret, ttlSeconds: 3600, db })
  return seedSubscribers(db, (u) => tokens.issue(u), count, prefix)
}

export interface Outcome {
  status: number | null
  contentType: string
  body: string
  /** A network-level failure (refused, reset, timed out), when there was no HTTP answer. */
  error: string | null
}

/** fetch that never throws and never hangs: an HTTP answer, or the network error's code. */
export async function request(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Outcome> {
  const { timeoutMs = 30_000, ...rest } = init
  try {
    const res = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) })
    const body = await res.text()
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, error: null }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const name = (error as Error).name
    const code = name === 'TimeoutError' ? 'TIMEOUT' : (cause?.code ?? cause?.message ?? String(error))
    return { status: null, contentType: '', body: '', error: code }
  }
}

/** A JSON error answer in the contract's shape, without a stack trace. */
export function isClearJsonError(outcome: Outcome): boolean {
  if (outcome.status === null || !outcome.contentType.includes('application/json')) return false
  try {
    const parsed = JSON.parse(outcome.body) as { error?: unknown }
    return typeof parsed.error === 'string' && !/\bat .+:\d+:\d+|node_modules|\.ts:\d+/.test(outcome.body)
  } catch {
    return false
  }
}

// ——— The built server ———

/**
 * Compiles the server exactly as `npm run build:server` does (tsc -p tsconfig.server.json), into a
 * git-ignored folder of this run inside the repository (the built code finds the repository root, its
 * migrations and node_modules by walking up), so parallel runs and `npm start`'s dist/ never collide.
 */
export function buildServer(): { mainJs: string; remove(): void } {
  const outDir = path.join(ROOT_DIR, 'tests/.artifacts', `server-${crypto.randomBytes(4).toString('hex')}`)
  try {
    execFileSync(
      process.execPath,
      [
        path.join(ROOT_DIR, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.server.json',
        '--outDir',
        outDir,
      ],
      { cwd: ROOT_DIR, stdio: 'pipe' },
    )
  } catch (error) {
    // A type error elsewhere still emits JavaScript; only a missing entry point stops the test.
    if (!fs.existsSync(path.join(outDir, 'server/main.js'))) throw error
  }
  return {
    mainJs: path.join(outDir, 'server/main.js'),
    remove: () => fs.rmSync(outDir, { recursive: true, force: true }),
  }
}

export interface BuiltServer {
  child: ChildProcess
  base: string
  /** Every line the process wrote (pino JSON on stdout, anything on stderr). */
  lines: string[]
  /** The first line matching `pattern` (rejects when the process exits first or after `timeoutMs`). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Runs the built server on a free port with `env`, and resolves once it is listening. `asStarted`
 * gives it the V8 flags and malloc setting `npm start` gives it (scripts/server-node-flags.mjs);
 * `supervised` starts it through `npm start`'s supervisor (scripts/supervise.mjs).
 */
export async function startBuilt(
  mainJs: string,
  env: Record<string, string>,
  {
    asStarted = false,
    supervised = false,
    nodeFlags,
  }: { asStarted?: boolean; supervised?: boolean; nodeFlags?: readonly string[] } = {},
): Promise<BuiltServer> {
  const flags = nodeFlags ?? (asStarted ? SERVER_NODE_FLAGS : ['--enable-source-maps'])
  // Supervised: through scripts/supervise.mjs, which runs the server with the same flags as `npm start`.
  const args = supervised ? [path.join(ROOT_DIR, 'scripts/supervise.mjs'), mainJs] : [...flags, mainJs]
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      ...(asStarted ? { MALLOC_ARENA_MAX: '2' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const waiters = new Set<() => void>()
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop() ?? ''
      lines.push(...parts.filter((line) => line !== ''))
      for (const wake of waiters) wake()
    })
  }
  // 'close', not 'exit': it comes after the last of the output has been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  )
  let done = false
  void exited.then(() => {
    done = true
    for (const wake of waiters) wake()
  })
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const fail = (why: string) => {
        waiters.delete(check)
        clearTimeout(timer)
        reject(new Error(`${why} ${pattern}:\n${lines.slice(-20).join('\n')}`))
      }
      const timer = setTimeout(() => fail('server did not log'), timeoutMs)
      const check = () => {
        const found = lines.find((line) => pattern.test(line))
        if (found) {
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        } else if (done) {
          fail('server exited before logging')
        }
      }
      waiters.add(check)
      check()
    })
  const listening = await waitForLine(/is listening on http:\/\/127\.0\.0\.1:\d+/)
  const base = /http:\/\/127\.0\.0\.1:\d+/.exec(listening)![0]
  return { child, base, lines, waitForLine, exited }
}

/** A fresh folder under the system's temp folder, for a built server's DATA_DIR. */
function tempDataDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kitty-${name}-`))
}

/**
 * Undoes what a built-server suite's beforeAll started, each piece only if it got that far: servers still
 * running are killed, the database closed, the build and the data folders removed.
 */
async function tearDownBuilt(parts: {
  servers?: ReadonlyArray<BuiltServer | undefined>
  database?: { close(): Promise<void> }
  build?: { remove(): void }
  dataDirs?: ReadonlyArray<string | undefined>
}): Promise<void> {
  for (const server of parts.servers ?? [])
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
  await parts.database?.close()
  parts.build?.remove()
  for (const dir of parts.dataDirs ?? []) if (dir) fs.rmSync(dir, { recursive: true, force: true })
}

export interface BuiltSuite {
  /** The suite's fresh database, open from its beforeAll on. */
  readonly database: Database & { url: string | null }
  /** The JWT_SECRET the suite's servers are started with (unless their `env` says otherwise). */
  readonly jwtSecret: string
  /** `seedSubscribersFor` on the suite's database, the tokens signed with its jwtSecret. */
  seedSubscribers(count: number, prefix?: string): Promise<Subscriber[]>
  /**
   * `startBuilt` on the suite's database with its JWT_SECRET, LOG_LEVEL=info and a data folder of
   * the server's own, then `env` (DATA_DIR there reuses a folder: a restart). The server's whole env
   * is returned with it. Every server started is killed after the tests.
   */
  start(
    env?: Record<string, string>,
    options?: Parameters<typeof startBuilt>[2],
  ): Promise<BuiltServer & { env: Record<string, string> }>
}

/**
 * The set-up of a built-server test file (or describe block): the server compiled and a fresh
 * database before its tests; after them (and after the file's own after-hooks, which run first) its
 * servers killed, the database closed, the build and the data folders removed, then `after` run
 * (what must outlive the servers: the doubles they call). `name` names the data folders.
 */
export function suiteBuilt(name: string, after: () => unknown = () => {}): BuiltSuite {
  const jwtSecret = `${name}-${crypto.randomBytes(16).toString('hex')}`
  let build: ReturnType<typeof buildServer> | undefined
  let database: (Database & { url: string | null }) | undefined
  const servers: BuiltServer[] = []
  const dataDirs: string[] = []
  beforeAll(async () => {
    build = buildServer()
    database = await freshDatabase()
  })
  afterAll(async () => {
    await tearDownBuilt({ servers, database, build, dataDirs })
    await after()
  })
  const ready = () => {
    if (!build || !database) throw new Error('The built-server suite starts in beforeAll: use it after.')
    return { build, database }
  }
  return {
    get database() {
      return ready().database
    },
    jwtSecret,
    seedSubscribers: (count, prefix) => seedSubscribersFor(ready().database.prisma, jwtSecret, count, prefix),
    async start(env = {}, options) {
      const { build, database } = ready()
      let dataDir = env.DATA_DIR
      if (!dataDir) {
        dataDir = tempDataDir(name)
        dataDirs.push(dataDir)
      }
      const full = {
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'info',
        ...env,
      }
      const server = await startBuilt(build.mainJs, full, options)
      servers.push(server)
      return { ...server, env: full }
    },
  }
}

/** The process's peak resident memory so far (VmHWM, Linux), in MB; NaN once it has exited. */
export function peakRssMb(pid: number): number {
  const status = fs.existsSync(`/proc/${pid}/status`) ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : ''
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb ? Math.round(Number(kb) / 1024) : Number.NaN
}
