// Share links to the vet report: a 256-bit random token shown once, only its SHA-256 kept;
// 7 days unless told; revoking ends every link of the owner. A link opens the report of the cat it was
// made for and nothing else of the account.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { rowCat } from '../household/access.ts'

export const SHARE_DAYS_DEFAULT = 7
const DAY_MS = 86_400_000
/** Where a link opens the report with no session (the share path of the REST surface). */
export const SHARED_REPORT_PATH = '/api/care/report/shared'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createShareLink(
  db: Db,
  userId: number,
  catId: number,
  days: number = SHARE_DAYS_DEFAULT,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + days * DAY_MS)
  await db.reportShareLink.create({ data: { userId, catId, tokenHash: hashOf(token), expiresAt } })
  return { token, expiresAt }
}

/** Every live link of the owner stops working. */
export async function revokeShareLinks(db: Db, userId: number, now: Date = new Date()): Promise<void> {
  await db.reportShareLink.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } })
}

/** The cat's links that still open the report, newest first (only their dates: the tokens are not kept). */
export async function liveShareLinks(db: Db, userId: number, catId: number, now: Date = new Date()) {
  const rows = await db.reportShareLink.findMany({
    where: { userId, catId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, catId: true, createdAt: true, expiresAt: true },
  })
  return rows.map((row) => ({
    id: row.id,
    cat_id: row.catId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
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

/** The owner and cat a live link opens; an unknown, expired or revoked one is a 404. */
export async function sharedReportTarget(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: number; catId: number }> {
  const link = await db.reportShareLink.findUnique({
    where: { tokenHash: hashOf(token) },
    select: { userId: true, catId: true, expiresAt: true, revokedAt: true },
  })
  if (!link || link.revokedAt || link.expiresAt.getTime() <= now.getTime()) throw appError('NOT_FOUND')
  return { userId: link.userId, catId: link.catId }
}
