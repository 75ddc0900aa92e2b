// Who may open an interview (docs/product.md §6): a visitor by the session_id that created it, an owner by
// token. Every refusal is the same 404 as a missing interview.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { Interview } from '../../generated/prisma/client.ts'

const notFound = () => appError('NOT_FOUND')

export async function ownedInterview(db: Db, userId: number, id: number): Promise<Interview> {
  const row = await db.interview.findFirst({ where: { id, userId } })
  if (!row) throw notFound()
  return row
}

/**
 * The visitor's interview: the id and the session that created it must both match, and nobody may own
 * it yet. Once an account has claimed it, the session id opens nothing; only the owner's token does.
 */
export async function sessionInterview(
  db: Db,
  id: number,
  sessionId: string,
  ownerId: number | null | undefined,
): Promise<Interview> {
  const visitors = { sessionId, userId: null }
  const row = await db.interview.findFirst({
    where: ownerId ? { id, OR: [visitors, { userId: ownerId }] } : { id, ...visitors },
  })
  if (!row) throw notFound()
  return row
}
