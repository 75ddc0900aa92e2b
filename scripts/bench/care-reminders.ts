// The care loop's figures, on the benchmark's PostgreSQL database:
// - finding who is due: the worker's sweep query at 10,000 and at 100,000 owners who are not due (its
//   plan, its shared-buffer reads and its time), an index range scan whatever the number of owners;
// - 10,000 owners due in the same minute, sent by one in-process worker to a local SMTP relay running in
//   a process of its own (smtp-relay.mjs): lateness p50/p99 (mail received minus due time), and the
//   worker process's CPU ms and database statements per reminder.

import path from 'node:path'
import pg from 'pg'
import type { Row } from './lighthouse.ts'
import { measureReminderWorker } from './reminder-worker.ts'

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

    const dueAt = new Date(Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000)
    log(`care: seeding ${DUE} owners due at ${dueAt.toISOString()}`)
    await seedOwners(client, 'due', DUE, `'${dueAt.toISOString()}'::timestamptz`)
    // The worker as the product configures it (server/jobs/care-reminders.ts DEFAULTS).
    const sent = await measureReminderWorker(databaseUrl, {
      label: 'care',
      dueAt,
      expected: DUE,
      what: 'reminders',
    })
    const ratio = large.buffers / small.buffers
    return [
      ...sent,
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
