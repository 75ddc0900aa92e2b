// The progress part of "Download my data": every cat's weight log and the owner's share
// links (when made, until when, whether revoked; never the token or its hash).
import type { Db } from '../../db.ts'

export async function progressExportOf(db: Db, userId: number) {
  const [weights, shareLinks] = await Promise.all([
    db.weightEntry.findMany({
      where: { cat: { userId } },
      orderBy: [{ catId: 'asc' }, { measuredAt: 'asc' }, { id: 'asc' }],
      select: { id: true, catId: true, weight: true, unit: true, measuredAt: true, source: true },
    }),
    db.reportShareLink.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
      select: { id: true, catId: true, createdAt: true, expiresAt: true, revokedAt: true },
    }),
  ])
  return {
    weights: weights.map((w) => ({
      id: w.id,
      cat_id: w.catId,
      weight: w.weight,
      unit: w.unit,
      measured_at: w.measuredAt.toISOString(),
      source: w.source,
    })),
    report_share_links: shareLinks.map((l) => ({
      id: l.id,
      cat_id: l.catId,
      created_at: l.createdAt.toISOString(),
      expires_at: l.expiresAt.toISOString(),
      revoked_at: l.revokedAt?.toISOString() ?? null,
    })),
  }
}
