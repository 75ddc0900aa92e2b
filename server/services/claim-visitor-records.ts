import type { Db } from '../db.ts'

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
  const [cats, interviews] = await db.$transaction([
    db.cat.updateMany({ where: { sessionId, userId: null }, data: { userId } }),
    db.interview.updateMany({ where: { sessionId, userId: null }, data: { userId } }),
  ])
  return { cats: cats.count, interviews: interviews.count }
}
