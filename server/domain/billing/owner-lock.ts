// One owner's checkout writes run one at a time, across every instance that shares the database. Only
// our own reads-then-writes run under it (short transactions): provider calls happen outside, so a slow
// provider never holds a database connection (checkout.ts).
import type { Db } from '../../db.ts'
import type { Prisma } from '../../generated/prisma/client.ts'

/** The database a locked task reads and writes through: the transaction that holds the lock. */
export type LockedDb = Prisma.TransactionClient

/** First key of the two-key advisory lock: "checkout". The second is the owner's id. */
const CHECKOUT_LOCK = 0x636b6f74

/** The locked work is a few statements of our own; no provider call runs inside it. */
const LOCK_TRANSACTION = { maxWait: 15_000, timeout: 15_000 }

/**
 * Runs `task` holding a PostgreSQL transaction-level advisory lock on the owner
 * (`pg_advisory_xact_lock`), so a second request for the same owner, from this process or another
 * instance, waits for the first one's answer and then finds what it did. The task reads and writes
 * through the locking transaction (PGlite has one connection, so work outside it would wait forever).
 * What the task wrote is committed even when it fails afterwards (a decline bumps the attempt, a
 * provider outage after the charge keeps the payment): the error is raised once the lock is released.
 */
export async function withOwnerLock<T>(
  db: Db,
  ownerId: number,
  task: (tx: LockedDb) => Promise<T>,
): Promise<T> {
  let failed = false
  let failure: unknown
  const result = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CHECKOUT_LOCK}::int4, ${ownerId}::int4)`
    try {
      return await task(tx)
    } catch (error) {
      failed = true
      failure = error
      return undefined
    }
  }, LOCK_TRANSACTION)
  if (failed) throw failure
  return result as T
}
