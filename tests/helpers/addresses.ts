// Addresses for the account tests: every call a new one, so tests sharing one database never meet an
// owner, a code or a rate-limit key left by another test.
let seq = 0

/** A new address, `<tag>-<n>-<time>@example.com`. */
export const freshAddress = (tag = 'owner') => `${tag}-${++seq}-${Date.now()}@example.com`
