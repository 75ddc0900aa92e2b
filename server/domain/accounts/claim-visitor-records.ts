import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'

/**
 * Hands what an anonymous visitor made in this browser (its `sessionId`) to the account that just
 * signed in: cats and interviews with that session and no owner yet. Records another account already
 * owns are never touched. Conversations always have an owner, so there is nothing to claim there.
 */
export async function claimVisitorRecords(
  db: Db,
  userId: number,
  sessionId: string | undefined | null,
): Promise<{ cats: number; interviews: number }> {
  if (!sessionId) return { cats: 0, interviews: 0 }
  // A session whose records an account already holds is spent: whatever appears under it later was not
  // made by that visitor's browser (sign-out clears it and starts a new one), so nobody gets it.
  const owned = await db.$transaction([
    db.cat.count({ where: { sessionId, userId: { not: null } } }),
    db.interview.count({ where: { sessionId, userId: { not: null } } }),
  ])
  if (owned[0] + owned[1] > 0) return { cats: 0, interviews: 0 }
  const [cats, interviews] = await db.$transaction([
    db.cat.updateMany({ where: { sessionId, userId: null }, data: { userId } }),
    db.interview.updateMany({ where: { sessionId, userId: null }, data: { userId } }),
  ])
  return { cats: cats.count, interviews: interviews.count }
}

/** The claim at sign-in: a failure is logged and must not cost the sign-in. */
export async function claimAtSignIn(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  userId: number,
  sessionId: string | undefined,
): Promise<void> {
  if (!sessionId) return
  try {
    const claimed = await claimVisitorRecords(db, userId, sessionId)
    if (claimed.cats || claimed.interviews) log.info({ userId, ...claimed }, 'visitor records claimed')
  } catch (error) {
    log.error({ err: error, userId }, 'claiming visitor records failed')
  }
}
