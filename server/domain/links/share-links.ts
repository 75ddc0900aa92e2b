// Share links to the vet report, a capability link (docs/operations.md "Capability links"): a 256-bit
// random token shown once, only its SHA-256 kept; 7 days unless told (at most 30); kept under the cat's
// owner and naming who made it (the owner or a family member). A link opens the report of the cat it
// was made for and nothing else of the account, and only while its maker may still read that cat.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { RateLimits } from '../../services/rate-limits.ts'
import { reachableCat, rowCat } from '../household/access.ts'
import { refuseOverCap, withinCap } from './caps.ts'
import { hashLinkToken, newLinkToken } from './link-token.ts'
import { spendLinkRead } from './read-budget.ts'

export const SHARE_DAYS_DEFAULT = 7
const DAY_MS = 86_400_000
/** Where a link opens the report with no session (the share path of the REST surface). */
export const SHARED_REPORT_PATH = '/api/care/report/shared'

const live = (now: Date) => ({ revokedAt: null, expiresAt: { gt: now } })

/** A new link of `catId` (the owner's `ownerId`), made by `createdById`; 409 past the owner's cap. */
export async function createShareLink(
  db: Db,
  link: { ownerId: number; createdById: number; catId: number },
  days: number = SHARE_DAYS_DEFAULT,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newLinkToken()
  const expiresAt = new Date(now.getTime() + days * DAY_MS)
  await withinCap(db, link.ownerId, async (tx) => {
    refuseOverCap(
      'shareLinks',
      await tx.reportShareLink.count({ where: { userId: link.ownerId, ...live(now) } }),
    )
    await tx.reportShareLink.create({
      data: {
        userId: link.ownerId,
        createdById: link.createdById,
        catId: link.catId,
        tokenHash: hashLinkToken(token),
        expiresAt,
      },
    })
  })
  return { token, expiresAt }
}

/** Every live link of the user's own cats, and every link they made for anyone's, stops working. */
export async function revokeShareLinks(db: Db, userId: number, now: Date = new Date()): Promise<void> {
  await db.reportShareLink.updateMany({
    where: { OR: [{ userId }, { createdById: userId }], revokedAt: null },
    data: { revokedAt: now },
  })
}

/** The cat's links that still open the report, newest first, each with its maker's address. */
export async function liveShareLinks(db: Db, ownerId: number, catId: number, now: Date = new Date()) {
  const rows = await db.reportShareLink.findMany({
    where: { userId: ownerId, catId, ...live(now) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: {
      id: true,
      catId: true,
      createdAt: true,
      expiresAt: true,
      createdBy: { select: { email: true } },
    },
  })
  return rows.map((row) => ({
    id: row.id,
    cat_id: row.catId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    created_by: row.createdBy.email,
  }))
}

/**
 * One link of a cat the user may manage (their own, or family's shared cat: links are kept under the
 * cat's owner) stops working; anyone else's (or a missing one) is a 404.
 */
export async function revokeShareLink(db: Db, userId: number, id: number, now: Date = new Date()) {
  const link = await db.reportShareLink.findUnique({
    where: { id },
    select: { revokedAt: true, catId: true },
  })
  await rowCat(db, userId, link?.catId, 'manage', () => appError('NOT_FOUND'))
  if (!link) throw appError('NOT_FOUND')
  if (!link.revokedAt) await db.reportShareLink.update({ where: { id }, data: { revokedAt: now } })
}

/**
 * The link a token opens: its id (its read budget's key), owner and cat. An unknown, expired or revoked
 * one is a 404, and so is one whose maker may no longer read the cat (a removed member, an ended sitter).
 */
export async function sharedReportTarget(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ id: number; userId: number; catId: number }> {
  const link = await db.reportShareLink.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: { id: true, userId: true, createdById: true, catId: true, expiresAt: true, revokedAt: true },
  })
  if (!link || link.revokedAt || link.expiresAt.getTime() <= now.getTime()) throw appError('NOT_FOUND')
  if (!(await reachableCat(db, link.createdById, link.catId, 'read', now))) throw appError('NOT_FOUND')
  return { id: link.id, userId: link.userId, catId: link.catId }
}

/** A read of a link: its target, once the link's own read budget is spent (429 past it). */
export async function openShareLink(
  deps: { db: Db; limits: RateLimits },
  token: string,
  now: Date = new Date(),
) {
  const target = await sharedReportTarget(deps.db, token, now)
  await spendLinkRead(deps.limits, 'share', target.id)
  return target
}
