// `npm run bench`: starts the built server on PostgreSQL with seeded data, measures it against two
// baselines on the same machine in the same run, and prints one table. Targets are ratios, so a noisy
// machine moves both sides. It reports; it does not fail.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createTRPCClient, httpBatchStreamLink } from '@trpc/client'
import autocannon from 'autocannon'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { openPostgres } from '../server/db.ts'
import type { AppRouter } from '../server/routers/index.ts'
import { createTokenService } from '../server/services/tokens.ts'
import { calendarFeedRows } from './bench/calendar-feed.ts'
import { careReminderRows } from './bench/care-reminders.ts'
import { doseReminderRows } from './bench/dose-reminders.ts'
import { lighthouseRows } from './bench/lighthouse.ts'
import { measureThroughNginx } from './bench/nginx.ts'
import { startOpenAiDouble } from './bench/openai-double.ts'
import { photoBenchRows } from './bench/photos.ts'
import { progressRows } from './bench/progress.ts'
import { safetyScoreboardRows } from './bench/safety-scoreboard.ts'
import { secondReaderRows } from './bench/second-reader.ts'
import { triageRows } from './bench/triage.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing'
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
/** The load figures are measured in turns, this many rounds, and each reports its median round. */
const ROUNDS = 3
const CONNECTIONS = 16
const WARM_UP_SECONDS = 3
const CHAT_SAMPLES = 40
const FIRST_TOKEN_DELAY_MS = 150

/**
 * `npm run bench -- --only read,photos`: only those sections (the load rows, the photo rows, …), for
 * working on one figure without running the whole bench on a shared machine. Sections: SECTIONS.
 */
const SECTIONS = [
  'read',
  'nginx',
  'chat',
  'memory',
  'photos',
  'login',
  'lighthouse',
  'triage',
  'second-reader',
  'progress',
  'calendar-feed',
  'care',
  'doses',
  'reminders',
  'safety',
] as const
type Section = (typeof SECTIONS)[number]
const onlyArg = process.argv.indexOf('--only')
const only = onlyArg >= 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : null
for (const name of only ?? []) {
  if (!(SECTIONS as readonly string[]).includes(name))
    throw new Error(`--only ${name}: not a section (${SECTIONS.join(', ')})`)
}
const want = (section: Section) => !only || only.has(section)
/** Sections that load the built client; without them only the server is built. */
const CLIENT_SECTIONS: Section[] = ['login', 'lighthouse', 'progress']

const now = () => performance.timeOrigin + performance.now()
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN
}

function log(message: string) {
  process.stderr.write(`bench: ${message}\n`)
}

async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitForHttp(url: string, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).status < 500) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

async function startProcess(args: string[], env: Record<string, string>, probe: string) {
  const port = await freePort()
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  await waitForHttp(`${base}${probe}`, child)
  return { child, base }
}

function currentRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

interface LoadTarget {
  url: string
  headers?: Record<string, string>
  /** The process serving it: its CPU time per request is reported beside the rate. */
  pid?: number
}

/** A process's user + system CPU time in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function loadOnce({ url, headers = {}, pid }: LoadTarget, seconds: number) {
  const cpuBefore = cpuMs(pid)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers })
  const cpuUsPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total)
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUsPerRequest,
  }
}

/**
 * Every target gets the same warm-up (none is measured while its JIT is still compiling), then the
 * targets take turns for ROUNDS rounds, so that a machine slowing down for a while (a neighbour on a
 * shared host) weighs on every figure alike. Each figure is its median round.
 */
async function loadInTurns<K extends string>(targets: Record<K, LoadTarget>) {
  const names = Object.keys(targets) as K[]
  for (const name of names) await loadOnce(targets[name], WARM_UP_SECONDS)
  const rounds = new Map<K, Awaited<ReturnType<typeof loadOnce>>[]>(names.map((name) => [name, []]))
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of names) {
      const run = await loadOnce(targets[name], LOAD_SECONDS)
      const cpu = targets[name].pid ? `, ${run.cpuUsPerRequest.toFixed(0)} µs CPU a request` : ''
      log(`round ${round}/${ROUNDS}: ${name} ${run.rps.toFixed(0)} req/s${cpu}`)
      rounds.get(name)!.push(run)
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const runs = rounds.get(name)!
      const errors = runs.reduce((sum, run) => sum + run.errors, 0)
      if (errors) log(`${targets[name].url}: ${errors} errors / non-2xx`)
      return [
        name,
        {
          rps: median(runs.map((r) => r.rps)),
          p99: median(runs.map((r) => r.p99)),
          cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
          errors,
        },
      ]
    }),
  ) as Record<K, { rps: number; p99: number; cpuUsPerRequest: number; errors: number }>
}

async function prepareDatabase({
  own = false,
}: {
  own?: boolean
} = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL && !own) return { url: process.env.DATABASE_URL, drop: async () => {} }
  const name = `kitty_bench_${own ? 'care_' : ''}${Date.now()}`
  const admin = 'postgresql://postgres@127.0.0.1:5432/postgres'
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  await run(`CREATE DATABASE "${name}"`)
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  }
}

/**
 * The care rows on a database of their own: the benchmark's app server, still running, has its own job
 * worker, which would otherwise take the due reminders from the worker being measured (it sent 8,400 of
 * 10,000 as log lines, and the row counted 1,600).
 */
async function careRows(log: (line: string) => void) {
  const care = await prepareDatabase({ own: true })
  try {
    execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: care.url },
      stdio: 'ignore',
    })
    return await careReminderRows(care.url, log)
  } finally {
    await care.drop()
  }
}

/** The dose reminders' rows on a database of their own, for the same reason as the care rows. */
async function doseRows(log: (line: string) => void) {
  const doses = await prepareDatabase({ own: true })
  try {
    execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: doses.url },
      stdio: 'ignore',
    })
    return await doseReminderRows(doses.url, log)
  } finally {
    await doses.drop()
  }
}

/** The safety scoreboard's row on a database of its own (a million seeded messages stay out of the rest). */
async function safetyRows(log: (line: string) => void) {
  const safety = await prepareDatabase({ own: true })
  try {
    execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: safety.url },
      stdio: 'ignore',
    })
    return await safetyScoreboardRows(safety.url, log)
  } finally {
    await safety.drop()
  }
}

async function seed(url: string) {
  const { prisma, close } = await openPostgres(url)
  const reader = await prisma.user.create({
    data: { email: `reader-${Date.now()}@bench.local`, firstName: 'Bench' },
  })
  for (let i = 1; i <= 5; i++) {
    await prisma.cat.create({
      data: {
        userId: reader.id,
        name: `Cat ${i}`,
        breed: 'Siamese',
        age: i,
        weight: 8 + i,
        goals: ['Lose Weight'],
      },
    })
  }
  const chatter = await prisma.user.create({
    data: { email: `chatter-${Date.now()}@bench.local`, firstName: 'Chat' },
  })
  const cat = await prisma.cat.create({
    data: { userId: chatter.id, name: 'Luna', breed: 'Maine Coon', age: 4 },
  })
  await prisma.subscription.create({
    data: {
      userId: chatter.id,
      email: chatter.email,
      plan: 'Free Trial',
      provider: 'demo',
      billingPeriod: 'Monthly',
      status: 'trialing',
      startDate: new Date(),
      endDate: new Date(Date.now() + 86_400_000),
    },
  })
  const conversationWith = async (count: number) => {
    const conversation = await prisma.conversation.create({ data: { userId: chatter.id } })
    await prisma.conversationMessage.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        conversationId: conversation.id,
        role: i % 2 ? 'assistant' : 'user',
        content: `Message ${i}: ${'How much should my cat eat and play each day? '.repeat(3)}`,
      })),
    })
    return conversation.id
  }
  const small = await conversationWith(10)
  const large = await conversationWith(1000)
  const smallUpstream = await conversationWith(10)
  const largeUpstream = await conversationWith(1000)
  await close()
  return { reader, chatter, catId: cat.id, small, large, smallUpstream, largeUpstream }
}

function chatClient(base: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchStreamLink({ url: `${base}/trpc`, headers: { authorization: `Bearer ${token}` } })],
  })
}

let messageCounter = 0
async function sendOnce(client: ReturnType<typeof chatClient>, conversationId: number, catId: number) {
  const started = now()
  let firstPieceAt = 0
  const stream = await client.conversation.send.mutate({
    conversationId,
    catId,
    content: 'What should I feed her and how much?',
    clientId: `bench-${process.pid}-${++messageCounter}`,
  })
  for await (const _piece of stream) {
    if (!firstPieceAt) firstPieceAt = now()
  }
  return { total: now() - started, firstPieceAt, untilFirstPiece: firstPieceAt - started }
}

async function loginPageGzipKb(base: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  const page = await browser.newPage()
  const bodies: Promise<Buffer>[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) bodies.push(response.body())
  })
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' })
  let bytes = 0
  for (const body of await Promise.all(bodies)) bytes += zlib.gzipSync(body, { level: 9 }).length
  await browser.close()
  return bytes / 1024
}

/**
 * The machine's own figures at a moment, printed beside every absolute time (docs/benchmark.md): a fixed
 * CPU loop (SHA-256 of 1 MB, 20 times, median of 5) and the load average. A time measured while the loop
 * took twice as long says the machine was busy, not that the code got slower.
 */
function machineNow(): string {
  const block = Buffer.alloc(1 << 20, 7)
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    for (let j = 0; j < 20; j++) crypto.createHash('sha256').update(block).digest()
    times.push(performance.now() - started)
  }
  return `machine: CPU loop ${median(times).toFixed(0)} ms, load ${os.loadavg()[0]!.toFixed(1)}`
}

type Row = [figure: string, measured: string, target: string, met: boolean | null]

/** Rows of one section with the machine's figures beside their absolute times. */
async function section(name: Section, rows: () => Promise<Row[]> | Row[]): Promise<Row[]> {
  if (!want(name)) return []
  log(`section ${name}`)
  const machine = machineNow()
  return (await rows()).map(([figure, measured, target, met]) => [
    figure,
    /\d (ms|s|µs)\b/.test(measured) ? `${measured} (${machine})` : measured,
    target,
    met,
  ])
}

async function main() {
  const needsClient = CLIENT_SECTIONS.some(want)
  log(needsClient ? 'building' : 'building the server')
  execFileSync('npm', ['run', needsClient ? 'build' : 'build:server', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // What the server's modules hold at start (scripts/bench/module-heap.mjs), printed before the table.
  const moduleHeap = execFileSync(
    process.execPath,
    ['--expose-gc', ...SERVER_NODE_FLAGS, 'scripts/bench/module-heap.mjs'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  const database = await prepareDatabase()
  const processes: ChildProcess[] = []
  const upstream = await startOpenAiDouble({ firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, tokenDelayMs: 5 })
  try {
    log('migrating and seeding')
    execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: 'ignore',
    })
    const data = await seed(database.url)
    // Tokens name a server-side session: the rows are made in the benchmark's database.
    const sessionsDb = await openPostgres(database.url)
    const tokens = createTokenService({ secret: JWT_SECRET, ttlSeconds: 3600, db: sessionsDb.prisma })
    const readerToken = (await tokens.issue({ ...data.reader, fullName: '' })).token
    const chatterToken = (await tokens.issue({ ...data.chatter, fullName: '' })).token
    await sessionsDb.close()

    // The app runs as `npm start` runs it: SERVER_NODE_FLAGS and SERVER_ENV; the baselines run stock.
    const serverEnv = {
      ...SERVER_ENV,
      DATABASE_URL: database.url,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      GLOBAL_RATE_PER_MINUTE: '100000000',
      CHAT_RATE_PER_MINUTE: '100000000',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-bench-')),
    }
    // BENCH_SERVER_FLAGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: the measured server only.
    const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)
    const app = await startProcess(
      [...SERVER_NODE_FLAGS, ...extraFlags, 'dist/server/server/main.js'],
      serverEnv,
      '/healthz',
    )
    processes.push(app.child)
    const idleRss = currentRssMb(app.child.pid!)
    const withUpstream = await startProcess(
      [...SERVER_NODE_FLAGS, 'dist/server/server/main.js'],
      { ...serverEnv, OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: upstream.url, OPENAI_MODEL: 'bench-model' },
      '/healthz',
    )
    processes.push(withUpstream.child)
    const baseEnv = { DATABASE_URL: database.url, BENCH_USER_ID: String(data.reader.id) }
    // tsx as a loader in the baselines' own process (its CLI would run them in a child), so that their
    // CPU time is read from the process that serves.
    const tsx = ['--import', 'tsx']
    const auth = { authorization: `Bearer ${readerToken}` }
    let loadErrors = 0

    const readRows = await section('read', async () => {
      const limitServer = await startProcess([...tsx, 'scripts/bench/baseline-pg.ts'], baseEnv, '/cats')
      processes.push(limitServer.child)
      const typical = await startProcess(
        [...tsx, 'scripts/bench/baseline-trpc-prisma.ts'],
        baseEnv,
        '/trpc/cats',
      )
      processes.push(typical.child)
      const { a, b, trpcRead, restRead } = await loadInTurns({
        a: { url: `${limitServer.base}/cats`, pid: limitServer.child.pid },
        b: { url: `${typical.base}/trpc/cats`, pid: typical.child.pid },
        trpcRead: { url: `${app.base}/trpc/cat.list`, headers: auth, pid: app.child.pid },
        restRead: { url: `${app.base}/api/supabase/cats`, headers: auth, pid: app.child.pid },
      })
      const cpu = (x: { cpuUsPerRequest: number }) => `${x.cpuUsPerRequest.toFixed(0)} µs CPU a read`
      loadErrors += a.errors + b.errors + trpcRead.errors + restRead.errors
      return [
        [
          'A: bare Fastify + `pg`, same SQL as the cats read (the limit)',
          `${a.rps.toFixed(0)} req/s`,
          '—',
          null,
        ],
        [
          'B: stock tRPC Fastify adapter + Prisma findMany, no auth',
          `${b.rps.toFixed(0)} req/s, ${cpu(b)}`,
          '—',
          null,
        ],
        [
          'authenticated cats read via /trpc (token check + Prisma)',
          `${trpcRead.rps.toFixed(0)} req/s, p99 ${trpcRead.p99} ms (${(trpcRead.rps / b.rps).toFixed(2)} × B, ${(trpcRead.rps / a.rps).toFixed(2)} × A), ${cpu(trpcRead)}`,
          '≥ 0.5 × A',
          trpcRead.rps >= 0.5 * a.rps,
        ],
        [
          'the same procedure via REST GET /api/supabase/cats',
          `${restRead.rps.toFixed(0)} req/s, p99 ${restRead.p99} ms (${((100 * restRead.rps) / a.rps).toFixed(0)} % of A), ${cpu(restRead)}`,
          '≥ 60 % of A',
          restRead.rps >= 0.6 * a.rps,
        ],
      ]
    })

    // The same cats read through nginx, in front of one instance and of two (the second is the built
    // server the upstream figures use: the same code and database).
    // Without nginx (not installed) the row says so instead of the run dying after all its rounds.
    const nginxRows = await section('nginx', async () => {
      const proxied = await measureThroughNginx(app.base, withUpstream.base, (one, two) =>
        loadInTurns({
          one: { url: `${one}/api/supabase/cats`, headers: auth },
          two: { url: `${two}/api/supabase/cats`, headers: auth },
        }),
      )
      if (!('note' in proxied)) loadErrors += proxied.one.errors + proxied.two.errors
      return [
        [
          'cats read via REST through nginx, two instances vs one',
          'note' in proxied
            ? `not measured: ${proxied.note}`
            : `${proxied.two.rps.toFixed(0)} vs ${proxied.one.rps.toFixed(0)} req/s (ratio ${(proxied.two.rps / proxied.one.rps).toFixed(2)})`,
          '—',
          null,
        ],
      ]
    })

    const chatRows = await section('chat', async () => {
      // Until the first piece: the owner's message stored, the history read and the reply begun. The
      // whole reply is paced like a live model's (offline assistant), so its length would only measure that.
      log('chat message store time at 10 and 1,000 messages (offline assistant)')
      const client = chatClient(app.base, chatterToken)
      await sendOnce(client, data.small, data.catId) // warm-up
      const storeSmall: number[] = []
      const storeLarge: number[] = []
      for (let i = 0; i < CHAT_SAMPLES; i++) {
        storeSmall.push((await sendOnce(client, data.small, data.catId)).untilFirstPiece)
        storeLarge.push((await sendOnce(client, data.large, data.catId)).untilFirstPiece)
      }
      log('upstream characters and first token (OpenAI-compatible double)')
      const upstreamClient = chatClient(withUpstream.base, chatterToken)
      const charsFor = async (conversationId: number) => {
        const before = upstream.requests.length
        await sendOnce(upstreamClient, conversationId, data.catId)
        const body = upstream.requests[before]?.body as { messages?: { content?: string }[] } | undefined
        return (body?.messages ?? []).reduce((sum, m) => sum + (m.content?.length ?? 0), 0)
      }
      const charsSmall = await charsFor(data.smallUpstream)
      const charsLarge = await charsFor(data.largeUpstream)
      const added: number[] = []
      for (let i = 0; i < 10; i++) {
        const before = upstream.requests.length
        const { firstPieceAt } = await sendOnce(upstreamClient, data.smallUpstream, data.catId)
        const upstreamFirst = upstream.requests[before]?.firstTokenAt
        if (upstreamFirst) added.push(firstPieceAt - upstreamFirst)
      }
      const storeRatio = median(storeLarge) / median(storeSmall)
      return [
        [
          'server time to store a chat message and begin the reply, 1,000 vs 10 messages',
          `${median(storeLarge).toFixed(1)} ms vs ${median(storeSmall).toFixed(1)} ms (ratio ${storeRatio.toFixed(2)})`,
          'ratio ≤ 1.2',
          storeRatio <= 1.2,
        ],
        [
          'characters sent upstream per message, 1,000 vs 10 messages',
          `${charsLarge} vs ${charsSmall} (ratio ${(charsLarge / charsSmall).toFixed(2)})`,
          'ratio ≤ 1.5',
          charsLarge / charsSmall <= 1.5,
        ],
        [
          `first streamed token vs the upstream's own (upstream delay ${FIRST_TOKEN_DELAY_MS} ms)`,
          `+${median(added).toFixed(1)} ms (median of ${added.length})`,
          '≤ 10 ms added',
          median(added) <= 10,
        ],
      ]
    })

    const memoryRows = await section('memory', () => {
      const rss = Math.max(peakRssMb(app.child.pid!), peakRssMb(withUpstream.child.pid!))
      return [
        [
          'server RSS at start (idle, before any load)',
          `${idleRss.toFixed(0)} MB`,
          '≤ 110 MB',
          idleRss <= 110,
        ],
        [
          `server peak RSS during the run (${only ? `sections ${[...only].join(', ')}` : 'every section before the photos'})`,
          `${rss.toFixed(0)} MB`,
          '≤ 150 MB',
          rss <= 150,
        ],
      ]
    })
    // After the run's own RSS figure: the photo rows reset the server's peak for their own.
    const photoRows = await section('photos', () =>
      photoBenchRows({ base: app.base, pid: app.child.pid!, token: chatterToken, log }),
    )
    const loginRows = await section('login', async () => {
      const gzipKb = await loginPageGzipKb(app.base)
      return [
        ['gzip size of the JavaScript /login loads', `${gzipKb.toFixed(1)} KB`, '≤ 120 KB', gzipKb <= 120],
      ]
    })
    const lighthouse = await section('lighthouse', () => lighthouseRows(app.base, log))
    const triage = await section('triage', () => triageRows())
    const progress = await section('progress', () =>
      progressRows({ base: app.base, databaseUrl: database.url, jwtSecret: JWT_SECRET, log }),
    )
    const secondReader = await section('second-reader', () => secondReaderRows(log))
    const calendarFeed = await section('calendar-feed', () =>
      calendarFeedRows({ base: app.base, databaseUrl: database.url, jwtSecret: JWT_SECRET, log }),
    )
    const care = await section('care', () => careRows(log))
    const doses = await section('doses', () => doseRows(log))
    const safety = await section('safety', () => safetyRows(log))

    const rows: Row[] = [
      ...readRows,
      ...chatRows,
      ...nginxRows,
      ...memoryRows,
      ...photoRows,
      ...loginRows,
      ...lighthouse,
      ...triage,
      ...secondReader,
      ...progress,
      ...calendarFeed,
      ...care,
      ...doses,
      ...safety,
    ]
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
    console.log(
      `\nKitty Care benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${cpu}, ` +
        `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL on 127.0.0.1, ` +
        `${CONNECTIONS} connections, each load figure the median of ${ROUNDS} turns of ${LOAD_SECONDS} s, ${loadErrors} load errors` +
        `${only ? `, sections ${[...only].join(', ')} only` : ''}, ${machineNow()}\n`,
    )
    console.log(`Server heap by module group at start (heap used after a full collection):\n\n${moduleHeap}`)
    console.log('| figure | measured | target | met |')
    console.log('|---|---|---|---|')
    for (const [figure, measured, target, met] of rows) {
      console.log(`| ${figure} | ${measured} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |`)
    }
  } finally {
    for (const child of processes) child.kill('SIGTERM')
    await upstream.close()
    await new Promise((r) => setTimeout(r, 500))
    await database.drop().catch(() => {})
  }
}

await main()
