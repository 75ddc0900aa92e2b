// The reminder e-mail's one-click unsubscribe link, a capability link (docs/operations.md "Capability
// links"): one per cat's plan, derived when a reminder is sent (unsubscribe-token.ts), only its hash
// stored; it ends when reminders are resumed (the generation moves on) and with the account. Using it
// pauses every reminder of the plan's owner (RFC 8058), under the link's own read budget.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { RateLimits } from '../../services/rate-limits.ts'
import { spendLinkRead } from './read-budget.ts'
import { hashUnsubscribeToken } from './unsubscribe-token.ts'

/** RFC 8058 one-click: the token's owner's reminders are all paused. Unknown token: 404. */
export async function redeemUnsubscribeLink(
  deps: { db: Db; limits: RateLimits },
  token: string,
): Promise<void> {
  const plan = await deps.db.carePlan.findUnique({
    where: { unsubscribeToken: hashUnsubscribeToken(token) },
    select: { userId: true, catId: true, unsubscribeGeneration: true },
  })
  if (!plan) throw appError('NOT_FOUND')
  await spendLinkRead(deps.limits, 'unsubscribe', `${plan.catId}:${plan.unsubscribeGeneration}`)
  await deps.db.carePlan.updateMany({
    where: { userId: plan.userId },
    data: { paused: true, nextCheckInAt: null },
  })
}
