// One step of a checkout at a time, without holding a database connection while it runs. A step (with its
// provider calls, which may take seconds) takes the checkout's lease, a time in its row; a concurrent step
// of the same checkout waits for it, polling, then finds what the first did. The lease runs out by itself
// when an instance dies mid-step. Different owners' checkouts never wait for each other.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'

/** Longer than a step: three provider calls with the SDK's retries. */
export const CHECKOUT_LEASE_MS = 90_000
/** How long a second step waits for the first before it answers that the payment is in progress. */
const WAIT_MS = 60_000
const POLL_MS = 100

/** Runs `task` holding the lease of checkout `id`; waits (up to WAIT_MS) while another step holds it. */
export async function withCheckoutLease<T>(db: Db, id: number, task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const now = new Date()
    const taken = await db.checkout.updateMany({
      where: { id, OR: [{ busyUntil: null }, { busyUntil: { lt: now } }] },
      data: { busyUntil: new Date(now.getTime() + CHECKOUT_LEASE_MS) },
    })
    if (taken.count === 1) break
    if (Date.now() > deadline) throw appError('PAYMENT_IN_PROGRESS')
    await sleep(POLL_MS)
  }
  try {
    return await task()
  } finally {
    await db.checkout.updateMany({ where: { id }, data: { busyUntil: null } })
  }
}
