// Who may chat is decided on every message (SPEC §4 Chat room): an active or trialing subscription,
// else 402 and the client goes to /paywall.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { hasActiveSubscription } from '../billing/entitlement.ts'

export async function requireSubscription(db: Db, userId: number): Promise<void> {
  if (!(await hasActiveSubscription(db, userId))) throw appError('SUBSCRIPTION_REQUIRED')
}
