// Short-lived signed addresses for stored images and documents (docs/api.md "Photos and documents"):
// an <img> cannot send the bearer token, so the server that checked the owner hands out an address
// that opens one stored file for a few minutes, and the browser loads the bytes itself. Nothing of the
// file travels inside JSON, and no client cache holds its base64.
//
// The signature is an HMAC-SHA-256 over the kind, the id and the expiry, under a key derived from the
// server's signing secret (services/tokens.ts; instances that share the secret accept each other's
// addresses). A changed kind, id or expiry, or an expiry past, fails the check.
import crypto from 'node:crypto'
import { SIGNED_URL_TTL_SECONDS } from '../../shared/constants.ts'
import type { SignedFileKind } from '../../shared/schemas/files.ts'

export interface SignedAddress {
  kind: SignedFileKind
  id: number
  /** Unix seconds. */
  exp: number
  sig: string
}

export interface FileUrlSigner {
  /** The path (on the server's own origin) that opens the file for SIGNED_URL_TTL_SECONDS from `at`. */
  path(kind: SignedFileKind, id: number, at?: number): string
  /** Whether the address is one this server made and it has not expired. */
  opens(address: SignedAddress): boolean
}

/** `key`: derived from the signing secret for addresses only; `now`: the token service's clock. */
export function fileUrlSigner(key: Buffer, now: () => number): FileUrlSigner {
  const signature = (kind: SignedFileKind, id: number, exp: number) =>
    crypto.createHmac('sha256', key).update(`${kind}:${id}:${exp}`).digest('base64url')
  return {
    path(kind, id, at = now()) {
      const exp = Math.floor(at / 1000) + SIGNED_URL_TTL_SECONDS
      return `/api/files/${kind}/${id}?exp=${exp}&sig=${signature(kind, id, exp)}`
    },
    opens({ kind, id, exp, sig }) {
      const left = exp - Math.floor(now() / 1000)
      // An expiry further ahead than one TTL was not made here either.
      if (left <= 0 || left > SIGNED_URL_TTL_SECONDS) return false
      const expected = Buffer.from(signature(kind, id, exp))
      const given = Buffer.from(sig)
      return given.length === expected.length && crypto.timingSafeEqual(given, expected)
    },
  }
}
