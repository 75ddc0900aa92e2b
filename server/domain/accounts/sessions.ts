// Server-side sessions: a row per sign-in, ended by logout, "sign out everywhere",
// account deletion, setting a password (when the owner asks), a proof of the address (the sessions opened
// before it), or the reuse of a replaced refresh token after its grace window. Renewed by rotating refresh
// tokens that idle out after 30 days; over SESSION_MAX_DAYS after the sign-in whatever the refreshes.
import type { Db } from '../../db.ts'
import {
  hashRefreshSecret,
  type IssuedToken,
  SESSION_MAX_MS,
  type TokenService,
} from '../../services/tokens.ts'

/** A session nobody has refreshed for this long is over (the access token alone lasts SESSION_TTL). */
export const SESSION_IDLE_DAYS = 30
const IDLE_MS = SESSION_IDLE_DAYS * 86_400_000

/**
 * How long the refresh token a rotation just replaced still gets the current pair: two tabs refreshing
 * at once, or a retry after an answer lost on the way, are the owner, not a thief.
 */
export const REFRESH_GRACE_SECONDS = 30

export type Refreshed = { ok: true; issued: IssuedToken & { refreshToken: string } } | { ok: false }

type RefreshTokens = Pick<TokenService, 'issue' | 'refreshSecret' | 'forgetSessions'>

/**
 * Trades a refresh token for a new access token and a new refresh token (rotation). The token the last
 * rotation replaced gets the current refresh token again within REFRESH_GRACE_SECONDS; after that, its
 * reuse means a copy exists and the whole session is revoked. Any other secret is only refused.
 */
export async function refreshSession(
  db: Db,
  tokens: RefreshTokens,
  refreshToken: string,
  now = new Date(),
): Promise<Refreshed> {
  const dot = refreshToken.indexOf('.')
  if (dot <= 0) return { ok: false }
  const sessionId = refreshToken.slice(0, dot)
  const presented = hashRefreshSecret(refreshToken.slice(dot + 1))
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await db.session.findUnique({
      where: { id: sessionId },
      select: {
        refreshTokenHash: true,
        previousTokenHash: true,
        generation: true,
        refreshedAt: true,
        createdAt: true,
        revokedAt: true,
      },
    })
    if (!row || row.revokedAt) return { ok: false }
    if (row.refreshedAt.getTime() <= now.getTime() - IDLE_MS) return { ok: false }
    if (row.createdAt.getTime() <= now.getTime() - SESSION_MAX_MS) return { ok: false }

    if (presented === row.refreshTokenHash) {
      const generation = row.generation + 1
      const secret = tokens.refreshSecret(sessionId, generation)
      // Compare-and-set on the generation: of two refreshes with the same token, one rotates; the other
      // reads the row again and finds its token just replaced (the grace path below).
      const rotated = await db.session.updateMany({
        where: { id: sessionId, generation: row.generation, refreshTokenHash: presented, revokedAt: null },
        data: {
          refreshTokenHash: hashRefreshSecret(secret),
          previousTokenHash: presented,
          generation,
          refreshedAt: now,
        },
      })
      if (rotated.count === 1) return answer(db, tokens, sessionId, secret)
      continue
    }

    if (row.previousTokenHash !== null && presented === row.previousTokenHash) {
      const withinGrace = now.getTime() - row.refreshedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000
      if (withinGrace) return answer(db, tokens, sessionId, tokens.refreshSecret(sessionId, row.generation))
      // A really issued, already replaced token used again: a copy exists. End the session for everyone.
      const revoked = await db.session.updateMany({
        where: { id: sessionId, revokedAt: null, previousTokenHash: presented },
        data: { revokedAt: now },
      })
      if (revoked.count) tokens.forgetSessions([sessionId])
      return { ok: false }
    }
    // A secret this session never issued (or one replaced two rotations ago): refused, nothing revoked.
    return { ok: false }
  }
  return { ok: false }
}

/** A new access token of the session, with `secret` as its refresh token. */
async function answer(db: Db, tokens: RefreshTokens, sessionId: string, secret: string): Promise<Refreshed> {
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

/** Every open session of the owner but `keep` ends (a new password, when the owner asks for it). */
export async function endOtherSessions(
  db: Db,
  tokens: TokenService,
  userId: number,
  keep: string,
  now = new Date(),
) {
  const open = await db.session.findMany({
    where: { userId, revokedAt: null, id: { not: keep } },
    select: { id: true },
  })
  await db.session.updateMany({
    where: { id: { in: open.map((s) => s.id) }, revokedAt: null },
    data: { revokedAt: now },
  })
  tokens.forgetSessions(open.map((s) => s.id))
  return open.length
}

/**
 * A proof of the address (a code sign-in) ends every session opened without one: whoever held them
 * never showed they read the owner's mail.
 */
export async function endUnprovenSessions(
  db: Db,
  tokens: Pick<TokenService, 'forgetSessions'>,
  userId: number,
  now = new Date(),
) {
  const open = await db.session.findMany({
    where: { userId, revokedAt: null, emailVerified: false },
    select: { id: true },
  })
  if (open.length === 0) return 0
  await db.session.updateMany({
    where: { id: { in: open.map((s) => s.id) }, revokedAt: null },
    data: { revokedAt: now },
  })
  tokens.forgetSessions(open.map((s) => s.id))
  return open.length
}
