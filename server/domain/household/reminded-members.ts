// Who of a cat's household gets its reminders by e-mail besides the owner (docs/household.md,
// "Reminders"), when the owner turned `members_reminded` on: family, and sitters while their access
// lasts; a removed member has no row left. Each address once, and never the owner's own.
import type { Db } from '../../db.ts'
import { liveMembership } from './access.ts'

export interface RemindedMember {
  /** The member's account: their own push subscriptions are pushed to (the plan's push on). */
  id: number
  email: string
  firstName: string
}

/** The members of `ownerId` whose membership covers `catId` now, one per address, the owner left out. */
export async function remindedMembers(
  db: Db,
  ownerId: number,
  catId: number,
  ownerEmail: string,
  now: Date,
): Promise<RemindedMember[]> {
  const rows = await db.householdMember.findMany({
    where: {
      ownerId,
      AND: [liveMembership(now), { OR: [{ allCats: true }, { catIds: { has: catId } }] }],
    },
    orderBy: { id: 'asc' },
    select: { member: { select: { id: true, email: true, firstName: true } } },
  })
  const seen = new Set([ownerEmail.toLowerCase()])
  const members: RemindedMember[] = []
  for (const { member } of rows) {
    const key = member.email.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    members.push(member)
  }
  return members
}
