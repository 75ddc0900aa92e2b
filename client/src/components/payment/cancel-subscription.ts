// SPEC §4 "Subscription deletion" and §5: the stored subscription id is required; sub_ ids are
// cancelled at the card provider, I- ids at PayPal, anything else is invalid. On success the stored id
// is removed (the guard then keeps the owner on /paywall).
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { subscriptionIdKind } from '../../../../shared/rules/pricing.ts'
import { readText, removeKey } from '../../storage.ts'
import { api, errorCode, errorMessage } from '../../trpc.ts'

export async function cancelSubscription(): Promise<void> {
  const id = readText('subscriptionId').trim()
  const kind = subscriptionIdKind(id)
  if (kind === 'none') throw new Error(ERRORS.noSubscriptionId)
  if (kind === 'invalid') throw new Error(ERRORS.invalidSubscriptionId)
  try {
    if (kind === 'paypal') await api.billing.cancelPaypal.mutate({ id })
    else await api.billing.cancelStripe.mutate({ id })
  } catch (error) {
    // Not the owner's (or no longer on record): nothing of theirs is left to cancel under this id.
    if (errorCode(error) !== 'NOT_FOUND') {
      throw new Error(
        errorMessage(error, kind === 'paypal' ? DEFAULT_ERRORS.deletePaypal : DEFAULT_ERRORS.deleteStripe),
      )
    }
  }
  removeKey('subscriptionId')
}
