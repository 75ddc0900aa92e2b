import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { createContextInner } from '../../server/context.ts'
import type { Database, Db } from '../../server/db.ts'
import type { BossOptions } from '../../server/jobs/boss.ts'
import type { CareWorkerOptions } from '../../server/jobs/care-reminders.ts'
import { type Jobs, startJobs } from '../../server/jobs/index.ts'
import type { RecordReminderOptions } from '../../server/jobs/record-reminders.ts'
import { createLogger } from '../../server/logger.ts'
import { createCaller } from '../../server/routers/index.ts'
import { createServices } from '../../server/services/index.ts'
import type { Services } from '../../server/services/services.ts'
import { freshDatabase } from './database.ts'

export interface TestApp {
  app: FastifyInstance
  services: Services
  db: Db
  /** The database the app runs on (its job queue uses it too). */
  database: Database
  /** The background worker, when the test asked for it (`jobs`); null otherwise. */
  jobs: Jobs | null
  /** Every log line the server wrote, for assertions that secrets stay out of them. */
  logs: string[]
  /** A tRPC caller with no HTTP, as an anonymous visitor or with a session token. */
  caller(token?: string | null): Promise<ReturnType<typeof createCaller>>
  /**
   * Creates a user row and a session token for it, without going through sign-in. `proven`: the account's
   * address is proved and the session says so, as after a code sign-in (operators, accepting an invitation).
   */
  signIn(
    email?: string,
    names?: { firstName?: string; fullName?: string },
    options?: { proven?: boolean },
  ): Promise<{ id: number; token: string }>
  close(): Promise<void>
}

let userCounter = 0

/** The config a test app runs with, on `dataDir`; `env` adds or replaces settings ('' unsets one). */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'info',
    ...env,
  })
}

/**
 * A whole app on a fresh database, with outside services replaced where the test says so. With
 * `database`, the app runs on that one instead (shared with other apps; the caller closes it).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    overrides?: Partial<Services>
    clientDir?: string
    database?: Database
    /** Start the job worker (check-in reminders) too; off by default so other files stay fast. */
    jobs?: boolean | (BossOptions & CareWorkerOptions & RecordReminderOptions)
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-test-'))
  const config = testConfig(dataDir, options.env)
  const logs: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const log = createLogger(config.LOG_LEVEL, sink)
  const services = await createServices(config, database.prisma, log, options.overrides)
  const app = await buildApp({ services, clientDir: options.clientDir ?? path.join(dataDir, 'no-client') })
  await app.ready()
  const jobs = options.jobs
    ? await startJobs(database, services, options.jobs === true ? {} : options.jobs)
    : null

  return {
    app,
    services,
    db: database.prisma,
    database,
    jobs,
    logs,
    caller: async (token) => createCaller(await createContextInner({ services, token })),
    async signIn(email, names = {}, options = {}) {
      const address = email ?? `owner${++userCounter}-${Date.now()}@example.com`
      const proven = options.proven === true
      const user = await database.prisma.user.upsert({
        where: { email: address },
        update: proven ? { emailVerifiedAt: new Date() } : {},
        create: {
          email: address,
          firstName: names.firstName ?? 'Test',
          fullName: names.fullName ?? 'Test Owner',
          ...(proven ? { emailVerifiedAt: new Date() } : {}),
        },
      })
      const { token } = await services.tokens.issue({ ...user, emailVerified: proven })
      return { id: user.id, token }
    },
    async close() {
      await app.close()
      await jobs?.stop()
      if (!options.database) await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A tRPC mutation over HTTP (POST /trpc/<procedure>) as the holder of `token`, as a browser sends it. */
export function postTrpc(
  t: Pick<TestApp, 'app'>,
  procedure: string,
  payload: Record<string, unknown>,
  token: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    payload,
    headers: { authorization: `Bearer ${token}` },
  })
}

/** A REST POST as a browser sends it (a session token, a client address, more headers if told). */
export async function postRest(
  t: Pick<TestApp, 'app'>,
  url: string,
  payload: unknown = {},
  options: {
    token?: string | undefined
    remoteAddress?: string | undefined
    headers?: Record<string, string>
  } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

/** A REST request as the owner of `token`, with a JSON body when `payload` is given: its status and JSON answer. */
export async function restAs<Body = Record<string, unknown>>(
  t: Pick<TestApp, 'app'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })
  return { status: response.statusCode, body: response.json() as Body }
}

/**
 * The app of a test file (or describe block): started by `start` before its tests, closed after them
 * (then `after` runs). The TestApp returned reads the live one, so tests use it like the app itself.
 */
export function suiteApp(
  start: () => Promise<TestApp> = () => createTestApp(),
  after: () => Promise<unknown> = async () => {},
): TestApp {
  let live: TestApp | undefined
  beforeAll(async () => {
    live = await start()
  })
  afterAll(async () => {
    await live?.close()
    await after()
  })
  const now = () => {
    if (!live) throw new Error('The test app starts in beforeAll: use it inside a test.')
    return live
  }
  return {
    get app() {
      return now().app
    },
    get services() {
      return now().services
    },
    get db() {
      return now().db
    },
    get database() {
      return now().database
    },
    get jobs() {
      return now().jobs
    },
    get logs() {
      return now().logs
    },
    caller: (token) => now().caller(token),
    signIn: (email, names, options) => now().signIn(email, names, options),
    close: () => now().close(),
  }
}

/**
 * A double (a local stand-in for an outside service) and the suite's app configured against it: the
 * double starts first, the app is made from it, and both stop after the tests (the app first).
 */
export function suiteAppWithDouble<D extends { close(): Promise<unknown> }>(
  startDouble: () => Promise<D>,
  start: (double: D) => Promise<TestApp>,
): { t: TestApp; readonly double: D } {
  let double: D | undefined
  const t = suiteApp(
    async () => {
      double = await startDouble()
      return start(double)
    },
    async () => {
      await double?.close()
    },
  )
  return {
    t,
    get double() {
      if (!double) throw new Error('The double starts in beforeAll: use it inside a test.')
      return double
    },
  }
}

/**
 * Has the suite's app (suiteApp, registered before this) listen on a free loopback port before the
 * tests, for the tests that need real sockets. After them its connections are cut before the app
 * closes: Node's fetch may keep a spare connection open (after an aborted stream), which would hold
 * up the close.
 */
export function suiteListening(t: TestApp): { readonly port: number; readonly url: string } {
  let url: string | undefined
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => {
    if (url) t.app.server.closeAllConnections()
  })
  const live = () => {
    if (!url) throw new Error('The app listens in beforeAll: use it inside a test.')
    return url
  }
  return {
    get port() {
      return Number(new URL(live()).port)
    },
    get url() {
      return live()
    },
  }
}
