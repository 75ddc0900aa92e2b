// The health record's dose reminders (docs/health-record.md, "Dose reminders"), on a database of their
// own: 10,000 medications whose next dose falls in the same minute, sent by one in-process worker
// configured as the product is (server/jobs/record-reminders.ts) to the local SMTP relay in a process
// of its own (smtp-relay.mjs): lateness p50/p99/last (the relay's receipt minus the due time), none
// twice, and the worker process's CPU ms and database statements per reminder.

import path from 'node:path'
import pg from 'pg'
import type { Row } from './lighthouse.ts'
import { measureReminderWorker } from './reminder-worker.ts'

const DUE = 10_000
/** The due minute starts this far after seeding, so the worker is up before it. */
const LEAD_MS = 20_000

/** DUE owners, each a cat with a plan (its check-ins days away) and one medication due at `dueAt`. */
async function seedDoses(client: pg.Client, dueAt: Date) {
  await client.query(
    `WITH u AS (
       INSERT INTO users (email, first_name, updated_at)
       SELECT 'dose-bench-' || g || '@example.com', 'Ada', now() FROM generate_series(1, $1::int) g
       RETURNING id),
     c AS (
       INSERT INTO cats (user_id, name, food_bowls, treats, playtime, updated_at)
       SELECT id, 'Cat ' || id, 2, 2, 30, now() FROM u RETURNING id, user_id),
     p AS (
       INSERT INTO care_plans (cat_id, user_id, check_in_period, reminder_time, timezone, next_check_in_at,
                               unsubscribe_token, updated_at)
       SELECT id, user_id, 'Daily', '09:00', 'UTC', now() + interval '2 days', md5(random()::text) || id, now()
       FROM c RETURNING cat_id)
     INSERT INTO medications (cat_id, name, dose, times, start_on, next_dose_at)
     SELECT cat_id, 'Methimazole', '2.5 mg', ARRAY[to_char($2::timestamptz AT TIME ZONE 'UTC', 'HH24:MI')],
            ($2::timestamptz AT TIME ZONE 'UTC')::date, $2::timestamptz AT TIME ZONE 'UTC' FROM p`,
    [DUE, dueAt.toISOString()],
  )
  await client.query('ANALYZE medications')
}

export async function doseReminderRows(databaseUrl: string, log: (line: string) => void): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // On a minute's first second, as a dose time is.
    const dueAt = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000)
    log(`doses: seeding ${DUE} medications due at ${dueAt.toISOString()}`)
    await seedDoses(client, dueAt)
    // The worker as the product configures it (its sweep every 15 s: server/jobs/record-reminders.ts).
    return [
      ...(await measureReminderWorker(databaseUrl, {
        label: 'doses',
        dueAt,
        expected: DUE,
        what: 'dose reminders',
      })),
    ]
  } finally {
    await client.end()
  }
}

/** `tsx scripts/bench/dose-reminders.ts <postgresql://…>`: the rows alone, on a database migrated already. */
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const url = process.argv[2] ?? process.env.DATABASE_URL
  if (!url) throw new Error('usage: tsx scripts/bench/dose-reminders.ts postgresql://…')
  const rows = await doseReminderRows(url, (line) => process.stderr.write(`${line}\n`))
  for (const [figure, measured, target, met] of rows) {
    process.stdout.write(
      `| ${figure} | ${measured} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |\n`,
    )
  }
}
