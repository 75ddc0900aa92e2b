// Secret calendar feeds (docs/product.md §11): a 256-bit random token shown once in the URL,
// only its SHA-256 kept; revoking ends every feed of the owner. A feed opens the calendar of the cat it
// was made for and nothing else of the account.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { careCat } from '../care/care-cat.ts'

/** Where a feed is read with no session (calendar apps cannot send a bearer token). */
export const CALENDAR_FEED_PATH = '/api/care/calendar'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createCalendarFeed(db: Db, userId: number, catId: number | undefined, origin: string) {
  const cat = await careCat(db, userId, catId, 'manage')
  const token = randomBytes(32).toString('base64url')
  await db.calendarFeed.create({ data: { userId, catId: cat.id, tokenHash: hashOf(token) } })
  return { url: `${origin}${CALENDAR_FEED_PATH}/${token}` }
}

/** Every feed of the owner answers 404 from now on. */
export async function revokeCalendarFeeds(db: Db, userId: number, now = new Date()) {
  await db.calendarFeed.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } })
  return { success: true as const }
}

/** The owner and cat a live feed shows; an unknown or revoked one is a 404. */
export async function calendarFeedTarget(db: Db, token: string) {
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashOf(token) },
    select: { userId: true, catId: true, revokedAt: true },
  })
  if (!feed || feed.revokedAt) throw appError('NOT_FOUND')
  return { userId: feed.userId, catId: feed.catId }
}
