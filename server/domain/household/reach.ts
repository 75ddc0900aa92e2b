// What a signed-in account may reach, as its screens need to know it (docs/household.md, "On screen"):
// an account with cats of its own (or none at all, a new owner) reaches everything an owner does; an
// account whose only cats are shared with it reaches what its roles allow (access.ts), and its place
// is the Care page. The menu and the sign-in's route follow this answer, never a guess of the browser;
// every procedure still asks the access policy itself.
import type { HouseholdReach } from '../../../shared/schemas/account.ts'
import type { Db } from '../../db.ts'
import { hasActiveSubscription } from '../billing/entitlement.ts'
import { roleMay, sharedCats } from './access.ts'

export async function householdReach(
  db: Db,
  userId: number,
  ownCats: number,
  now = new Date(),
): Promise<HouseholdReach> {
  const shared = await sharedCats(db, userId, now)
  const chatOwners = [...new Set(shared.filter((c) => roleMay(c.role, 'chat')).map((c) => c.ownerId))]
  // The owner's subscription covers their household's chat about the owner's cats (access.ts).
  const covered = await Promise.all(chatOwners.map((ownerId) => hasActiveSubscription(db, ownerId, now)))
  const chatCovered = covered.some(Boolean)
  if (ownCats > 0 || shared.length === 0) {
    return { sharedOnly: false, chat: true, manage: true, own: true, chatCovered }
  }
  return {
    sharedOnly: true,
    chat: chatOwners.length > 0,
    manage: shared.some((c) => roleMay(c.role, 'manage')),
    own: false,
    chatCovered,
  }
}
