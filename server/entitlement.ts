import type { Db } from './db.ts'
import type { Subscription } from './generated/prisma/client.ts'

/** Stripe's words for a subscription that grants access. */
export const ENTITLED_STATUSES = ['active', 'trialing'] as const

/**
 * Who may chat: an owner with an active or trialing subscription whose end is still ahead. Decided
 * from the database on every message, never from what the browser has stored.
 */
export async function hasActiveSubscription(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const found = await db.subscription.findFirst({
    where: { userId, status: { in: [...ENTITLED_STATUSES] }, endDate: { gt: now } },
    select: { id: true },
  })
  return found !== null
}

/** The same rule for a subscription row already at hand. */
export function isEntitled(row: Pick<Subscription, 'status' | 'endDate'>, now = new Date()): boolean {
  return (ENTITLED_STATUSES as readonly string[]).includes(row.status) && row.endDate > now
}
