// The safety scoreboard's row (docs/follow-ups.md): GET /api/ops/safety's SQL over 1,000,000 chat
// messages (a year of 500,000 questions and their replies, one in ten escalated) and 50,000 follow-ups,
// for a 30-day range: the median of a few runs of the domain function on a migrated, analysed database.
import path from 'node:path'
import pg from 'pg'
import { openPostgres } from '../../server/db.ts'
import { safetyScoreboard } from '../../server/domain/ops/safety-scoreboard.ts'
import type { Row } from './lighthouse.ts'

/** Not a multiple of 10: each cat gets routine and escalated questions alike. */
const OWNERS = 2_003
const QUESTIONS = 500_000
const FOLLOW_UPS = 50_000
const RUNS = 7
const TARGET_MS = 500
const YEAR_S = 365 * 86_400

async function seed(client: pg.Client) {
  await client.query(
    `INSERT INTO users (email, first_name, updated_at)
     SELECT 'safety-bench-' || g || '@example.com', 'Ada', now() FROM generate_series(1, $1::int) g`,
    [OWNERS],
  )
  await client.query(
    `INSERT INTO cats (user_id, name, updated_at) SELECT id, 'Cat ' || id, now() FROM users WHERE email LIKE 'safety-bench-%'`,
  )
  await client.query(
    `INSERT INTO conversations (user_id, updated_at) SELECT id, now() FROM users WHERE email LIKE 'safety-bench-%'`,
  )
  // Questions then replies: the reply of question n is row n + QUESTIONS (by the order inserted).
  await client.query(
    `WITH owners AS (
       SELECT row_number() OVER (ORDER BY c.id) - 1 AS k, c.id AS cat_id, v.id AS conversation_id
       FROM cats c JOIN conversations v ON v.user_id = c.user_id
       JOIN users u ON u.id = c.user_id WHERE u.email LIKE 'safety-bench-%')
     INSERT INTO conversation_messages (conversation_id, role, content, client_id, cat_id, created_at)
     SELECT o.conversation_id, 'user', 'question ' || g, 'q' || g, o.cat_id,
            now() - make_interval(secs => ${YEAR_S} * (1 - g::float8 / $1))
     FROM generate_series(1, $1::int) g JOIN owners o ON o.k = g % $2`,
    [QUESTIONS, OWNERS],
  )
  await client.query(
    `INSERT INTO conversation_messages (conversation_id, role, content, client_id, reply_to_id, urgency, sign, created_at)
     SELECT q.conversation_id, 'assistant', 'reply', 'r' || q.id, q.id,
            CASE WHEN q.id % 10 = 0 THEN 'emergency' WHEN q.id % 10 = 5 THEN 'urgent' ELSE 'routine' END,
            CASE WHEN q.id % 10 = 0 THEN 'urinary-blockage' WHEN q.id % 10 = 5 THEN 'vomiting' END,
            q.created_at + interval '5 seconds'
     FROM conversation_messages q WHERE q.role = 'user' AND q.client_id LIKE 'q%'`,
  )
  await client.query(
    `INSERT INTO follow_ups (user_id, cat_id, conversation_id, message_id, urgency, sign, due_at, status,
                             seen_vet, finding, reason, sent_at, answered_at)
     SELECT v.user_id, q.cat_id, r.conversation_id, r.id, r.urgency, r.sign, r.created_at + interval '2 hours',
            CASE WHEN r.id % 5 < 3 THEN 'answered' ELSE 'sent' END,
            CASE WHEN r.id % 5 < 2 THEN 'yes' WHEN r.id % 5 = 2 THEN 'not_yet' END,
            CASE WHEN r.id % 5 < 2 THEN 'cystitis' END,
            CASE WHEN r.id % 5 = 2 THEN 'cost' END,
            r.created_at + interval '2 hours',
            CASE WHEN r.id % 5 < 3 THEN r.created_at + interval '3 hours' END
     FROM conversation_messages r
     JOIN conversation_messages q ON q.id = r.reply_to_id
     JOIN conversations v ON v.id = r.conversation_id
     WHERE r.urgency IN ('emergency', 'urgent') AND r.sign IS NOT NULL
     ORDER BY r.id DESC LIMIT $1`,
    [FOLLOW_UPS],
  )
  await client.query('ANALYZE conversation_messages')
  await client.query('ANALYZE follow_ups')
}

export async function safetyScoreboardRows(databaseUrl: string, log: (line: string) => void): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { prisma, close } = await openPostgres(databaseUrl)
  try {
    log('safety scoreboard: seeding 1,000,000 messages and 50,000 follow-ups')
    await seed(client)
    const counts = await client.query<{ m: string; f: string }>(
      'SELECT (SELECT count(*) FROM conversation_messages) AS m, (SELECT count(*) FROM follow_ups) AS f',
    )
    const to = new Date()
    const from = new Date(to.getTime() - 30 * 86_400_000)
    const times: number[] = []
    let board: Awaited<ReturnType<typeof safetyScoreboard>> | null = null
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      board = await safetyScoreboard(prisma, { from, to })
      times.push(performance.now() - started)
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!
    log(
      `safety scoreboard: ${counts.rows[0]?.m} messages, ${counts.rows[0]?.f} follow-ups; ` +
        `30 days: ${board?.follow_ups.sent} sent, ${board?.seen_vet_within_24h.seen} of ${board?.seen_vet_within_24h.escalations} seen within 24 h, ${board?.routine_then_vet.length} routine_then_vet`,
    )
    return [
      [
        'safety scoreboard (GET /api/ops/safety, 30 days) over 1,000,000 messages and 50,000 follow-ups',
        `${median.toFixed(0)} ms (median of ${RUNS})`,
        `≤ ${TARGET_MS} ms`,
        median <= TARGET_MS,
      ],
    ]
  } finally {
    await close()
    await client.end()
  }
}

/** `tsx scripts/bench/safety-scoreboard.ts <postgresql://…>`: the row alone, on an empty migrated database. */
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const url = process.argv[2] ?? process.env.DATABASE_URL
  if (!url) throw new Error('usage: tsx scripts/bench/safety-scoreboard.ts postgresql://…')
  const rows = await safetyScoreboardRows(url, (line) => process.stderr.write(`${line}\n`))
  for (const [figure, measured, target, met] of rows) {
    process.stdout.write(
      `| ${figure} | ${measured} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |\n`,
    )
  }
}
