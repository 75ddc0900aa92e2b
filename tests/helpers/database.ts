import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { type Database, openPglite, openPostgres } from '../../server/db.ts'

/**
 * A fresh database for one test file: a clone of the run's migrated template when DATABASE_URL is set
 * (PostgreSQL in CI), else an in-memory PGlite with the same migrations.
 */
export async function freshDatabase(): Promise<Database & { url: string | null }> {
  const base = process.env.DATABASE_URL
  if (!base) return { ...(await openPglite()), url: null }

  // The run's empty migrated template (global-setup-db.ts); suites without that setup clone DATABASE_URL.
  const template = inject('templateDatabase') ?? new URL(base).pathname.slice(1)
  const name = `kc_test_${crypto.randomBytes(6).toString('hex')}`
  await withAdmin(base, async (admin) => {
    // CREATE DATABASE … TEMPLATE fails while another file is cloning the same template: retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
        return
      } catch (error) {
        if (attempt >= 40 || !/being accessed by other users/.test(String(error))) throw error
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
      }
    }
  })
  const url = new URL(base)
  url.pathname = `/${name}`
  const db = await openPostgres(url.toString())
  return {
    ...db,
    url: url.toString(),
    close: async () => {
      await db.close()
      await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    },
  }
}

/**
 * A fresh database for the file (or describe block): opened before its tests, closed after them. The
 * object returned reads the live one, so apps made with `createTestApp({ database })` share it (they
 * close before it does: after-hooks run in reverse order).
 */
export function suiteDatabase(): Database & { url: string | null } {
  let live: (Database & { url: string | null }) | undefined
  beforeAll(async () => {
    live = await freshDatabase()
  })
  afterAll(async () => {
    await live?.close()
  })
  const now = () => {
    if (!live) throw new Error('The database opens in beforeAll: use it inside a test.')
    return live
  }
  return {
    get prisma() {
      return now().prisma
    },
    get kind() {
      return now().kind
    },
    get url() {
      return now().url
    },
    get pglite() {
      return now().pglite
    },
    close: () => now().close(),
  }
}

async function withAdmin<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(base)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
