// The cat a care procedure (plan, check-ins, weights, report) is about.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'

/**
 * The owner's cat `catId` (someone else's or a missing one is a 404), else the owner's current cat
 * (CONTRACT: the highest id); an owner with no cat gets a 404 too.
 */
export async function careCat(
  db: Db,
  userId: number,
  catId?: number | null,
): Promise<{ id: number; name: string }> {
  const cat = await db.cat.findFirst({
    where: catId == null ? { userId } : { id: catId, userId },
    orderBy: { id: 'desc' },
    select: { id: true, name: true },
  })
  if (!cat) throw appError('CAT_NOT_FOUND')
  return cat
}
