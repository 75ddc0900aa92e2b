// What an owner's /progress calls do: each first finds the owner's cat the call names, else
// their current cat (careCat: someone else's or none is a 404), as plan.ts and check-ins.ts do, so the
// router only wires schemas to these.

import type { WeightEntry, WeightInput } from '../../../shared/schemas/care.ts'
import type { ProgressOverview } from '../../../shared/schemas/progress.ts'
import type { Db } from '../../db.ts'
import { heldLevel } from '../chat/escalations.ts'
import { logActivity } from '../household/activity.ts'
import { createShareLink, liveShareLinks, SHARED_REPORT_PATH } from '../links/share-links.ts'
import { careCat } from './care-cat.ts'
import { PAGE_CHECK_IN_DAYS, progressReport } from './progress-report.ts'
import { checkInsForReport } from './report-check-ins.ts'
import { renderReportPdf } from './report-pdf.ts'
import { listWeights, listWeightsPage, recordWeight } from './weights.ts'

const DAY_MS = 86_400_000

/** A page of the cat's weight log, oldest first (weights.ts: listWeightsPage). */
export async function ownerWeights(
  db: Db,
  userId: number,
  input: { cat_id?: number | undefined; after?: number | undefined; limit?: number | undefined },
): Promise<WeightEntry[]> {
  const cat = await careCat(db, userId, input.cat_id, 'read')
  return listWeightsPage(db, cat.id, input)
}

/** A weight the owner logs on /progress (or through REST); the source says where it was typed. */
export async function logOwnerWeight(db: Db, userId: number, input: WeightInput): Promise<WeightEntry> {
  const cat = await careCat(db, userId, input.cat_id, 'log')
  const entry = await recordWeight(db, cat.id, {
    weight: input.weight,
    unit: input.unit,
    measuredAt: input.measured_at ? new Date(input.measured_at) : undefined,
    source: input.source ?? 'progress',
  })
  await logActivity(db, {
    catId: cat.id,
    authorId: userId,
    kind: 'weight_logged',
    summary: `Logged ${entry.weight} ${entry.unit}`,
  })
  return entry
}

/** What /progress reads in one call: the weight log, the last four weeks' check-ins, whether the vet comes first. */
export async function progressOverview(
  db: Db,
  userId: number,
  catId?: number,
  now: Date = new Date(),
): Promise<ProgressOverview> {
  const cat = await careCat(db, userId, catId, 'read')
  const [weights, checkIns, held] = await Promise.all([
    listWeights(db, cat.id),
    checkInsForReport(db, cat.id, new Date(now.getTime() - PAGE_CHECK_IN_DAYS * DAY_MS)),
    heldLevel(db, cat.id),
  ])
  // While the cat's escalation is open, the plan pauses play and training (docs/product.md §4).
  return { cat_id: cat.id, weights, check_ins: checkIns, vet_first: held !== 'routine' }
}

/** The vet report of the owner's cat as a PDF. */
export async function ownerReportPdf(db: Db, userId: number, catId?: number): Promise<Uint8Array> {
  const cat = await careCat(db, userId, catId, 'manage')
  return renderReportPdf(await progressReport(db, cat.ownerId, cat.id))
}

/**
 * A share link to the report of the owner's cat, `days` long (7 unless told): the share path below
 * `publicBase`, the address the site is reached at (config publicUrl).
 */
/** The live share links of the owner's cat named (else the current cat), newest first. */
export async function ownerShareLinks(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId, 'manage')
  return liveShareLinks(db, cat.ownerId, cat.id)
}

export async function shareOwnerReport(
  db: Db,
  userId: number,
  input: { cat_id?: number | undefined; days?: number | undefined },
  publicBase: string,
): Promise<{ url: string; expires_at: string }> {
  const cat = await careCat(db, userId, input.cat_id, 'manage')
  const link = await createShareLink(
    db,
    { ownerId: cat.ownerId, createdById: userId, catId: cat.id },
    input.days,
  )
  return {
    url: `${publicBase}${SHARED_REPORT_PATH}?token=${link.token}`,
    expires_at: link.expiresAt.toISOString(),
  }
}
