// What the owner's subscriptions look like to them: the list, whether they are subscribed now, and the
// thank-you screen that is shown once per subscription, ever.
import type { BillingStatus, SubscriptionView } from '../../../shared/schemas/billing.ts'
import type { Subscription } from '../../generated/prisma/client.ts'
import type { BillingDeps, Owner } from './deps.ts'
import { isEntitled } from './entitlement.ts'
import { ownerHadTrial } from './one-trial.ts'

/**
 * The subscription's id as the browser holds it (docs/product.md §4: the checkout hands it over, the chat
 * asks for it): the provider's id, or the stored id for a subscription no provider has named.
 */
export function browserSubscriptionId(row: Pick<Subscription, 'id' | 'providerSubscriptionId'>): string {
  return row.providerSubscriptionId ?? String(row.id)
}

/** A finished checkout as the payment steps answer it. */
export function checkoutAnswer(row: Subscription) {
  return {
    success: true as const,
    subscriptionId: browserSubscriptionId(row),
    subscription: toSubscriptionView(row),
  }
}

export function toSubscriptionView(row: Subscription, now = new Date()): SubscriptionView {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    provider: row.provider,
    billing_period: row.billingPeriod,
    status: row.status,
    subscription_id: row.providerSubscriptionId,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    active: isEntitled(row, now),
  }
}

/** The owner's subscriptions, newest first. */
export function listSubscriptions(
  deps: Pick<BillingDeps, 'db'>,
  owner: Pick<Owner, 'id'>,
): Promise<Subscription[]> {
  return deps.db.subscription.findMany({ where: { userId: owner.id }, orderBy: { id: 'desc' } })
}

/** Whether the owner is subscribed now, decided from the database (the browser mirrors it). */
export async function billingStatus(
  deps: Pick<BillingDeps, 'db'>,
  owner: Pick<Owner, 'id'>,
): Promise<BillingStatus> {
  const rows = await listSubscriptions(deps, owner)
  const now = new Date()
  const current = rows.find((row) => isEntitled(row, now))
  const shown = current ?? rows[0]
  return {
    subscribed: current !== undefined,
    subscriptionId: current?.providerSubscriptionId ?? null,
    subscription: shown ? toSubscriptionView(shown, now) : null,
    welcomed: current ? current.welcomedAt !== null : true,
    trial_available: !(await ownerHadTrial(deps.db, owner.id)),
  }
}

/**
 * The thank-you screen and the meow happen once per subscription, ever. The first caller for
 * the current subscription gets `welcome: true` and the subscription is marked welcomed in the same
 * statement, so a second tab, a reload or a later sign-in gets `false`.
 */
export async function claimWelcome(
  deps: Pick<BillingDeps, 'db'>,
  owner: Pick<Owner, 'id'>,
): Promise<{ welcome: boolean }> {
  const status = await billingStatus(deps, owner)
  if (!status.subscribed || !status.subscription || status.welcomed) return { welcome: false }
  const claimed = await deps.db.subscription.updateMany({
    where: { id: status.subscription.id, welcomedAt: null },
    data: { welcomedAt: new Date() },
  })
  return { welcome: claimed.count === 1 }
}
