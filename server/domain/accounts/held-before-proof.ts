// What an account held before its address was first proved. Anyone can sign an address up before its
// owner does: the proof ends their sessions and password (sign-in-code.ts), and, unless it comes from the
// account's own sign-up session (then all of it is the prover's, docs/decisions.md), here also the share links
// and push subscriptions they made (a link would keep opening a report for 30 days; a push endpoint would
// keep receiving the owner's reminders), and a consent to review conversations they gave (it is the
// owner's to give). What else they left (cats, conversations, interviews, a name)
// the owner is shown on their first screen and keeps or deletes in one step: it might be theirs, made
// before they proved the address from another browser.
import { z } from 'zod'
import type { HeldBeforeProof } from '../../../shared/schemas/account.ts'
import type { Db } from '../../db.ts'
import { Prisma } from '../../generated/prisma/client.ts'

const stored = z.object({
  cats: z.array(z.object({ id: z.number(), name: z.string() })),
  conversation_ids: z.array(z.number()),
  interview_ids: z.array(z.number()),
  share_links_revoked: z.number(),
  push_subscriptions_removed: z.number(),
  name: z.string(),
})
type Stored = z.infer<typeof stored>

/**
 * At the first proof (`proofAt`), before the visitor's own records are claimed: revokes the links and
 * push subscriptions made until now and records what the account holds. Runs once per account (the
 * caller's first-verification branch).
 */
export async function settleHeldBeforeProof(
  db: Db,
  user: { id: number; fullName: string },
  proofAt: Date,
): Promise<void> {
  await db.user.updateMany({
    where: { id: user.id, reviewConsentAt: { lte: proofAt } },
    data: { reviewConsentAt: null },
  })
  const [links, pushes, cats, conversations, interviews] = await Promise.all([
    db.reportShareLink.updateMany({
      where: { userId: user.id, revokedAt: null, createdAt: { lte: proofAt } },
      data: { revokedAt: proofAt },
    }),
    db.pushSubscription.deleteMany({ where: { userId: user.id, createdAt: { lte: proofAt } } }),
    db.cat.findMany({ where: { userId: user.id }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),
    db.conversation.findMany({ where: { userId: user.id }, select: { id: true } }),
    db.interview.findMany({ where: { userId: user.id }, select: { id: true } }),
  ])
  const held: Stored = {
    cats,
    conversation_ids: conversations.map((c) => c.id),
    interview_ids: interviews.map((i) => i.id),
    share_links_revoked: links.count,
    push_subscriptions_removed: pushes.count,
    name: user.fullName,
  }
  const anything =
    cats.length + conversations.length + interviews.length + links.count + pushes.count > 0 ||
    user.fullName !== ''
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
    push_subscriptions_removed: held.push_subscriptions_removed,
    name: held.name,
  }
}

/** The owner's decision: keep (the notice goes) or delete what was held before the proof (and the name). */
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
      await tx.user.updateMany({
        where: { id: userId, fullName: held.name },
        data: { fullName: '', firstName: '', lastName: '' },
      })
    }
    await tx.user.update({ where: { id: userId }, data: { heldBeforeProof: Prisma.DbNull } })
  })
}
