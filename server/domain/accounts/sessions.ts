// Server-side sessions (issue 12): a row per sign-in, ended by logout, "sign out everywhere", account
// deletion, or a refresh token used twice; renewed by rotating refresh tokens that idle out after 30 days.
import type { Db } from '../../db.ts'
import {
  hashRefreshSecret,
  type IssuedToken,
  newRefreshSecret,
  type TokenService,
} from '../../services/tokens.ts'

/** A session nobody has refreshed for this long is over (the access token alone lasts SESSION_TTL). */
export const SESSION_IDLE_DAYS = 30
const IDLE_MS = SESSION_IDLE_DAYS * 86_400_000

export type Refreshed = { ok: true; issued: IssuedToken & { refreshToken: string } } | { ok: false }

/**
 * Trades a refresh token for a new access token and a new refresh token (rotation). The old refresh
 * token is spent: presenting a spent one again means a copy exists, so the whole session is revoked.
 */
export async function refreshSession(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  now = new Date(),
): Promise<Refreshed> {
  const dot = refreshToken.indexOf('.')
  if (dot <= 0) return { ok: false }
  const sessionId = refreshToken.slice(0, dot)
  const presented = hashRefreshSecret(refreshToken.slice(dot + 1))
  const secret = newRefreshSecret()
  // The check and the rotation in one statement: of two refreshes with the same token, one wins.
  const rotated = await db.session.updateMany({
    where: {
      id: sessionId,
      refreshTokenHash: presented,
      revokedAt: null,
      refreshedAt: { gt: new Date(now.getTime() - IDLE_MS) },
    },
    data: { refreshTokenHash: hashRefreshSecret(secret), refreshedAt: now },
  })
  if (rotated.count === 0) {
    // A spent (or made-up) token for a live session: end that session, whoever holds the current one.
    const reused = await db.session.updateMany({
      where: { id: sessionId, revokedAt: null, refreshTokenHash: { not: presented } },
      data: { revokedAt: now },
    })
    if (reused.count) tokens.forgetSessions([sessionId])
    return { ok: false }
  }
  const session = await db.session.findUnique({
    where: { id: sessionId },
    select: {
      emailVerified: true,
      user: { select: { id: true, email: true, firstName: true, fullName: true } },
    },
  })
  if (!session) return { ok: false }
  const issued = await tokens.issue({ ...session.user, emailVerified: session.emailVerified, sessionId })
  return { ok: true, issued: { ...issued, refreshToken: `${sessionId}.${secret}` } }
}

/** Logout: ends one session at once, here and (within SESSION_CHECK_MS) on every other instance. */
export async function endSession(db: Db, tokens: TokenService, sessionId: string, now = new Date()) {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } })
  tokens.forgetSessions([sessionId])
}

/** "Sign out everywhere": every open session of the owner ends, this one included. */
export async function endAllSessions(db: Db, tokens: TokenService, userId: number, now = new Date()) {
  const open = await db.session.findMany({ where: { userId, revokedAt: null }, select: { id: true } })
  await db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } })
  tokens.forgetSessions(open.map((s) => s.id))
  return open.length
}
