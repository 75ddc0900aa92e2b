// Secret calendar feeds, a capability link (docs/operations.md "Capability links"): a 256-bit random
// token shown once in the URL, only its SHA-256 kept. A feed names who made it (the owner or a family
// member, `userId`) and the cat it covers, and opens that cat's calendar and nothing else of the account,
// only while its maker may still read the cat. At most LINK_CAPS.calendarFeeds live ones per owner; each
// read spends the feed's own budget; the body is built from a bounded window (calendar-ics.ts), kept by
// its ETag (feed-cache.ts) and answered 304 to a calendar app that already has it.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { RateLimits } from '../../services/rate-limits.ts'
import { careCat } from '../care/care-cat.ts'
import { reachableCat, rowCat } from '../household/access.ts'
import { calendarSource, calendarVersion, renderCalendar } from '../record/calendar-ics.ts'
import { refuseOverCap, withinCap } from './caps.ts'
import { cachedFeed, cacheFeed } from './feed-cache.ts'
import { hashLinkToken, newLinkToken } from './link-token.ts'
import { spendLinkRead } from './read-budget.ts'

/** Where a feed is read with no session (calendar apps cannot send a bearer token). */
export const CALENDAR_FEED_PATH = '/api/care/calendar'
/** The most bytes a feed answers: FEED_MAX_EVENTS (calendar-ics.ts) keeps any feed the quotas allow within it. */
export const FEED_MAX_BYTES = 2_000_000

/** The live feeds of the owner's cats (whoever made them). */
const liveOfOwner = (ownerId: number) => ({ revokedAt: null, cat: { userId: ownerId } })

export async function createCalendarFeed(db: Db, userId: number, catId: number | undefined, origin: string) {
  const cat = await careCat(db, userId, catId, 'manage')
  const token = newLinkToken()
  await withinCap(db, cat.ownerId, async (tx) => {
    refuseOverCap('calendarFeeds', await tx.calendarFeed.count({ where: liveOfOwner(cat.ownerId) }))
    await tx.calendarFeed.create({ data: { userId, catId: cat.id, tokenHash: hashLinkToken(token) } })
  })
  return { url: `${origin}${CALENDAR_FEED_PATH}/${token}` }
}

/** The cat's live feeds, oldest first, each with its maker's address (the tokens are not kept). */
export async function listCalendarFeeds(db: Db, userId: number, catId: number | undefined) {
  const cat = await careCat(db, userId, catId, 'manage')
  const rows = await db.calendarFeed.findMany({
    where: { catId: cat.id, revokedAt: null },
    orderBy: { id: 'asc' },
    select: { id: true, catId: true, createdAt: true, user: { select: { email: true } } },
  })
  return rows.map((row) => ({
    id: row.id,
    cat_id: row.catId,
    created_at: row.createdAt.toISOString(),
    created_by: row.user.email,
  }))
}

/** One feed of a cat the user may manage stops answering; anyone else's (or a missing one) is a 404. */
export async function revokeCalendarFeed(db: Db, userId: number, id: number, now = new Date()) {
  const feed = await db.calendarFeed.findUnique({ where: { id }, select: { catId: true, revokedAt: true } })
  await rowCat(db, userId, feed?.catId, 'manage', () => appError('NOT_FOUND'))
  if (feed && !feed.revokedAt) await db.calendarFeed.update({ where: { id }, data: { revokedAt: now } })
  return { success: true as const }
}

/** Every feed the user made, and every feed of the user's own cats (members' included), answers 404. */
export async function revokeCalendarFeeds(db: Db, userId: number, now = new Date()) {
  await db.calendarFeed.updateMany({
    where: { OR: [{ userId }, { cat: { userId } }], revokedAt: null },
    data: { revokedAt: now },
  })
  return { success: true as const }
}

/**
 * The feed a token opens: its id, the cat and its owner. Unknown, revoked, or made by someone who may no
 * longer read the cat (a removed member, an ended sitter): a 404.
 */
export async function calendarFeedTarget(db: Db, token: string, now = new Date()) {
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: { id: true, userId: true, catId: true, revokedAt: true },
  })
  if (!feed || feed.revokedAt) throw appError('NOT_FOUND')
  const cat = await reachableCat(db, feed.userId, feed.catId, 'read', now)
  if (!cat) throw appError('NOT_FOUND')
  return { id: feed.id, ownerId: cat.ownerId, catId: cat.id }
}

/** What a read answers: the body (null when the caller's copy is current: 304) and its ETag. */
export interface FeedRead {
  etag: string
  body: Buffer | null
}

/**
 * One read of a feed: its budget spent, then its ETag from the few rows it is made of; the caller's copy
 * (If-None-Match) answers 304, a cached body is sent again, else it is built once and kept. 413 when
 * it would be larger than a feed may be.
 */
export async function readCalendarFeed(
  deps: { db: Db; limits: RateLimits },
  input: { token: string; ifNoneMatch?: string | undefined },
  origin: string,
  now = new Date(),
): Promise<FeedRead> {
  const target = await calendarFeedTarget(deps.db, input.token, now)
  await spendLinkRead(deps.limits, 'feed', target.id)
  const source = await calendarSource(deps.db, target, origin, now)
  const etag = calendarVersion(source)
  if (matches(input.ifNoneMatch, etag)) return { etag, body: null }
  const cached = cachedFeed(etag)
  if (cached) return { etag, body: cached }
  const text = await renderCalendar(source)
  const body = text === null ? null : Buffer.from(text, 'utf8')
  if (!body || body.length > FEED_MAX_BYTES) {
    throw appError('TOO_LARGE', { message: 'This calendar holds more events than a feed may carry.' })
  }
  cacheFeed(etag, body)
  return { etag, body }
}

/** If-None-Match names this ETag (a list, weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
