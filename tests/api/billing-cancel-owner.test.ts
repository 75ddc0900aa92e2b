// cancelOwnerSubscriptions (server/domain/billing/cancellation.ts), for account deletion:
// every subscription of the owner that could still charge is cancelled at its provider, and only theirs.
import { describe, expect, it } from 'vitest'
import { cancelOwnerSubscriptions, hasActiveSubscription } from '../../server/domain/billing/index.ts'
import { suiteApp } from '../helpers/app.ts'
import { checkoutAs } from '../helpers/checkout.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = suiteApp()

const deps = () => ({
  db: t.db,
  payments: t.services.payments,
  paypal: t.services.paypal,
  config: t.services.config,
  log: t.services.log,
})

async function subscribed() {
  const owner = await t.signIn()
  await checkoutAs(t, owner.token)
  return owner
}

describe('cancelOwnerSubscriptions', () => {
  it("cancels the owner's live subscription, leaves another owner's, and is safe to repeat", async () => {
    const owner = await subscribed()
    const other = await subscribed()
    expect(await cancelOwnerSubscriptions(deps(), owner.id)).toBe(1)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
    expect((await t.db.subscription.findFirstOrThrow({ where: { userId: owner.id } })).status).toBe(
      'canceled',
    )
    expect(await hasActiveSubscription(t.db, other.id)).toBe(true)
    expect(await cancelOwnerSubscriptions(deps(), owner.id)).toBe(0)
  })

  it('refuses (and so stops the deletion) when a provider cannot cancel: PayPal unset', async () => {
    const owner = await t.signIn()
    await grantSubscription(t.db, owner.id, {
      email: 'paypal@example.com',
      provider: 'paypal',
      providerSubscriptionId: 'I-OWNERDELETE1',
    })
    // The domain's own error (no tRPC there): the catalogue's code and its 412.
    await expect(cancelOwnerSubscriptions(deps(), owner.id)).rejects.toMatchObject({
      appCode: 'PAYPAL_NOT_CONFIGURED',
      status: 412,
    })
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
  })
})
