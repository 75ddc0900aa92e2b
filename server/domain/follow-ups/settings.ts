// The owner may turn follow-ups off per cat (docs/follow-ups.md): nothing more is scheduled for the cat,
// and its follow-ups not yet sent are dropped.
import type { Db } from '../../db.ts'
import { careCat } from '../care/care-cat.ts'

export async function followUpSettings(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId, 'read')
  const row = await db.cat.findUniqueOrThrow({ where: { id: cat.id }, select: { followUpsOn: true } })
  return { cat_id: cat.id, follow_ups_on: row.followUpsOn }
}

export async function setFollowUps(
  db: Db,
  userId: number,
  input: { cat_id?: number; follow_ups_on: boolean },
) {
  const cat = await careCat(db, userId, input.cat_id, 'manage')
  await db.$transaction([
    db.cat.update({ where: { id: cat.id }, data: { followUpsOn: input.follow_ups_on } }),
    ...(input.follow_ups_on ? [] : [db.followUp.deleteMany({ where: { catId: cat.id, status: 'pending' } })]),
  ])
  return { cat_id: cat.id, follow_ups_on: input.follow_ups_on }
}
