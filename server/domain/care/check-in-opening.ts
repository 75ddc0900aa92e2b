// Dr. Olivia's opening of a check-in in the chat: the day's plan, and on a weigh-in day, the question for
// the weight. Scripted, with or without a model (docs/decisions.md): the plan's figures come from the
// cat's record, and a model would add nothing but a chance to get them wrong.
import { EXPERT_NAME } from '../../../shared/constants.ts'
import type { Db } from '../../db.ts'
import { heldLevel } from '../chat/escalations.ts'
import { ownedCheckIn, toCheckIn } from './check-ins.ts'
import { DAY_PLAN_COLUMNS, dayPlan } from './day-plan.ts'
import { isTrainingDay, weekdayIn } from './schedule.ts'

export async function checkInOpening(db: Db, userId: number, id: number, now = new Date()) {
  const row = await ownedCheckIn(db, userId, id)
  const [cat, plan, held] = await Promise.all([
    db.cat.findUniqueOrThrow({
      where: { id: row.catId },
      select: DAY_PLAN_COLUMNS,
    }),
    db.carePlan.findUnique({ where: { catId: row.catId } }),
    heldLevel(db, row.catId),
  ])
  const timezone = plan?.timezone ?? 'UTC'
  const day = dayPlan(cat, {
    trainingDay: isTrainingDay(plan?.trainingDays ?? [], weekdayIn(row.dueAt, timezone)),
    weighIn: row.weighIn,
    // While the cat's escalation is open, no play or training (docs/product.md §4).
    vetFirst: held !== 'routine',
  })
  const question = row.weighIn
    ? `It is weigh-in day: how much does ${day.catName} weigh today? Tell me here (for example "10.4 lb") or use the form.`
    : `How is ${day.catName} doing today? Tell me here, or note it in the form.`
  const opening = [
    `Hi! ${EXPERT_NAME} here for ${day.catName}'s check-in. Today's plan:`,
    ...day.lines.map((l) => `• ${l}`),
    question,
  ].join('\n')
  return {
    check_in: toCheckIn(row, now),
    cat_name: day.catName,
    weight_unit: cat.weightUnit === 'Kg' ? ('Kg' as const) : ('Lbs' as const),
    opening,
  }
}
