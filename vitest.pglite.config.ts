import fs from 'node:fs'
import { defineConfig } from 'vitest/config'

// The api files run a second time on the embedded default (PGlite, no DATABASE_URL): only those that
// cross what differs there — the one connection that queues every query, raw SQL (row locks, upserts,
// quota counts, the scoreboard), the job queue on PGlite's executor, bytes in bytea columns, streamed
// exports and a persisted data folder. The rest of the api suite is the same code on the same Prisma
// client and runs once, on PostgreSQL, in `npm test`. A new file that touches one of these belongs here.
const DATA_LAYER_FILES = [
  // one-time codes and their budgets (raw SQL counters)
  'auth',
  'sign-in-codes-kept',
  'code-budgets',
  'tokens',
  // the owner lock on billing, two instances on one database
  'billing-one-subscription',
  'billing-instances',
  // the job queue (pg-boss on PGlite's executor) and reminders sent once
  'care-reminders',
  'care-reminder-retries',
  'care-push',
  'record-dose-reminders',
  'record-vaccination-reminders',
  'record-reminders-once',
  'household-reminders',
  'household-reminders-retry',
  'reminder-deliveries-prune',
  'follow-ups-delivery',
  // row locks, exactly-once replies, ownership under concurrency
  'chat-exactly-once',
  'resilience-ownership',
  'cat',
  'cat-with-plan',
  // quota counts
  'quotas',
  'owner-quotas',
  'record-quotas',
  // the safety scoreboard and review queries
  'ops-safety',
  'ops-review',
  // bytes in the database and the streamed export
  'cat-photos',
  'signed-files',
  'record-documents',
  'chat-attachments',
  'progress-export',
  // the persisted data folder and the app's start-up
  'data-dir',
  'foundation',
  'push-endpoints',
]

const files = DATA_LAYER_FILES.map((name) => `tests/api/${name}.test.ts`)
// A renamed or deleted file would otherwise drop out of this pass without a word.
const missing = files.filter((file) => !fs.existsSync(file))
if (missing.length > 0)
  throw new Error(`vitest.pglite.config.ts lists files that do not exist: ${missing.join(', ')}`)

export default defineConfig({
  test: {
    name: 'api-pglite',
    include: files,
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
  },
})
