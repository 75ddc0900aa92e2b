// Who may chat: decided from the database on every message, never from what the browser has stored.
import type { Prisma, Subscription } from '../../generated/prisma/client.ts'

/** Stripe's words for a subscription that grants access. */
export const ENTITLED_STATUSES = ['active', 'trialing'] as const

/** An owner with an active or trialing subscription whose end is still ahead. */
export async function hasActiveSubscription(
  db: Prisma.TransactionClient,
  userId: number,
  now = new Date(),
): Promise<boolean> {
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
