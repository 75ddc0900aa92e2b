// What an account held before its address was first proved. Anyone can sign an address up before its
// owner does: the proof ends their sessions and password (sign-in-code.ts), and, unless it comes from the
// account's own sign-up session (then all of it is the prover's, docs/decisions.md), here also the share
// links, calendar feeds and push subscriptions they made (a link would keep opening a report for 30 days, a
// feed the cat's medications for ever; a push endpoint would keep receiving the owner's reminders), and a
// consent to review conversations they gave (it is the owner's to give). The name they chose is cleared at
// once (it would greet the owner, "Security Team, call …"), and kept here. What else they left (cats,
// conversations, interviews, that name) the owner is shown on their first screen and keeps (the name comes
// back) or deletes in one step: it might be theirs, made before they proved the address from another browser.
import { z } from 'zod'
import type { HeldBeforeProof } from '../../../shared/schemas/account.ts'
import type { Db } from '../../db.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { revokeLinksMadeBefore } from '../links/link-ends.ts'

const stored = z.object({
  cats: z.array(z.object({ id: z.number(), name: z.string() })),
  conversation_ids: z.array(z.number()),
  interview_ids: z.array(z.number()),
  share_links_revoked: z.number(),
  /** Absent in notices stored before feeds were revoked at the proof. */
  calendar_feeds_revoked: z.number().default(0),
  push_subscriptions_removed: z.number(),
  name: z.string(),
  /** The first and last names cleared with it (absent in notices stored before names were cleared). */
  first_name: z.string().optional(),
  last_name: z.string().optional(),
})
type Stored = z.infer<typeof stored>

/**
 * At the first proof (`proofAt`), before the visitor's own records are claimed: revokes the links, feeds
 * and push subscriptions made until now and records what the account holds. Runs once per account (the
 * caller's first-verification branch).
 */
export async function settleHeldBeforeProof(
  db: Db,
  user: { id: number; fullName: string; firstName: string; lastName?: string | undefined },
  proofAt: Date,
): Promise<void> {
  const { lastName } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { lastName: true } })
  await db.user.updateMany({
    where: { id: user.id, reviewConsentAt: { lte: proofAt } },
    data: { reviewConsentAt: null },
  })
  await db.user.update({ where: { id: user.id }, data: { fullName: '', firstName: '', lastName: '' } })
  const [links, pushes, cats, conversations, interviews] = await Promise.all([
    revokeLinksMadeBefore(db, user.id, proofAt),
    db.pushSubscription.deleteMany({ where: { userId: user.id, createdAt: { lte: proofAt } } }),
    db.cat.findMany({ where: { userId: user.id }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),
    db.conversation.findMany({ where: { userId: user.id }, select: { id: true } }),
    db.interview.findMany({ where: { userId: user.id }, select: { id: true } }),
  ])
  const held: Stored = {
    cats,
    conversation_ids: conversations.map((c) => c.id),
    interview_ids: interviews.map((i) => i.id),
    share_links_revoked: links.shareLinks,
    calendar_feeds_revoked: links.calendarFeeds,
    push_subscriptions_removed: pushes.count,
    name: user.fullName,
    first_name: user.firstName,
    last_name: lastName,
  }
  const anything =
    cats.length +
      conversations.length +
      interviews.length +
      links.shareLinks +
      links.calendarFeeds +
      pushes.count >
      0 ||
    user.fullName !== '' ||
    user.firstName !== '' ||
    lastName !== ''
  if (anything) await db.user.update({ where: { id: user.id }, data: { heldBeforeProof: held } })
}

/** The notice the owner's first screen shows, or null. */
export async function heldBeforeProofOf(db: Db, userId: number): Promise<HeldBeforeProof | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { heldBeforeProof: true } })
  const parsed = stored.safeParse(row?.heldBeforeProof)
  if (!parsed.success) return null
  const held = parsed.data
  // Records deleted since are no longer held.
  const cats = await db.cat.findMany({
    where: { userId, id: { in: held.cats.map((c) => c.id) } },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  })
  return {
    cats,
    conversations: await db.conversation.count({ where: { userId, id: { in: held.conversation_ids } } }),
    interviews: await db.interview.count({ where: { userId, id: { in: held.interview_ids } } }),
    share_links_revoked: held.share_links_revoked,
    calendar_feeds_revoked: held.calendar_feeds_revoked,
    push_subscriptions_removed: held.push_subscriptions_removed,
    name: held.name,
  }
}

/**
 * The owner's decision: keep (the notice goes, the name cleared at the proof comes back unless the owner
 * has named the account since) or delete what was held before the proof (the name stays cleared).
 */
export async function reviewHeldBeforeProof(
  db: Db,
  userId: number,
  action: 'keep' | 'delete',
): Promise<void> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { heldBeforeProof: true } })
  const parsed = stored.safeParse(row?.heldBeforeProof)
  await db.$transaction(async (tx) => {
    if (action === 'delete' && parsed.success) {
      const held = parsed.data
      await tx.cat.deleteMany({ where: { userId, id: { in: held.cats.map((c) => c.id) } } })
      await tx.conversation.deleteMany({ where: { userId, id: { in: held.conversation_ids } } })
      await tx.interview.deleteMany({ where: { userId, id: { in: held.interview_ids } } })
      // Notices stored before names were cleared at the proof still hold the name on the account.
      await tx.user.updateMany({
        where: { id: userId, fullName: held.name },
        data: { fullName: '', firstName: '', lastName: '' },
      })
    }
    if (action === 'keep' && parsed.success && parsed.data.first_name !== undefined) {
      const held = parsed.data
      await tx.user.updateMany({
        where: { id: userId, fullName: '', firstName: '', lastName: '' },
        data: { fullName: held.name, firstName: held.first_name ?? '', lastName: held.last_name ?? '' },
      })
    }
    await tx.user.update({ where: { id: userId }, data: { heldBeforeProof: Prisma.DbNull } })
  })
}
