// pg-boss 10 on the app's database: on PostgreSQL with a small pool of its own; on the embedded PGlite
// in this process, through its `db.executeSql` option (PGlite queues every statement behind one mutex).
import type { PGlite } from '@electric-sql/pglite'
import PgBoss from 'pg-boss'
import type { Database } from '../db.ts'

export interface BossOptions {
  /** How often an idle worker looks for due jobs (pg-boss's own minimum is 0.5 s). */
  pollingIntervalSeconds?: number
}

/** SQL for pg-boss through PGlite: parameterised statements one by one, scripts (its migrations) whole. */
function pgliteExecutor(pg: PGlite) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length > 0) return { rows: (await pg.query(text, values)).rows }
      const results = await pg.exec(text)
      return { rows: results.at(-1)?.rows ?? [] }
    },
  }
}

export function createBoss(database: Database, options: BossOptions = {}): PgBoss {
  const common = {
    schema: 'pgboss',
    // Archiving and monitoring every few seconds is not needed; maintenance once a minute.
    maintenanceIntervalSeconds: 60,
    monitorStateIntervalSeconds: 60,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  }
  if (database.pglite) return new PgBoss({ ...common, db: pgliteExecutor(database.pglite) })
  if (!database.url) throw new Error('the job queue needs the database address')
  return new PgBoss({
    ...common,
    connectionString: database.url,
    max: 4,
    application_name: 'kitty-care-jobs',
  })
}
