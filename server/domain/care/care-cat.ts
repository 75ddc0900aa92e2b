// The cat a care procedure (plan, check-ins, weights, report, record) is about, through the household's
// access policy (server/domain/household/access.ts, docs/household.md).
import type { Db } from '../../db.ts'
import { type CareAction, type CatAccess, catAccess } from '../household/access.ts'

/**
 * The cat `catId` if the user may do `action` on it (their own, or one shared with them), else their
 * current cat (docs/product.md §10: the highest id); one they may not reach, or none, is a 404.
 */
export function careCat(
  db: Db,
  userId: number,
  catId: number | null | undefined,
  action: CareAction,
): Promise<CatAccess> {
  return catAccess(db, userId, catId, action)
}
