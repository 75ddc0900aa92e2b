// The calendar feed's rows of `npm run bench` alone (`npm run bench:calendar-feed`): a database of its
// own, migrated; the server from its sources (tsx, with the production memory flags) rather than the
// built one, so nothing has to be built first; the rows of calendar-feed.ts; everything dropped after.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server-node-flags.mjs'
import { calendarFeedRows } from './calendar-feed.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing'
const name = `kitty_bench_feed_${Date.now()}`
const admin = 'postgresql://postgres@127.0.0.1:5432/postgres'
const run = async (sql: string) => {
  const c = new pg.Client({ connectionString: admin })
  await c.connect()
  await c.query(sql)
  await c.end()
}
await run(`CREATE DATABASE "${name}"`)
const url = `postgresql://postgres@127.0.0.1:5432/${name}`
execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], {
  cwd: ROOT,
  env: { ...process.env, DATABASE_URL: url },
  stdio: 'ignore',
})
const port = 39000 + Math.floor(Math.random() * 1000)
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, 'node_modules/tsx/dist/cli.mjs', 'server/main.ts'],
  {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      DATABASE_URL: url,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      GLOBAL_RATE_PER_MINUTE: '100000000',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
)
const base = `http://127.0.0.1:${port}`
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).status < 500) break
  } catch {}
  if (i > 600) throw new Error('no server')
  await new Promise((r) => setTimeout(r, 200))
}
try {
  const rows = await calendarFeedRows({
    base,
    databaseUrl: url,
    jwtSecret: JWT_SECRET,
    log: (l) => console.error(l),
  })
  for (const [figure, measured, target, met] of rows) {
    console.log(`| ${figure} | ${measured} | ${target} | ${met ? 'yes' : '**no**'} |`)
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}
