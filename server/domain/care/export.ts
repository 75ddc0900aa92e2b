// The care loop's part of "Download my data": the owner's plans and check-ins, JSON-ready.
import type { Db } from '../../db.ts'
import { toCheckIn } from './check-ins.ts'
import { toCarePlan } from './plan.ts'

export async function careExportOf(db: Db, userId: number) {
  const [plans, checkIns] = await Promise.all([
    db.carePlan.findMany({ where: { userId }, orderBy: { catId: 'asc' } }),
    db.checkIn.findMany({ where: { cat: { userId } }, orderBy: [{ catId: 'asc' }, { dueAt: 'asc' }] }),
  ])
  return {
    care_plans: plans.map(toCarePlan),
    check_ins: checkIns.map((row) => ({ cat_id: row.catId, ...toCheckIn(row) })),
  }
}
