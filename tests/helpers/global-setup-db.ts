import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, empty database every test file clones (PostgreSQL runs only). */
    templateDatabase: string | null
  }
}

function adminUrl(base: string) {
  const url = new URL(base)
  url.pathname = '/postgres'
  return url.toString()
}

async function admin(base: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl(base) })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * With DATABASE_URL: a template database of this run's own, brought to the latest migration through
 * the real migrate script (the Wasm schema engine). It is empty whatever DATABASE_URL holds (CI seeds
 * that one), and every test file clones it (tests/helpers/database.ts).
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL
  if (!base) {
    project.provide('templateDatabase', null)
    return
  }
  const name = `kc_tpl_${crypto.randomBytes(5).toString('hex')}`
  await admin(base, `CREATE DATABASE "${name}"`)
  const url = new URL(base)
  url.pathname = `/${name}`
  execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: url.toString() },
  })
  project.provide('templateDatabase', name)
  return () => admin(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}
