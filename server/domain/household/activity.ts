// Who did what for a cat (docs/household.md): a weight, a dose, a check-in's answer, a change to the
// health record. Written by the domain call that does it, with its author; read newest first.
import type { Db } from '../../db.ts'

export type ActivityKind = 'weight_logged' | 'dose_logged' | 'check_in_answered' | 'record_changed'

/** An entry as the API answers it: the author named by their address (kept after they leave). */
export interface ActivityEntry {
  id: number
  cat_id: number
  kind: ActivityKind
  summary: string
  author_email: string
  at: string
}

/** Entries a read answers at most. */
export const ACTIVITY_PAGE = 100

/** One person's edits of one record within this many minutes are one entry (a burst, not a log). */
export const ACTIVITY_COALESCE_MINUTES = 10

/**
 * Records that `authorId` did `summary` for the cat. An edit names its record (`subject`): the same
 * person's edit of the same record within ACTIVITY_COALESCE_MINUTES of their last one replaces that
 * entry (newest words, moved to now), so 600 edits in a minute leave one "Changed …", not a flooded list.
 */
export async function logActivity(
  db: Db,
  entry: {
    catId: number
    authorId: number
    kind: ActivityKind
    summary: string
    at?: Date
    subject?: string
  },
): Promise<void> {
  const author = await db.user.findUnique({ where: { id: entry.authorId }, select: { email: true } })
  if (!author) return
  const at = entry.at ?? new Date()
  if (entry.subject) {
    const recent = await db.careActivity.findFirst({
      where: {
        catId: entry.catId,
        authorId: entry.authorId,
        kind: entry.kind,
        subject: entry.subject,
        at: { gte: new Date(at.getTime() - ACTIVITY_COALESCE_MINUTES * 60_000) },
      },
      orderBy: { at: 'desc' },
      select: { id: true },
    })
    if (recent) {
      await db.careActivity.updateMany({
        where: { id: recent.id },
        data: { summary: entry.summary.slice(0, 200), at },
      })
      return
    }
  }
  await db.careActivity.create({
    data: {
      catId: entry.catId,
      authorId: entry.authorId,
      authorEmail: author.email,
      kind: entry.kind,
      summary: entry.summary.slice(0, 200),
      subject: entry.subject ?? null,
      at,
    },
  })
}

/** The cat's activity, newest first. */
export async function listActivity(db: Db, catId: number): Promise<ActivityEntry[]> {
  const rows = await db.careActivity.findMany({
    where: { catId },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: ACTIVITY_PAGE,
  })
  return rows.map((row) => ({
    id: row.id,
    cat_id: row.catId,
    kind: row.kind as ActivityKind,
    summary: row.summary,
    author_email: row.authorEmail,
    at: row.at.toISOString(),
  }))
}
