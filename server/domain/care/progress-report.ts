// Everything the vet report and /progress show about one cat, read in a few statements.

import { latestPerDay } from '../../../shared/rules/weight-log.ts'
import type { WeightEntry } from '../../../shared/schemas/care.ts'
import type { Cat } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { CAT_COLUMNS, toCat } from '../cats/cat-record.ts'
import { healthRecordForReport, type ReportHealthRecord } from '../record/report-record.ts'
import { checkInsForReport, type ReportCheckIn } from './report-check-ins.ts'
import { type UrgentConcern, urgentConcerns } from './urgent-concerns.ts'
import { listWeights } from './weights.ts'

const DAY_MS = 86_400_000
/** The PDF's check-ins and concerns: the last 30 days; /progress's: the last four weeks. */
export const REPORT_DAYS = 30
export const PAGE_CHECK_IN_DAYS = 28
/** Urgent concerns reach back a year: a vet wants to know about last spring's emergency too. */
const CONCERN_DAYS = 365

export interface ProgressReport {
  cat: Cat
  weights: WeightEntry[]
  checkIns: ReportCheckIn[]
  concerns: UrgentConcern[]
  /** Vaccinations, current medications and documents' titles (server/domain/record). */
  record: ReportHealthRecord
  generatedAt: Date
}

/** The report of one of `userId`'s cats (the caller has checked it is theirs, or found it by a link). */
export async function progressReport(
  db: Db,
  userId: number,
  catId: number,
  now: Date = new Date(),
): Promise<ProgressReport> {
  const [row, weights, checkIns, record] = await Promise.all([
    db.cat.findFirst({ where: { id: catId, userId }, select: CAT_COLUMNS }),
    listWeights(db, catId),
    checkInsForReport(db, catId, new Date(now.getTime() - REPORT_DAYS * DAY_MS)),
    healthRecordForReport(db, catId, now),
  ])
  if (!row) throw appError('CAT_NOT_FOUND')
  const concerns = await urgentConcerns(
    db,
    { id: catId, userId, createdAt: row.createdAt },
    new Date(now.getTime() - CONCERN_DAYS * DAY_MS),
  )
  // The vet reads one weight a day: the day's latest.
  return { cat: toCat(row), weights: latestPerDay(weights), checkIns, concerns, record, generatedAt: now }
}
