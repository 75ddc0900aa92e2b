// docs/product.md §4 "Subscription deletion" and §5: the stored subscription id is required; sub_ ids are
// cancelled at the card provider, I- ids at PayPal, anything else is invalid. On success the stored id
// is removed (the guard then keeps the owner on /paywall).
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { subscriptionIdKind } from '../../../../shared/rules/pricing.ts'
import { readText, removeKey } from '../../storage.ts'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

/** The cancel action of the profile: resolves once the stored subscription is cancelled and forgotten. */
export function useCancelSubscription(): () => Promise<void> {
  const stripe = trpc.billing.cancelStripe.useMutation()
  const paypal = trpc.billing.cancelPaypal.useMutation()
  return async () => {
    const id = readText('subscriptionId').trim()
    const kind = subscriptionIdKind(id)
    if (kind === 'none') throw new Error(ERRORS.noSubscriptionId)
    if (kind === 'invalid') throw new Error(ERRORS.invalidSubscriptionId)
    try {
      await (kind === 'paypal' ? paypal : stripe).mutateAsync({ id })
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
}
