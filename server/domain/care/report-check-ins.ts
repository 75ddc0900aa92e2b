// The check-ins the progress report shows (the last four weeks on /progress, 30 days in the vet's PDF).
import type { Db } from '../../db.ts'
import { toCheckIn } from './check-ins.ts'

export interface ReportCheckIn {
  due_at: string
  status: 'due' | 'done' | 'missed'
  answered_at: string | null
  weight: number | null
  unit: string | null
  note: string | null
}

/** The cat's check-ins due since `since`, oldest first, with their status as of `now`. */
export async function checkInsForReport(
  db: Db,
  catId: number,
  since: Date,
  now: Date = new Date(),
): Promise<ReportCheckIn[]> {
  const rows = await db.checkIn.findMany({
    where: { catId, dueAt: { gte: since, lte: now } },
    orderBy: { dueAt: 'asc' },
  })
  return rows.map((row) => {
    const { due_at, status, answered_at, weight, unit, note } = toCheckIn(row, now)
    return { due_at, status, answered_at, weight, unit, note }
  })
}
