// docs/product.md §8's payment error box decides by the error's catalogue code; the text rule is only
// the fallback for codes it has no text of its own for.
import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { paymentFailureText } from '../../client/src/features/payment/checkout-flow.ts'
import { ERROR_CATALOGUE, ERRORS } from '../../shared/errors.ts'

/** The error the tRPC client raises for a failed call, as the server shapes it (data.code, data.appCode). */
function failedCall(message: string, appCode?: string) {
  return TRPCClientError.from({
    error: { message, code: -32603, data: { code: 'PAYMENT_REQUIRED', httpStatus: 402, appCode } },
  })
}

describe('paymentFailureText', () => {
  it.each(['CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'EXPIRED_CARD'] as const)(
    'shows the text of %s even when the message names no decline code',
    (code) => {
      expect(paymentFailureText(failedCall('The bank said no.', code))).toBe(ERROR_CATALOGUE[code].message)
    },
  )

  it('the code wins over a message that names another decline', () => {
    const error = failedCall('Your card was declined. (card_declined)', 'EXPIRED_CARD')
    expect(paymentFailureText(error)).toBe(ERROR_CATALOGUE.EXPIRED_CARD.message)
  })

  it('falls back to the text rule for a code it has no text for', () => {
    const error = failedCall('Declined (insufficient_funds)', 'PAYMENT_FAILED')
    expect(paymentFailureText(error)).toBe(ERROR_CATALOGUE.INSUFFICIENT_FUNDS.message)
    expect(paymentFailureText(failedCall(ERRORS.alreadySubscribed, 'ALREADY_SUBSCRIBED'))).toBe(
      ERRORS.alreadySubscribed,
    )
  })

  it('a failure that never reached the server is the generic payment failure', () => {
    expect(paymentFailureText(new TypeError('Failed to fetch'))).toBe(ERRORS.paymentFailed)
  })
})
