// The payment modal's own rules: step 1's check as one message (docs/product.md §5 "Payment step 1";
// step 2's demo card is checked by DemoCardStep with shared/schemas/billing.ts), how card fields are
// typed, and when a checkout key is given up.
import { ERROR_CATALOGUE, ERRORS, type ErrorCode } from '../../../../shared/errors.ts'
import { contactFormSchema } from '../../../../shared/schemas/billing.ts'

/** Step 1's fields, as the form holds them and the checkout sends them. */
export interface ContactDetails {
  fullName: string
  email: string
  country: string
  state: string
  postalCode: string
}

/**
 * Step 1 as one message (docs/product.md §5): the server's own schema (shared/schemas/billing.ts), a missing
 * field first ('Please fill in all required fields'), else the first field's message.
 */
export function contactProblem(contact: ContactDetails, askEmail: boolean): string | null {
  const result = contactFormSchema(askEmail).safeParse(contact)
  if (result.success) return null
  const messages = result.error.issues.map((issue) => issue.message)
  return messages.includes(ERRORS.fillRequired) ? ERRORS.fillRequired : (messages[0] ?? ERRORS.fillRequired)
}

/** Groups the digits of a card number by four as they are typed; at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D+/g, '').slice(0, 19)
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** MM/YY as it is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D+/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** The CVC as it is typed: digits only, at most 4. */
export function formatCvc(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 4)
}

/**
 * After a definite refusal (a declined card, invalid input) nothing was charged under the checkout key
 * and the next attempt may use another card, so it gets a new key. After anything else (no answer, a
 * server or provider outage, a payment already in progress) the outcome is unknown: the key stays, so
 * the retry finishes the same checkout instead of paying twice.
 */
export function forgetsCheckoutKey(code: ErrorCode | null): boolean {
  if (code === null) return false
  // The catalogue's refusals: a payment refused (402: declined, insufficient funds, …) or a request
  // refused as it is (400: invalid input, an unknown demo card, …).
  const { status } = ERROR_CATALOGUE[code]
  return status === 402 || status === 400
}
