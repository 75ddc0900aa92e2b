// The owner's chosen plan (docs/product.md §3 Billing state; the createPlan, updatePlan and removePlan rows).

import type { BillingPeriod } from '../../../shared/constants.ts'
import {
  billingState,
  DEFAULT_BILLING_PERIOD,
  isBillingPeriod,
  periodOf,
} from '../../../shared/rules/pricing.ts'
import type { BillingStateOutput } from '../../../shared/schemas/billing.ts'
import { appError } from '../../errors.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import type { Owner } from './deps.ts'

const noAccount = () => appError('NOT_AUTHENTICATED')

/** The plan the owner picked and the latest payment-provider customer made for them. */
export async function ownerPlan(
  db: Prisma.TransactionClient,
  owner: Pick<Owner, 'id'>,
): Promise<{ billingPeriod: BillingPeriod; providerCustomerId: string | null }> {
  const user = await db.user.findUnique({
    where: { id: owner.id },
    select: { billingPeriod: true, providerCustomerId: true },
  })
  if (!user) throw noAccount()
  return {
    billingPeriod: isBillingPeriod(user.billingPeriod) ? user.billingPeriod : DEFAULT_BILLING_PERIOD,
    providerCustomerId: user.providerCustomerId,
  }
}

/** The billing state of the owner's plan, after switching it to `set` when given. */
export async function planState(
  db: Prisma.TransactionClient,
  owner: Pick<Owner, 'id'>,
  set?: BillingPeriod,
): Promise<BillingStateOutput> {
  if (set) {
    const updated = await db.user.updateMany({ where: { id: owner.id }, data: { billingPeriod: set } })
    if (updated.count === 0) throw noAccount()
    return { billingPeriod: set, ...billingState(set) }
  }
  const { billingPeriod } = await ownerPlan(db, owner)
  return { billingPeriod, ...billingState(billingPeriod) }
}

/**
 * updatePlan's switch: the period named, else the `method` flag of docs/product.md §3
 * (false Monthly, true Yearly).
 */
export function requestedPeriod(input: {
  billingPeriod?: BillingPeriod | undefined
  method?: boolean | undefined
}) {
  return input.billingPeriod ?? periodOf(input.method ?? false)
}
