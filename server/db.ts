import fs from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { PrismaClient } from './generated/prisma/client.ts'
import { MIGRATIONS_DIR } from './paths.ts'

export type Db = PrismaClient

export interface Database {
  prisma: Db
  kind: 'postgresql' | 'pglite'
  /** The server's address (PostgreSQL): the job queue opens its own pool there. */
  url?: string | null
  /** The embedded database itself (PGlite): the job queue runs its SQL through it, in this process. */
  pglite?: PGlite
  close(): Promise<void>
}

/**
 * A statement that opens with `/* prepared:<name> *\/` is prepared once per connection under that name,
 * so PostgreSQL plans it once: the cats read plans in about 0.5 ms and runs in about 0.1 ms
 * (docs/benchmark.md). Only statements that opt in: Prisma's own vary with their arguments, and each
 * name stays in the connection's memory.
 */
export function preparedName({ sql }: { sql: string }): string {
  // An empty name is node-postgres's unnamed statement, planned each time.
  return /^\/\* prepared:([a-z_]+) \*\//.exec(sql)?.[1] ?? ''
}

/** The node-postgres pool under a PostgreSQL Prisma client (none for PGlite). */
const pools = new WeakMap<Db, import('pg').Pool>()
/** node-postgres's own parsers, set when it is first loaded (openPostgres). */
let pgTypes: typeof import('pg').types | null = null

// `timestamp(3)` columns hold UTC (Prisma's convention); node-postgres would read them as local time.
const TIMESTAMP_OID = 1114
const utcTimestamps = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
    return pgTypes!.getTypeParser(oid, format as 'text')
  },
}

/**
 * A prepared statement (see preparedName) run straight through node-postgres where there is one: on the
 * cats read, Prisma's raw query path cost more CPU than the statement itself (docs/benchmark.md). On
 * PGlite, through Prisma. The rows come back as $queryRawUnsafe returns them for the column types the
 * callers select (numbers, text, arrays, json, timestamps as UTC Dates).
 */
export function preparedQuery<Row>(db: Db, sql: string, values: unknown[]): Promise<Row[]> {
  const pool = pools.get(db)
  if (!pool) return db.$queryRawUnsafe<Row[]>(sql, ...values)
  return pool
    .query({ name: preparedName({ sql }), text: sql, values, types: utcTimestamps })
    .then((result) => result.rows as Row[])
}

/** PostgreSQL through node-postgres. Migrations are applied by `npm run db:migrate` (scripts/migrate.mjs). */
/** Waiting for a connection under load is normal; Prisma's 2 s default turned busy moments into 500s. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 }

export async function openPostgres(
  connectionString: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<Database> {
  const { PrismaPg } = await import('@prisma/adapter-pg')
  const { default: pg } = await import('pg')
  // Our own pool, so that a connection the database drops (restart, pg_terminate_backend) is reported
  // and replaced instead of raising an 'error' event nobody listens to, which would end the process.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 })
  pool.on('error', onConnectionError)
  pool.on('connect', (client) => client.on('error', onConnectionError))
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: preparedName })
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS })
  pools.set(prisma, pool)
  pgTypes = pg.types
  return { prisma, kind: 'postgresql', url: connectionString, close: () => prisma.$disconnect() }
}

/**
 * Embedded PostgreSQL (PGlite): in memory when `dataDir` is undefined, else persisted there. The same
 * migration.sql files as PostgreSQL are replayed in order. PGlite has one connection and queues every
 * query and transaction behind its own mutex, so concurrent requests are serialised for us.
 */
export async function openPglite(dataDir?: string, migrationsDir = MIGRATIONS_DIR): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { PrismaPGlite } = await import('pglite-prisma-adapter')
  if (dataDir) {
    // PGlite writes its files world-writable: the folder around them is the owner's alone (0700).
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    fs.chmodSync(dataDir, 0o700)
  }
  const pg = new PGlite(dataDir)
  await applyMigrationsToPglite(pg, migrationsDir)
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pg), transactionOptions: TRANSACTION_OPTIONS })
  return {
    prisma,
    kind: 'pglite',
    pglite: pg,
    close: async () => {
      await prisma.$disconnect()
      await pg.close()
    },
  }
}

export async function applyMigrationsToPglite(pg: PGlite, migrationsDir: string) {
  await pg.exec(
    'CREATE TABLE IF NOT EXISTS "_app_migrations" (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  const done = new Set(
    (await pg.query<{ name: string }>('SELECT name FROM "_app_migrations"')).rows.map((r) => r.name),
  )
  const names = fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
  for (const name of names) {
    if (done.has(name)) continue
    const sql = fs.readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8')
    await pg.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('INSERT INTO "_app_migrations"(name) VALUES ($1)', [name])
    })
  }
}

/** DATABASE_URL → PostgreSQL; unset → PGlite persisted under DATA_DIR. */
export function openDatabase(
  config: { DATABASE_URL?: string | undefined; dataDir: string },
  onConnectionError?: (error: Error) => void,
): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, onConnectionError)
    : openPglite(path.join(config.dataDir, 'pglite'))
}
