// The check-ins the progress report shows (the last four weeks on /progress, 30 days in the vet's PDF).
import type { Db } from '../../db.ts'

export interface ReportCheckIn {
  due_at: string
  status: 'due' | 'done' | 'missed'
  answered_at: string | null
  weight: number | null
  unit: string | null
  note: string | null
}

/**
 * The cat's check-ins due since `since`, oldest first.
 *
 * TODO(lead, at merge): read the care engineer's check-ins table (the `check_ins` model of router
 * `care`, CONTRACT "GET /api/care/check-ins"): `db.checkIn.findMany({where: {catId, dueAt: {gte: since}},
 * orderBy: {dueAt: 'asc'}})` mapped to ReportCheckIn. Until then the report honestly says
 * "no check-ins yet".
 */
export async function checkInsForReport(_db: Db, _catId: number, _since: Date): Promise<ReportCheckIn[]> {
  return []
}
