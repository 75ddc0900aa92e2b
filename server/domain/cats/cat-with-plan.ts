// A cat and its care plan, kept together: the care loop starts with the cat (its plan from the quiz's
// rhythm and days, and its first reminder), and the quiz's answers sent again re-plan it.
import type { FastifyBaseLogger } from 'fastify'
import type { CatFields, PhotoInput } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import type { Assistant } from '../../services/assistant/types.ts'
import { ensureCarePlan, replanFromQuiz } from '../care/plan.ts'
import { catAccess } from '../household/access.ts'
import { requireRoom } from '../quotas.ts'
import type { Tx } from '../row-lock.ts'
import { createCat, updateCat } from './owner-cats.ts'

export interface CatWithPlanDeps {
  db: Db
  assistant: Pick<Assistant, 'recommend'>
  log: Pick<FastifyBaseLogger, 'warn'>
  /** Starts the new cat's plan, inside the cat's transaction (ensureCarePlan; tests inject a failure). */
  startPlan?: (tx: Tx, userId: number, catId: number) => Promise<unknown>
}

/** The owner's new cat and its care plan in one transaction: never a cat without its plan. */
export async function createCatWithPlan(
  deps: CatWithPlanDeps,
  userId: number,
  cat: { fields: CatFields; photo: PhotoInput | undefined; sessionId: string | undefined },
) {
  await requireRoom(deps.db, userId, 'cats')
  const startPlan = deps.startPlan ?? ensureCarePlan
  return createCat(deps, userId, cat, (tx, catId) => startPlan(tx, userId, catId))
}

/** Whether a change re-plans the cat: the quiz's rhythm or days sent again (the wizard's update). */
const changesPlan = (fields: CatFields) =>
  fields.check_in_period !== undefined || fields.training_days !== undefined

/** Changes the cat; a change of the quiz's rhythm or days re-plans it (by its owner's plan). */
export async function updateCatAndPlan(
  deps: CatWithPlanDeps,
  userId: number,
  id: number,
  change: { fields: CatFields; photo: PhotoInput | undefined },
) {
  const cat = await updateCat(deps, userId, id, change)
  if (changesPlan(change.fields)) {
    const access = await catAccess(deps.db, userId, id, 'manage')
    await replanFromQuiz(deps.db, access.ownerId, id)
  }
  return cat
}
