// The care loop's figures, on the benchmark's PostgreSQL database:
// - finding who is due: the worker's sweep query at 10,000 and at 100,000 owners who are not due (its
//   plan, its shared-buffer reads and its time), an index range scan whatever the number of owners;
// - 10,000 owners due in the same minute, sent by one in-process worker to a local SMTP relay running in
//   a process of its own (smtp-relay.mjs): lateness p50/p99 (mail received minus due time), and the
//   worker process's CPU ms and database statements per reminder.

import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../../server/config.ts'
import { openPostgres } from '../../server/db.ts'
import { startJobs } from '../../server/jobs/index.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices } from '../../server/services/index.ts'
import type { Row } from './lighthouse.ts'

const DUE = 10_000
const NOT_DUE_SMALL = 10_000
const NOT_DUE_LARGE = 100_000
/** The due minute starts this far after seeding, so every job is queued before it. */
const LEAD_MS = 25_000

async function seedOwners(client: pg.Client, tag: string, count: number, nextSql: string) {
  await client.query(
    `WITH u AS (
       INSERT INTO users (email, first_name, updated_at)
       SELECT 'care-bench-' || $1 || '-' || g || '@example.com', 'Ada', now() FROM generate_series(1, $2::int) g
       RETURNING id),
     c AS (
       INSERT INTO cats (user_id, name, food_bowls, treats, playtime, updated_at)
       SELECT id, 'Cat ' || id, 2, 2, 30, now() FROM u RETURNING id, user_id)
     INSERT INTO care_plans (cat_id, user_id, check_in_period, reminder_time, timezone, next_check_in_at,
                             unsubscribe_token, updated_at)
     SELECT id, user_id, 'Daily', '09:00', 'UTC', ${nextSql}, md5(random()::text) || id, now() FROM c`,
    [tag, count],
  )
  await client.query('ANALYZE care_plans')
}

/** The sweep's query as the worker sends it (reminders.ts duePlans), measured by EXPLAIN ANALYZE. */
async function sweepCost(client: pg.Client) {
  const runs: Array<{ ms: number; buffers: number; node: string }> = []
  for (let i = 0; i < 15; i++) {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       SELECT cat_id, next_check_in_at FROM care_plans WHERE next_check_in_at <= now() + interval '60 seconds'
       ORDER BY next_check_in_at, cat_id LIMIT 2000`,
    )
    const plan = rows[0]['QUERY PLAN'][0]
    const nodes: string[] = []
    const walk = (n: { 'Node Type': string; Plans?: unknown[] }) => {
      nodes.push(n['Node Type'])
      for (const child of (n.Plans ?? []) as (typeof n)[]) walk(child)
    }
    walk(plan.Plan)
    runs.push({
      ms: plan['Execution Time'],
      buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'],
      node: nodes.find((n) => n.includes('Scan')) ?? nodes.join('>'),
    })
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b)
  return {
    ms: sorted[Math.floor(sorted.length / 2)]!,
    buffers: runs.at(-1)!.buffers,
    node: runs.at(-1)!.node,
  }
}

/** The mail relay (smtp-relay.mjs) in its own process: its URL, and each message's recipients and arrival. */
async function startRelay() {
  const child = fork(new URL('./smtp-relay.mjs', import.meta.url), { stdio: 'ignore' })
  const messages: Array<{ to: string[]; receivedAt: number }> = []
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject)
    child.on('message', (m: { port?: number; to?: string[]; receivedAt?: number }) => {
      if (m.port) resolve(m.port)
      else if (m.to && m.receivedAt) messages.push({ to: m.to, receivedAt: m.receivedAt })
    })
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).disconnect()),
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export async function careReminderRows(databaseUrl: string, log: (line: string) => void): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    log('care: seeding owners who are not due')
    await seedOwners(client, 'a', NOT_DUE_SMALL, `now() + interval '1 day' + random() * interval '6 days'`)
    const small = await sweepCost(client)
    await seedOwners(
      client,
      'b',
      NOT_DUE_LARGE - NOT_DUE_SMALL,
      `now() + interval '1 day' + random() * interval '6 days'`,
    )
    const large = await sweepCost(client)

    const smtp = await startRelay()
    const dueAt = new Date(Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000)
    log(`care: seeding ${DUE} owners due at ${dueAt.toISOString()}`)
    await seedOwners(client, 'due', DUE, `'${dueAt.toISOString()}'::timestamptz`)

    // Every statement the worker sends (Prisma's pool and pg-boss's both use node-postgres).
    let statements = 0
    const query = pg.Client.prototype.query
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements++
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as typeof query

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-bench-'))
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://care.example.test',
      LOG_LEVEL: 'warn',
    })
    const database = await openPostgres(databaseUrl)
    const services = await createServices(config, database.prisma, createLogger('warn'))
    // The worker as the product configures it (server/jobs/care-reminders.ts DEFAULTS).
    const jobs = await startJobs(database, services)
    const cpuBefore = process.cpuUsage()
    const statementsBefore = statements
    const deadline = dueAt.getTime() + 120_000
    while (smtp.messages.length < DUE && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
    const cpu = process.cpuUsage(cpuBefore)
    const sentStatements = statements - statementsBefore
    await jobs.stop()
    await database.close()
    pg.Client.prototype.query = query
    await smtp.close()
    fs.rmSync(dataDir, { recursive: true, force: true })

    const sent = Math.max(1, smtp.messages.length)
    const lateness = smtp.messages.map((m) => m.receivedAt - dueAt.getTime())
    const unique = new Set(smtp.messages.map((m) => m.to.join())).size
    const p50 = percentile(lateness, 50)
    const p99 = percentile(lateness, 99)
    const last = Math.max(...lateness)
    const ratio = large.buffers / small.buffers
    return [
      [
        `care: ${DUE.toLocaleString('en')} reminders due in one minute, one instance, local SMTP`,
        `${smtp.messages.length.toLocaleString('en')} sent (${unique.toLocaleString('en')} owners), lateness p50 ${(p50 / 1000).toFixed(1)} s, p99 ${(p99 / 1000).toFixed(1)} s, last ${(last / 1000).toFixed(1)} s`,
        'all within 60 s, none twice',
        smtp.messages.length === DUE && unique === DUE && last <= 60_000,
      ],
      [
        'care: cost per reminder (the worker process; the relay runs apart)',
        // Per reminder sent: a run that sent fewer than all must not look cheaper for it.
        `${((cpu.user + cpu.system) / 1000 / sent).toFixed(2)} ms CPU, ${(sentStatements / sent).toFixed(1)} statements`,
        '—',
        null,
      ],
      [
        'care: finding who is due, 100,000 vs 10,000 owners not due',
        `${large.node}; ${large.buffers} vs ${small.buffers} buffers (ratio ${ratio.toFixed(2)}), ${large.ms.toFixed(2)} vs ${small.ms.toFixed(2)} ms`,
        'ratio ≤ 1.2, index range scan',
        ratio <= 1.2 && large.node.startsWith('Index'),
      ],
    ]
  } finally {
    await client.end()
  }
}

/** `tsx scripts/bench/care-reminders.ts <postgresql://…>`: the rows alone, on a database migrated already. */
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const url = process.argv[2] ?? process.env.DATABASE_URL
  if (!url) throw new Error('usage: tsx scripts/bench/care-reminders.ts postgresql://…')
  const rows = await careReminderRows(url, (line) => process.stderr.write(`${line}\n`))
  for (const [figure, measured, target, met] of rows) {
    process.stdout.write(
      `| ${figure} | ${measured} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |\n`,
    )
  }
}
