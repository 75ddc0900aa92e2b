// Two BUILT instances on one PostgreSQL share 10,000 owners whose check-ins fall in the same
// minute; one is killed with `kill -9` while they are being sent. Every owner gets the reminder (none
// lost: the killed instance's jobs are retried by the other once they expire). A reminder the mail server
// took from the killed instance before its sent mark was written is sent again: SMTP cannot make the two
// one step. It must be the same message (one Message-ID, which mailboxes show once), and there can be no
// more of them than the killed instance had sends in flight.
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { CARE_WORKER_DEFAULTS } from '../../server/jobs/care-reminders.ts'
import { type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'
import { type BuiltServer, suiteBuilt } from './helpers.ts'

const OWNERS = 10_000
/** The most reminders one instance has between the mail server and their sent mark: loops × sends at once. */
const IN_FLIGHT = CARE_WORKER_DEFAULTS.loops * CARE_WORKER_DEFAULTS.concurrency

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
    'sends every reminder; one sent again is the same message, and only one that was in flight',
    async () => {
      // Mid-minute: once a tenth has gone out.
      while (smtp.messages.length < OWNERS / 10) await sleep(100)
      servers[0]!.child.kill('SIGKILL')
      const killedAt = smtp.messages.length
      // The survivor sends the rest; the killed instance's jobs come back after they expire (2 min).
      const deadline = Date.now() + 12 * 60_000
      const recipients = () => new Set(smtp.messages.map((m) => m.to.join()))
      while (recipients().size < OWNERS && Date.now() < deadline) await sleep(500)
      const ids = new Map<string, Set<string>>()
      for (const m of smtp.messages) {
        const to = m.to.join()
        ids.set(to, (ids.get(to) ?? new Set()).add(m.messageId))
      }
      const again = smtp.messages.length - recipients().size
      const twoMessages = [...ids.entries()].filter(([, set]) => set.size > 1)
      process.stderr.write(
        `care kill -9: ${killedAt} sent before the kill, ${smtp.messages.length} in all, ${recipients().size} owners, ${again} sent again (same Message-ID), ${twoMessages.length} owners with two different messages; ${smtp.droppedConnections()} connections dropped mid-message by the kill\n`,
      )
      expect(recipients().size).toBe(OWNERS)
      expect(twoMessages).toEqual([])
      expect(smtp.messages.every((m) => /^<check-in-\d+-\d+@care\.example\.test>$/.test(m.messageId))).toBe(
        true,
      )
      expect(again).toBeLessThanOrEqual(IN_FLIGHT)
    },
    15 * 60_000,
  )
})
