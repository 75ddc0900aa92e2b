// The owner's household as they see it (docs/household.md): members and invitations still waiting, and
// removal, which ends access at once (the access policy reads the membership on every call), and the
// calendar feeds and share links the member made (docs/operations.md "Capability links").
import type { HouseholdMemberView, HouseholdRoleName } from '../../../shared/schemas/household.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { endLinksOfMember } from '../links/link-ends.ts'

/** Active members first (oldest first), then invitations still waiting (newest first). */
export async function listMembers(db: Db, ownerId: number, now = new Date()): Promise<HouseholdMemberView[]> {
  const [members, invites] = await Promise.all([
    db.householdMember.findMany({
      where: { ownerId, OR: [{ accessEndsAt: null }, { accessEndsAt: { gt: now } }] },
      orderBy: { createdAt: 'asc' },
      include: { member: { select: { email: true } } },
    }),
    db.householdInvite.findMany({
      where: { ownerId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { id: 'desc' },
    }),
  ])
  return [
    ...members.map((m) => ({
      id: m.id,
      email: m.member.email,
      role: m.role as HouseholdRoleName,
      cat_ids: m.allCats ? null : m.catIds,
      status: 'active' as const,
      expires_at: m.accessEndsAt?.toISOString() ?? null,
    })),
    ...invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role as HouseholdRoleName,
      cat_ids: i.allCats ? null : i.catIds,
      status: 'invited' as const,
      expires_at: i.expiresAt.toISOString(),
    })),
  ]
}

/** Removes a member (their access ends now) or withdraws a waiting invitation; anyone else's id is 404. */
export async function removeMember(db: Db, ownerId: number, id: number, now = new Date()) {
  const member = await db.householdMember.findFirst({ where: { id, ownerId }, select: { memberId: true } })
  const removed = await db.householdMember.deleteMany({ where: { id, ownerId } })
  if (member && removed.count > 0) await endLinksOfMember(db, ownerId, member.memberId, now)
  const withdrawn = await db.householdInvite.updateMany({
    where: { id, ownerId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  })
  if (removed.count === 0 && withdrawn.count === 0) throw appError('NOT_FOUND')
  return { success: true as const }
}
