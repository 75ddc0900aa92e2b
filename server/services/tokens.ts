import crypto from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { LRUCache } from 'lru-cache'
import type { Db } from '../db.ts'
import { fileUrlSigner } from './signed-urls.ts'

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
  /** The server-side session the token belongs to (the `sid` claim). */
  sessionId?: string
}

export interface IssuedToken {
  token: string
  expiresIn: number
  /** Unix seconds. */
  expiresAt: number
  sessionId: string
  /** Only when the call opened a new session: the first refresh token of that session. */
  refreshToken?: string
}

export type TokenService = ReturnType<typeof createTokenService>

/**
 * Verified tokens remembered until they expire. Every request checks its token, and the HMAC check
 * through WebCrypto cost about 30 µs of CPU, a tenth of a cached read (npm run bench). A token's bytes
 * are what was verified, so the same string verifies the same way until its `exp`.
 */
const VERIFIED_TOKENS_KEPT = 5_000

/**
 * How long one instance trusts that a session is still open without asking the database. Logout on
 * this instance forgets it at once; a revocation made on another instance is seen within this time.
 */
export const SESSION_CHECK_MS = 5_000

// A refresh token is `<session id>.<secret>`; only the secret's SHA-256 is stored. The secret is derived
// from the session id and its rotation count (createTokenService's refreshSecret).

/** A session ends this long after its sign-in, however often it was refreshed. */
export const SESSION_MAX_DAYS = 30
export const SESSION_MAX_MS = SESSION_MAX_DAYS * 86_400_000

export function hashRefreshSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex')
}

/**
 * Session tokens: HS256 JWTs with sub, email, exp, sid (the server-side session) and user_metadata
 * (docs/api.md "Session token"), plus email_verified (OpenID Connect's claim name). A token is valid
 * while its signature, its `exp` and its session row all hold.
 */
export function createTokenService(options: {
  secret: string
  ttlSeconds: number
  db: Db
  /** The clock (ms since the epoch) expiries are issued and checked by; tests move it instead of sleeping. */
  now?: () => number
}) {
  const key = new TextEncoder().encode(options.secret)
  const { db } = options
  const now = options.now ?? Date.now
  // An injected clock also drives the caches' expiry, read at every check (no 1 ms reuse of a reading).
  const clock = options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}
  const verified = new LRUCache<string, SessionUser>({
    max: VERIFIED_TOKENS_KEPT,
    ttlAutopurge: false,
    ...clock,
  })
  // Session id → its account's id: a token's `sub` must be the session's own account.
  const openSessions = new LRUCache<string, number>({
    max: VERIFIED_TOKENS_KEPT,
    ttl: SESSION_CHECK_MS,
    ...clock,
  })
  const refreshKey = crypto
    .createHmac('sha256', options.secret)
    .update('kitty-care refresh token v1')
    .digest()

  function refreshSecret(sessionId: string, generation: number): string {
    return crypto.createHmac('sha256', refreshKey).update(`${sessionId}.${generation}`).digest('base64url')
  }

  /** Open, within its absolute lifetime, and the session of the account the token names (`sub`). */
  async function sessionIsOpen(sessionId: string, userId: number): Promise<boolean> {
    if (openSessions.get(sessionId) === userId) return true
    // A deleted account's sessions go with it (ON DELETE CASCADE), so this one lookup covers it too.
    const row = await db.session.findUnique({
      where: { id: sessionId },
      select: { revokedAt: true, userId: true, createdAt: true },
    })
    if (!row || row.revokedAt || row.userId !== userId) return false
    if (row.createdAt.getTime() <= now() - SESSION_MAX_MS) return false
    openSessions.set(sessionId, userId)
    return true
  }

  return {
    /**
     * The refresh secret of a session's `generation`-th rotation: derived, so the server can answer the
     * current one again to a refresh that lost the race (the grace window) while storing only hashes.
     */
    refreshSecret,

    /**
     * The key one-time code hashes are made with, derived from the signing secret
     * (server/domain/accounts/one-time-codes.ts).
     */
    codePepper: crypto.createHmac('sha256', options.secret).update('kitty-care one-time code v1').digest(),

    /** Short-lived signed addresses of stored photos and documents (services/signed-urls.ts). */
    files: fileUrlSigner(
      crypto.createHmac('sha256', options.secret).update('kitty-care signed file urls v1').digest(),
      now,
    ),

    /**
     * An access token for `user`. Without `user.sessionId` this is a sign-in: a new session row is
     * made, and its first refresh token is returned beside the access token.
     */
    async issue(user: SessionUser): Promise<IssuedToken> {
      let sessionId = user.sessionId
      let refreshToken: string | undefined
      if (!sessionId) {
        sessionId = crypto.randomBytes(18).toString('base64url')
        const secret = refreshSecret(sessionId, 0)
        await db.session.create({
          data: {
            id: sessionId,
            userId: user.id,
            refreshTokenHash: hashRefreshSecret(secret),
            emailVerified: user.emailVerified === true,
          },
        })
        refreshToken = `${sessionId}.${secret}`
      }
      const issuedAt = Math.floor(now() / 1000)
      const expiresAt = issuedAt + options.ttlSeconds
      const token = await new SignJWT({
        email: user.email,
        sid: sessionId,
        user_metadata: { first_name: user.firstName, full_name: user.fullName },
        email_verified: user.emailVerified === true,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key)
      return {
        token,
        expiresIn: options.ttlSeconds,
        expiresAt,
        sessionId,
        ...(refreshToken && { refreshToken }),
      }
    },

    /**
     * The user a token names, or null for a missing, expired, forged, altered or unsigned token, one
     * without `exp` or `sid`, or one whose session was revoked or whose account is gone.
     */
    async verify(token: string): Promise<SessionUser | null> {
      let user = verified.get(token)
      if (!user) {
        user = (await verifySignature(token)) ?? undefined
        if (!user) return null
      }
      if (await sessionIsOpen(user.sessionId!, user.id)) return user
      verified.delete(token)
      return null
    },

    /** Forgets what this instance remembered of sessions that just ended (logout, deletion). */
    forgetSessions(sessionIds: readonly string[]) {
      for (const id of sessionIds) openSessions.delete(id)
    },
  }

  async function verifySignature(token: string): Promise<SessionUser | null> {
    try {
      // Pinning the algorithm rejects `alg: none` and any key-confusion trick; a token must expire.
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: new Date(now()),
      })
      const id = Number(payload.sub)
      if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.email !== 'string') return null
      if (typeof payload.sid !== 'string' || !payload.sid) return null
      const meta = (payload.user_metadata ?? {}) as { first_name?: unknown; full_name?: unknown }
      const user: SessionUser = Object.freeze({
        id,
        email: payload.email,
        firstName: typeof meta.first_name === 'string' ? meta.first_name : '',
        fullName: typeof meta.full_name === 'string' ? meta.full_name : '',
        emailVerified: payload.email_verified === true,
        sessionId: payload.sid,
      })
      const msLeft = (payload.exp as number) * 1000 - now()
      if (msLeft > 0) verified.set(token, user, { ttl: msLeft })
      return user
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null
      throw error
    }
  }
}

export const JWT_SECRET_NAME = 'jwt-secret'

/**
 * JWT_SECRET, or the one kept in the database, made by whichever instance starts first: every instance
 * that shares the database signs and checks with the same key, with no setting. Insert-if-absent and
 * read back, so two instances starting at once still agree.
 */
export async function resolveJwtSecret(configured: string | undefined, db: Db): Promise<string> {
  if (configured) return configured
  const candidate = crypto.randomBytes(48).toString('base64url')
  await db.$executeRaw`INSERT INTO "app_secrets" ("name", "value") VALUES (${JWT_SECRET_NAME}, ${candidate}) ON CONFLICT ("name") DO NOTHING`
  const row = await db.appSecret.findUniqueOrThrow({ where: { name: JWT_SECRET_NAME } })
  return row.value
}
