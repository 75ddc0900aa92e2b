// Cancellation (docs/product.md §5's id rule; the DELETE and PayPal rows): immediate, the provider stops
// every future charge and access ends now; the activation fee is not refunded (the terms say so).
import { subscriptionIdKind } from '../../../shared/rules/pricing.ts'
import { recordId } from '../../../shared/schemas/primitives.ts'
import { appError } from '../../errors.ts'
import type { Subscription } from '../../generated/prisma/client.ts'
import { PayPalError, PayPalNotConfiguredError } from '../../services/paypal.ts'
import type { BillingDeps, Owner } from './deps.ts'
import { notFound, serverFault } from './failures.ts'
import { browserSubscriptionId } from './status.ts'

const paypalNotConfigured = () => appError('PAYPAL_NOT_CONFIGURED')

/** Stops the provider's charges for one subscription row, then ends its access now. */
async function cancelRow(
  deps: BillingDeps,
  row: Subscription,
  kind: 'stripe' | 'paypal',
): Promise<Subscription> {
  if (row.status === 'canceled') return row
  const id = row.providerSubscriptionId ?? ''
  if (id === '') {
    // No provider ever named it (a row recorded by hand): nothing charges, so only access ends.
  } else if (kind === 'paypal') {
    try {
      await deps.paypal.cancelSubscription(id, 'Cancelled by the owner in Kitty Care')
    } catch (error) {
      if (error instanceof PayPalNotConfiguredError) throw paypalNotConfigured()
      if (error instanceof PayPalError && error.status === 404) throw notFound()
      throw serverFault(error)
    }
  } else if (row.provider === deps.payments.name) {
    try {
      await deps.payments.cancelSubscription(id)
    } catch (error) {
      throw serverFault(error)
    }
  } else if (row.provider !== 'demo') {
    // A subscription of a provider this server is no longer configured for: it cannot stop its charges.
    throw serverFault(new Error(`No ${row.provider} provider configured to cancel ${id}`))
  }
  const now = new Date()
  return deps.db.subscription.update({
    where: { id: row.id },
    data: {
      status: 'canceled',
      canceledAt: now,
      cancelAtPeriodEnd: false,
      endDate: row.endDate < now ? row.endDate : now,
    },
  })
}

/**
 * Cancels the owner's subscription by the id the browser stored, after docs/product.md §5's rule: sub_ ids
 * are the card provider's, I- ids PayPal's. The row `id` that GET /api/supabase/subscriptions lists is
 * accepted too (a REST client cancels what it listed). `only` restricts a provider-specific row to its own
 * kind of id. Another owner's subscription, or a missing one, is not found.
 */
export async function cancelById(
  deps: BillingDeps,
  owner: Pick<Owner, 'id'>,
  rawId: string | undefined,
  only?: 'stripe' | 'paypal',
): Promise<{ success: true; subscription_id: string; status: string }> {
  const id = rawId?.trim() ?? ''
  const listedId = only ? null : listedRowId(id)
  if (listedId !== null) return cancelListed(deps, owner, listedId)
  const kind = subscriptionIdKind(id)
  if (kind === 'none') throw appError('NO_SUBSCRIPTION_ID')
  if (kind === 'invalid' || (only && kind !== only)) throw appError('INVALID_SUBSCRIPTION_ID')
  if (kind === 'paypal' && !deps.paypal.configured) throw paypalNotConfigured()
  const row = await deps.db.subscription.findUnique({ where: { providerSubscriptionId: id } })
  if (!row || row.userId !== owner.id) throw notFound()
  const cancelled = await cancelRow(deps, row, kind)
  return { success: true, subscription_id: id, status: cancelled.status }
}

/** The listed row id (plain decimal digits within the id range), else null. */
function listedRowId(id: string): number | null {
  const parsed = recordId.safeParse(id)
  return /^\d+$/.test(id) && parsed.success ? parsed.data : null
}

/** Cancels the owner's row by its listed id; its provider follows from the provider's id it holds. */
async function cancelListed(deps: BillingDeps, owner: Pick<Owner, 'id'>, id: number) {
  const row = await deps.db.subscription.findUnique({ where: { id } })
  if (!row || row.userId !== owner.id) throw notFound()
  const kind = subscriptionIdKind(row.providerSubscriptionId) === 'paypal' ? 'paypal' : 'stripe'
  const cancelled = await cancelRow(deps, row, kind)
  return { success: true as const, subscription_id: browserSubscriptionId(row), status: cancelled.status }
}

/**
 * Every subscription of the owner that could still charge is cancelled at its provider, for account
 * deletion: call it before erasing the owner's rows. Throws (and cancels nothing more) if a provider
 * cannot be reached, so the account is not erased while a subscription would go on charging.
 */
export async function cancelOwnerSubscriptions(deps: BillingDeps, userId: number): Promise<number> {
  const rows = await deps.db.subscription.findMany({
    where: { userId, status: { notIn: ['canceled', 'incomplete_expired'] } },
  })
  let cancelled = 0
  for (const row of rows) {
    const kind = subscriptionIdKind(row.providerSubscriptionId)
    if (kind !== 'stripe' && kind !== 'paypal') continue
    await cancelRow(deps, row, kind)
    cancelled++
  }
  return cancelled
}
