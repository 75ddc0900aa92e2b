// When capability links die other than by their own revoke or expiry (docs/operations.md "Capability
// links"): with the membership of the family member who made them, and with the first proof of the
// address of the account that made them (a stranger may have signed the address up first). Links also
// die with the account that made them (the rows cascade) and answer 404 as soon as their maker may no
// longer read the cat (share-links.ts, calendar-feeds.ts check it on every read).
import type { Db } from '../../db.ts'

/** The links a member made for the owner's cats stop working, now (a later invitation revives none). */
export async function endLinksOfMember(db: Db, ownerId: number, memberId: number, now = new Date()) {
  await Promise.all([
    db.calendarFeed.updateMany({
      where: { userId: memberId, cat: { userId: ownerId }, revokedAt: null },
      data: { revokedAt: now },
    }),
    db.reportShareLink.updateMany({
      where: { userId: ownerId, createdById: memberId, revokedAt: null },
      data: { revokedAt: now },
    }),
  ])
}

/** Every link the account made (or that opens its cats) until the first proof of its address stops working. */
export async function revokeLinksMadeBefore(db: Db, userId: number, proofAt: Date) {
  const [shareLinks, calendarFeeds] = await Promise.all([
    db.reportShareLink.updateMany({
      where: { OR: [{ userId }, { createdById: userId }], revokedAt: null, createdAt: { lte: proofAt } },
      data: { revokedAt: proofAt },
    }),
    db.calendarFeed.updateMany({
      where: { OR: [{ userId }, { cat: { userId } }], revokedAt: null, createdAt: { lte: proofAt } },
      data: { revokedAt: proofAt },
    }),
  ])
  return { shareLinks: shareLinks.count, calendarFeeds: calendarFeeds.count }
}
