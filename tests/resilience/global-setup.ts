import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432'

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${LOCAL_SERVER}/postgres` })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * These tests need PostgreSQL (connections to kill, a real pool). DATABASE_URL when set (CI: the
 * migrated database); else a database of their own on the local server, dropped afterwards. Either way
 * it is brought to the latest migration; each test file then clones it (tests/helpers/database.ts).
 */
export default async function setup(project: TestProject) {
  let created: string | null = null
  if (!process.env.DATABASE_URL) {
    created = `kc_resilience_${crypto.randomBytes(4).toString('hex')}`
    await admin((client) => client.query(`CREATE DATABASE "${created}"`))
    process.env.DATABASE_URL = `${LOCAL_SERVER}/${created}`
  }
  execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], { stdio: 'inherit', env: process.env })
  project.provide('databaseUrl', process.env.DATABASE_URL)
  return async () => {
    if (created) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${created}" WITH (FORCE)`))
  }
}
