// The owner's consent that the team may review their conversations the safety scoreboard flags
// (docs/follow-ups.md): off by default, given and withdrawn by the owner at any time. Stored as the
// time it was given, so a review can be told apart from one made before consent.
import type { Db } from '../../db.ts'

export async function reviewConsent(db: Db, userId: number) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { reviewConsentAt: true } })
  return { review_consent: user.reviewConsentAt !== null }
}

export async function setReviewConsent(db: Db, userId: number, agreed: boolean, now = new Date()) {
  // Agreeing again keeps the first time agreed; withdrawing clears it at once.
  await db.user.updateMany({
    where: { id: userId, ...(agreed ? { reviewConsentAt: null } : {}) },
    data: { reviewConsentAt: agreed ? now : null },
  })
  return { review_consent: agreed }
}
