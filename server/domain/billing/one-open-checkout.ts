// An owner has one open checkout. Every payment step, with or without an Idempotency-Key, finds it (or
// the completed checkout it repeats) before anything reaches the payment provider, so a repeated or
// concurrent step returns what that checkout already did instead of charging again.
import { randomUUID } from 'node:crypto'
import { appError } from '../../errors.ts'
import type { Checkout } from '../../generated/prisma/client.ts'
import type { BillingDeps, Owner } from './deps.ts'
import { hasActiveSubscription, isEntitled } from './entitlement.ts'
import { isUniqueViolation, notFound } from './failures.ts'
import type { LockedDb } from './owner-lock.ts'

/**
 * The checkout a step belongs to, created (and committed) before any provider call:
 * - the checkout the Idempotency-Key names (another owner's key is not found);
 * - else the owner's open checkout;
 * - else, without a key, the owner's last checkout when it completed and its subscription still
 *   grants access: the step is a repeat of that checkout and answers what it did;
 * - else a new checkout, refused with 409 while the owner has an active or trialing subscription.
 */
export async function findOrOpenCheckout(
  deps: Pick<BillingDeps, 'db'>,
  owner: Owner,
  key: string | undefined,
  retries = 3,
): Promise<Checkout> {
  const { db } = deps
  if (key) {
    const named = await db.checkout.findUnique({ where: { key } })
    if (named) {
      if (named.userId !== owner.id) throw notFound()
      return named
    }
  }
  const open = await db.checkout.findUnique({ where: { openForUserId: owner.id } })
  if (open) return open
  if (!key) {
    const last = await db.checkout.findFirst({ where: { userId: owner.id }, orderBy: { id: 'desc' } })
    if (last?.completedAt) {
      const made = await db.subscription.findUnique({ where: { checkoutKey: last.key } })
      if (made && isEntitled(made)) return last
    }
  }
  await refuseSecondSubscription(db, owner)
  try {
    return await db.checkout.create({
      data: { userId: owner.id, key: key ?? randomUUID(), openForUserId: owner.id },
    })
  } catch (error) {
    // A concurrent step opened the owner's checkout first (or took this key): look again, a few times,
    // since that checkout may already have completed by now.
    if (!isUniqueViolation(error) || retries === 0) throw error
    return findOrOpenCheckout(deps, owner, key, retries - 1)
  }
}

/** One subscription at a time: a new checkout is refused before anything is charged. */
export async function refuseSecondSubscription(db: LockedDb, owner: Owner): Promise<void> {
  if (await hasActiveSubscription(db, owner.id)) throw appError('ALREADY_SUBSCRIBED')
}

/**
 * Inside the owner's lock: the checkout as it is now. A key that reached another key's open checkout
 * takes it over while no fee is paid on it, so the caller's later steps find it by their own key; once
 * a fee is paid the checkout keeps its key (its charge is recorded under it).
 */
export async function lockedCheckout(tx: LockedDb, checkout: Checkout, key: string | undefined) {
  const now = await tx.checkout.findUniqueOrThrow({ where: { id: checkout.id } })
  if (!key || key === now.key || now.completedAt) return now
  const paid = await tx.payment.findUnique({ where: { checkoutKey: now.key } })
  if (paid) return now
  return tx.checkout.update({
    where: { id: now.id },
    data: { key, attempt: 0, providerCustomerId: null, paymentMethodId: null },
  })
}

/** The provider's idempotency key for one step of one attempt of a checkout. */
export function providerKey(checkout: Pick<Checkout, 'key' | 'attempt'>, step: string): string {
  return checkout.attempt === 0 ? `${checkout.key}:${step}` : `${checkout.key}:${step}:${checkout.attempt}`
}
