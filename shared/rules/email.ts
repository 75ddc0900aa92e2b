// Sign-in input rules (docs/product.md §5): the login e-mail and the one-time code. Pure, shared by the
// server's schemas and the /login screen, so both sides say exactly the same thing.
import { OTP_LENGTH } from '../constants.ts'

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
} as const

/** A simple address: a local part, '@', a domain, a dot and 2 or more letters (docs/product.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/

/**
 * What no address here may hold, checked after NFKC: control characters, format characters
 * (zero-width and bidirectional marks, which hide or reorder what the owner reads), and `<>",;:`, which
 * quote, bracket or list recipients if an address ever reaches a mail header.
 */
export const EMAIL_FORBIDDEN = /[\p{Cc}\p{Cf}<>",;:]/u

/** RFC 5321's limit on a whole address; longer input is never a real mailbox. */
export const EMAIL_MAX_LENGTH = 254

/** The message the login screen shows for `value`, or null when it is a usable address. */
export function emailProblem(value: string): string | null {
  const email = normalizeEmail(value)
  if (!email) return EMAIL_MESSAGES.required
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email) || EMAIL_FORBIDDEN.test(email)) {
    return EMAIL_MESSAGES.invalid
  }
  return null
}

export function isValidEmail(value: string): boolean {
  return emailProblem(value) === null
}

/**
 * One account per mailbox however it is typed: NFKC (fullwidth and other compatibility forms become the
 * plain letters), surrounding spaces dropped, letters lower-cased.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase()
}

/**
 * docs/product.md §5: the code field keeps digits only, at most 6; anything else typed or pasted is dropped.
 */
export function sanitizeCode(value: string): string {
  return value.replace(/\D+/g, '').slice(0, OTP_LENGTH)
}

export function isCompleteCode(value: string): boolean {
  return value.length === OTP_LENGTH && /^\d+$/.test(value)
}
