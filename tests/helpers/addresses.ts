// Addresses for the account tests: every call a new one, so tests sharing one database never meet an
// owner, a code or a rate-limit key left by another test.
let seq = 0

/** A new address, `<tag>-<n>-<time>@example.com`. */
export const freshAddress = (tag = 'owner') => `${tag}-${++seq}-${Date.now()}@example.com`

/**
 * Addresses with characters that hide, reorder or split them (zero-width, bidi, control, list).
 * The shared rule refuses every one (tests/unit/email.test.ts), and so does the server
 * (tests/api/auth-attacker.test.ts).
 */
export const DISGUISED_ADDRESSES = [
  'own\u200ber@example.com',
  'owner@example.com\u200d',
  'owner@exa\u202emple.com',
  'own\u2066er@example.com',
  'own\u0007er@example.com',
  'own\u0085er@example.com',
  'own<er@example.com',
  'own>er@example.com',
  '"owner"@example.com',
  'a,b@example.com',
  'a;b@example.com',
  'password:owner@example.com',
  'owner@example.com\ufe64',
]
