import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { LRUCache } from 'lru-cache'
import { MIN_JWT_SECRET_LENGTH } from '../config.ts'

export interface SessionUser {
  id: number
  email: string
  firstName: string
  fullName: string
  /**
   * The `email_verified` claim: the account's address was proved (a sign-in code used) when the session
   * was issued. A session from sign-up before that never has it.
   */
  emailVerified?: boolean
}

export interface IssuedToken {
  token: string
  expiresIn: number
  /** Unix seconds. */
  expiresAt: number
}

export type TokenService = ReturnType<typeof createTokenService>

/**
 * Verified tokens remembered until they expire. Every request checks its token, and the HMAC check
 * through WebCrypto cost about 30 µs of CPU, a tenth of a cached read (npm run bench). A token's bytes
 * are what was verified, so the same string verifies the same way until its `exp`.
 */
const VERIFIED_TOKENS_KEPT = 5_000

/**
 * Session tokens: HS256 JWTs with sub, email, exp and user_metadata (CONTRACT.md "Session token"), plus
 * email_verified (OpenID Connect's claim name).
 */
export function createTokenService(options: { secret: string; ttlSeconds: number }) {
  const key = new TextEncoder().encode(options.secret)
  const verified = new LRUCache<string, SessionUser>({ max: VERIFIED_TOKENS_KEPT, ttlAutopurge: false })
  return {
    async issue(user: SessionUser): Promise<IssuedToken> {
      const now = Math.floor(Date.now() / 1000)
      const expiresAt = now + options.ttlSeconds
      const token = await new SignJWT({
        email: user.email,
        user_metadata: { first_name: user.firstName, full_name: user.fullName },
        email_verified: user.emailVerified === true,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key)
      return { token, expiresIn: options.ttlSeconds, expiresAt }
    },

    /** The user a token names, or null for a missing, expired, forged, altered or unsigned token. */
    async verify(token: string): Promise<SessionUser | null> {
      const known = verified.get(token)
      if (known) return known
      try {
        // Pinning the algorithm rejects `alg: none` and any key-confusion trick.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        const id = Number(payload.sub)
        if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.email !== 'string') return null
        const meta = (payload.user_metadata ?? {}) as { first_name?: unknown; full_name?: unknown }
        const user: SessionUser = Object.freeze({
          id,
          email: payload.email,
          firstName: typeof meta.first_name === 'string' ? meta.first_name : '',
          fullName: typeof meta.full_name === 'string' ? meta.full_name : '',
          emailVerified: payload.email_verified === true,
        })
        // `exp` is optional in a JWT (ours always carry one): only a token with one is kept, until then.
        const msLeft = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() : 0
        if (msLeft > 0) verified.set(token, user, { ttl: msLeft })
        return user
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null
        throw error
      }
    },
  }
}

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive restarts. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'jwt-secret')
  let stored: string
  try {
    stored = fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(48).toString('base64url')
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
  // An emptied or cut file would sign nothing and fail every signed-in request: refuse it at start-up.
  if (stored.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_JWT_SECRET_LENGTH} characters: delete it to have a new one made, or set JWT_SECRET`,
    )
  }
  return stored
}
