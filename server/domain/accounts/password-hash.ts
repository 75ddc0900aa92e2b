import crypto from 'node:crypto'
import { promisify } from 'node:util'

// Password hashing with Node's own scrypt (a maintained, audited implementation; no native add-on).
// Parameters follow OWASP's scrypt option "N=2^14, r=8, p=5": 16 MiB of memory per hash, so a burst
// of sign-ins cannot exhaust the server, with p raising the work an attacker pays per guess.
// The stored text carries its parameters, so they can be raised later without breaking old hashes.

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const
const KEY_LENGTH = 32
const SALT_LENGTH = 16
const PREFIX = 'scrypt'

function maxmem(N: number, r: number) {
  // scrypt needs 128 * N * r bytes; leave headroom so Node does not refuse it.
  return 256 * N * r
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64url), from a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH)
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: maxmem(PARAMS.N, PARAMS.r),
  })
  return [PREFIX, PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

/** True when `password` produces `stored`; compared in constant time. A malformed hash is simply false. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== PREFIX) return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  // Only parameters this code could have written: a tampered row must not make us allocate gigabytes.
  if (![N, r, p].every(Number.isSafeInteger) || N > 2 ** 17 || N < 2 || r > 16 || r < 1 || p > 16 || p < 1)
    return false
  const salt = Buffer.from(parts[4]!, 'base64url')
  const expected = Buffer.from(parts[5]!, 'base64url')
  if (expected.length !== KEY_LENGTH) return false
  const actual = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) })
  return crypto.timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | null = null

/**
 * Spends the same work as a real check when there is no hash to check against (unknown address or an
 * account without a password), so the answer time does not tell which addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummyHash)
  return false
}
