// The browser's half of docs/product.md §4 "Payment flow, in order": the account if none, the cat if
// none, then one idempotent server call (React Query mutations) that creates the customer, charges
// the activation fee, starts the trial and records it. The checkout key is made once per checkout
// and kept in local storage ('checkoutKey') until the checkout ends, so a retry or a reload finishes
// the same checkout instead of paying twice.
import type { BillingPeriod } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS, paymentErrorMessage } from '../../../../shared/errors.ts'
import { catInputFromStorage, storeCreatedCat } from '../../hooks/useCatAnswers.ts'
import { storeSession } from '../../session.ts'
import { hasUsableCatId, hasValidToken, readText, removeKey, sessionId, writeText } from '../../storage.ts'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { type ContactDetails, forgetsCheckoutKey } from './validation.ts'

/** The card: a payment method id from Stripe.js, or a test card number for the demo provider. */
export type CardSource = { kind: 'stripe'; paymentMethodId: string } | { kind: 'demo'; cardNumber: string }

/** The checkout key of the checkout in progress, made on first use. */
export function currentCheckoutKey(): string {
  const existing = readText('checkoutKey')
  if (/^[A-Za-z0-9_-]{8,100}$/.test(existing)) return existing
  const key = crypto.randomUUID()
  writeText('checkoutKey', key)
  return key
}

/** The owner-facing text of a failed payment (docs/product.md §8's red box). */
export function paymentFailureText(error: unknown): string {
  if (errorCode(error) === null && !(error instanceof PaymentStepError)) return ERRORS.paymentFailed
  // Decided by the catalogue code; the text rule only for codes the box has no text of its own for.
  return paymentErrorMessage(errorMessage(error, DEFAULT_ERRORS.stripePayment), errorCode(error))
}

/** A failure before the server's checkout (the account step); its message is shown as it is. */
export class PaymentStepError extends Error {}

/**
 * Runs docs/product.md §4's flow through three React Query mutations; resolves with
 * the stored subscription id.
 */
export function useCheckoutFlow(): (input: {
  contact: ContactDetails
  card: CardSource
  billingPeriod: BillingPeriod
  /** false: the plan at its price, without the trial (the owner's one trial is used). */
  trial?: boolean
}) => Promise<string> {
  const signup = trpc.auth.signup.useMutation()
  const createCat = trpc.cat.create.useMutation()
  const checkout = trpc.billing.checkout.useMutation()
  const utils = trpc.useUtils()

  /**
   * docs/product.md §4 step 1: an account for the e-mail typed in the form, when the browser has no session.
   */
  async function ensureAccount(contact: ContactDetails): Promise<void> {
    if (hasValidToken()) return
    try {
      const session = await signup.mutateAsync({
        email: contact.email,
        full_name: contact.fullName,
        session_id: sessionId(),
      })
      storeSession({
        token: session.token,
        expiresAtMs: Date.now() + session.expiresIn * 1000,
        email: contact.email,
        refreshToken: session.refresh_token,
      })
    } catch (error) {
      throw new PaymentStepError(errorMessage(error, DEFAULT_ERRORS.signup))
    }
  }

  /**
   * docs/product.md §4 step 2: the cat from the stored quiz answers. It does not
   * stop the payment when it fails.
   */
  async function ensureCat(): Promise<void> {
    if (hasUsableCatId() || !readText('cat_name').trim()) return
    try {
      const input = catInputFromStorage()
      const created = await createCat.mutateAsync(input)
      storeCreatedCat(created.id, input, created.recommendations)
    } catch (error) {
      console.error('Creating the cat before payment failed', error)
    }
  }

  return async (input) => {
    await ensureAccount(input.contact)
    await ensureCat()
    // The checkout's Idempotency-Key (tRPC carries it as the input's checkoutKey).
    const checkoutKey = currentCheckoutKey()
    try {
      const result = await checkout.mutateAsync({
        fullName: input.contact.fullName,
        country: input.contact.country,
        state: input.contact.state,
        postalCode: input.contact.postalCode,
        billingPeriod: input.billingPeriod,
        checkoutKey,
        ...(input.trial === false ? { trial: false } : {}),
        ...(input.card.kind === 'stripe'
          ? { paymentMethod: input.card.paymentMethodId }
          : { cardNumber: input.card.cardNumber }),
      })
      removeKey('checkoutKey')
      writeText('subscriptionId', result.subscriptionId)
      // What the owner now has (the thank-you names it; the trial offer changes).
      void utils.billing.status.invalidate()
      return result.subscriptionId
    } catch (error) {
      if (forgetsCheckoutKey(errorCode(error))) removeKey('checkoutKey')
      throw error
    }
  }
}
