// The one access policy for a cat's care (docs/household.md): every care, progress, record and chat
// procedure asks it which cat a call may reach. The owner may do everything; family all the owner does
// except billing, deleting the cat and inviting; a sitter logs weights, doses and check-ins and reads the
// plan, the record and the emergency card, until their access ends. Anything else answers as a missing
// cat does (404), so a member learns nothing about what they may not reach.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'

export type HouseholdRole = 'family' | 'sitter'
export type CareRole = 'owner' | HouseholdRole

/**
 * What a call does to a cat. `read`: the plan, the log, the record, the emergency card; `log`: a weight,
 * a dose, a check-in's answer; `manage`: change the plan or the record, the report and its links;
 * `chat`: the specialist about this cat; `own`: what only the owner does (invite, delete the cat, billing).
 */
export type CareAction = 'read' | 'log' | 'manage' | 'chat' | 'own'

const MAY: Record<CareRole, ReadonlySet<CareAction>> = {
  owner: new Set(['read', 'log', 'manage', 'chat', 'own']),
  family: new Set(['read', 'log', 'manage', 'chat']),
  sitter: new Set(['read', 'log']),
}

export function roleMay(role: CareRole, action: CareAction): boolean {
  return MAY[role].has(action)
}

/** What `role` may do on a cat, for the screens to show only those controls (the cat list's `may`). */
export function actionsOf(role: CareRole): CareAction[] {
  return [...MAY[role]]
}

/** A cat a call may reach: whose it is (quotas, plans and subscriptions are the owner's) and as what. */
export interface CatAccess {
  id: number
  name: string
  ownerId: number
  role: CareRole
}

/** A membership still in force: family until removed, a sitter until `accessEndsAt`. */
export const liveMembership = (now: Date) => ({ OR: [{ accessEndsAt: null }, { accessEndsAt: { gt: now } }] })

const covers = (m: { allCats: boolean; catIds: number[] }, catId: number) =>
  m.allCats || m.catIds.includes(catId)

/**
 * The cat `catId` if `userId` may do `action` on it, else null. With no id: the user's own current cat
 * (the highest id), else the newest shared cat they may do `action` on.
 */
export async function reachableCat(
  db: Db,
  userId: number,
  catId: number | null | undefined,
  action: CareAction,
  now: Date = new Date(),
): Promise<CatAccess | null> {
  if (catId == null) {
    const own = await db.cat.findFirst({
      where: { userId },
      orderBy: { id: 'desc' },
      select: { id: true, name: true },
    })
    if (own) return { ...own, ownerId: userId, role: 'owner' }
    const shared = await sharedCats(db, userId, now)
    const usable = shared.filter((cat) => roleMay(cat.role, action))
    return usable.at(-1) ?? null
  }
  const cat = await db.cat.findUnique({
    where: { id: catId },
    select: { id: true, name: true, userId: true },
  })
  if (!cat || cat.userId == null) return null
  if (cat.userId === userId) return { id: cat.id, name: cat.name, ownerId: userId, role: 'owner' }
  const membership = await db.householdMember.findFirst({
    where: { memberId: userId, ownerId: cat.userId, ...liveMembership(now) },
    select: { role: true, allCats: true, catIds: true },
  })
  if (!membership || !covers(membership, cat.id)) return null
  const role = membership.role as HouseholdRole
  if (!roleMay(role, action)) return null
  return { id: cat.id, name: cat.name, ownerId: cat.userId, role }
}

/** The cat `userId` may do `action` on, or CAT_NOT_FOUND (a stranger, a removed member, an ended sitter). */
export async function catAccess(
  db: Db,
  userId: number,
  catId: number | null | undefined,
  action: CareAction,
  now: Date = new Date(),
): Promise<CatAccess> {
  const cat = await reachableCat(db, userId, catId, action, now)
  if (!cat) throw appError('CAT_NOT_FOUND')
  return cat
}

/**
 * The cat a row (a check-in, a medication, a document…) belongs to, when `userId` may do `action` on it;
 * else the caller's own 404 (the same answer as for a row that does not exist).
 */
export async function rowCat(
  db: Db,
  userId: number,
  catId: number | null | undefined,
  action: CareAction,
  notFound: () => Error,
): Promise<CatAccess> {
  if (catId == null) throw notFound()
  const cat = await reachableCat(db, userId, catId, action)
  if (!cat) throw notFound()
  return cat
}

/** The cats shared with `userId` now, oldest first, each with its owner and the member's role. */
export async function sharedCats(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<(CatAccess & { ownerEmail: string; ownerName: string })[]> {
  const memberships = await db.householdMember.findMany({
    where: { memberId: userId, ...liveMembership(now) },
    select: {
      ownerId: true,
      role: true,
      allCats: true,
      catIds: true,
      owner: { select: { email: true, fullName: true } },
    },
  })
  if (memberships.length === 0) return []
  const cats = await db.cat.findMany({
    where: { userId: { in: memberships.map((m) => m.ownerId) } },
    orderBy: { id: 'asc' },
    select: { id: true, name: true, userId: true },
  })
  return cats.flatMap((cat) => {
    const m = memberships.find((one) => one.ownerId === cat.userId)
    if (!m || !covers(m, cat.id)) return []
    return [
      {
        id: cat.id,
        name: cat.name,
        ownerId: m.ownerId,
        role: m.role as HouseholdRole,
        ownerEmail: m.owner.email,
        ownerName: m.owner.fullName,
      },
    ]
  })
}
