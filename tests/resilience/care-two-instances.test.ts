// Issue 21: two BUILT instances on one PostgreSQL share 10,000 owners whose check-ins fall in the same
// minute; one is killed with `kill -9` while they are being sent. Every owner gets the reminder (none
// lost: the killed instance's jobs are retried by the other once they expire) and the recipients are
// counted for duplicates (none twice).
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'
import { type BuiltServer, suiteBuilt } from './helpers.ts'

const OWNERS = 10_000

let smtp: SmtpCapture
const suite = suiteBuilt('care', () => smtp?.close())
let servers: BuiltServer[] = []

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  const { database } = suite
  smtp = await startSmtpCapture()
  const dueAt = new Date(Math.ceil((Date.now() + 40_000) / 1000) * 1000)
  const client = new pg.Client({ connectionString: database.url! })
  await client.connect()
  await client.query(
    `WITH u AS (
       INSERT INTO users (email, first_name, updated_at)
       SELECT 'care-kill-' || g || '@example.com', 'Ada', now() FROM generate_series(1, $1::int) g RETURNING id),
     c AS (INSERT INTO cats (user_id, name, updated_at) SELECT id, 'Cat ' || id, now() FROM u RETURNING id, user_id)
     INSERT INTO care_plans (cat_id, user_id, check_in_period, next_check_in_at, unsubscribe_token, updated_at)
     SELECT id, user_id, 'Daily', $2::timestamptz, md5(random()::text) || id, now() FROM c`,
    [OWNERS, dueAt.toISOString()],
  )
  await client.end()
  const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://care.example.test' }
  servers = [await suite.start(env), await suite.start(env)]
}, 180_000)

describe('10,000 reminders due in one minute on two instances, one killed mid-minute', () => {
  it(
    'sends every reminder, and counts every recipient',
    async () => {
      // Mid-minute: once a tenth has gone out.
      while (smtp.messages.length < OWNERS / 10) await sleep(100)
      servers[0]!.child.kill('SIGKILL')
      const killedAt = smtp.messages.length
      // The survivor sends the rest; the killed instance's jobs come back after they expire (2 min).
      const deadline = Date.now() + 12 * 60_000
      const recipients = () => new Set(smtp.messages.map((m) => m.to.join()))
      while (recipients().size < OWNERS && Date.now() < deadline) await sleep(500)
      const counts = new Map<string, number>()
      for (const m of smtp.messages) counts.set(m.to.join(), (counts.get(m.to.join()) ?? 0) + 1)
      const twice = [...counts.entries()].filter(([, n]) => n > 1)
      process.stderr.write(
        `care kill -9: ${killedAt} sent before the kill, ${smtp.messages.length} in all, ${recipients().size} owners, ${twice.length} twice\n`,
      )
      expect(recipients().size).toBe(OWNERS)
      expect(twice).toEqual([])
    },
    15 * 60_000,
  )
})
