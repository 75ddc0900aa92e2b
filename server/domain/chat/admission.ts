// Who may chat is decided on every message (docs/product.md §4 Chat room): an active or trialing
// subscription, else 402 and the client goes to /paywall.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { hasActiveSubscription } from '../billing/entitlement.ts'
import { reachableCat } from '../household/access.ts'

/**
 * The user's own subscription, or, for a message about a cat shared with them that they may chat about,
 * the cat owner's (the owner's subscription covers their household, docs/household.md).
 */
export async function requireSubscription(db: Db, userId: number, catId?: number | null): Promise<void> {
  // A cat the user may not chat about (a stranger's, a sitter's) is a 404 before any 402: the answer
  // must not depend on the caller's own plan.
  const cat = catId == null ? null : await reachableCat(db, userId, catId, 'chat')
  if (catId != null && !cat) throw appError('CAT_NOT_FOUND')
  if (await hasActiveSubscription(db, userId)) return
  if (cat && cat.ownerId !== userId && (await hasActiveSubscription(db, cat.ownerId))) return
  throw appError('SUBSCRIPTION_REQUIRED')
}
