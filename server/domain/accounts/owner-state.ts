// Where a signed-in owner stands ("the server decides where a signed-in owner belongs"), from
// their records. The browser mirrors the answer into the local-storage keys of docs/product.md §3 and runs
// the navigation guard of docs/product.md §2 on it, so a returning owner goes where their records say, not
// where an empty browser would send a new visitor.
import { currentCat } from '../../../shared/rules/current-cat.ts'
import type { HeldBeforeProof, HouseholdReach, OwnerState } from '../../../shared/schemas/account.ts'
import type { Cat } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import { isEntitled } from '../billing/entitlement.ts'
import { browserSubscriptionId } from '../billing/status.ts'
import { type CatRow, toCat } from '../cats/cat-record.ts'
import { catsOfOwner } from '../cats/cats-of-owner.ts'
import { actionsOf } from '../household/access.ts'
import { householdReach } from '../household/reach.ts'
import { heldBeforeProofOf } from './held-before-proof.ts'

export interface OwnerRecords {
  /** Oldest first. */
  cats: readonly Cat[]
  subscriptions: ReadonlyArray<{
    id: number
    providerSubscriptionId: string | null
    status: string
    endDate: Date
  }>
  interviews: ReadonlyArray<{ id: number; sessionId: string; completed: boolean }>
  conversationIds: readonly number[]
  heldBeforeProof?: HeldBeforeProof | null
  /** What the account reaches (household/reach.ts); an owner's everything when not given. */
  household?: HouseholdReach
}

const OWNER_REACH: HouseholdReach = {
  sharedOnly: false,
  chat: true,
  manage: true,
  own: true,
  chatCovered: false,
}

const highest = <T extends { id: number }>(rows: readonly T[]): T | null =>
  rows.reduce<T | null>((best, row) => (best === null || row.id > best.id ? row : best), null)

export function ownerState(records: OwnerRecords, now = new Date()): OwnerState {
  // No choice of the browser's here: the client keeps its chosen cat while it is one of these.
  const current = currentCat(records.cats, null)
  // The newest subscription that grants access; its id is the one the checkout handed the browser.
  const entitled = highest(records.subscriptions.filter((row) => isEntitled(row, now)))
  const interviewCompleted = records.interviews.some((row) => row.completed)
  // A finished interview is never resumed: the owner was interviewed once.
  const unfinished = interviewCompleted ? null : highest(records.interviews)
  const conversationId = records.conversationIds.reduce<number | null>(
    (best, id) => (best === null || id > best ? id : best),
    null,
  )
  return {
    cats: [...records.cats],
    catId: current?.id ?? null,
    subscriptionId: entitled ? browserSubscriptionId(entitled) : null,
    interviewCompleted,
    unfinishedInterview: unfinished ? { id: unfinished.id, session_id: unfinished.sessionId } : null,
    conversationId,
    heldBeforeProof: records.heldBeforeProof ?? null,
    household: records.household ?? OWNER_REACH,
  }
}

/** The owner's cats, subscriptions, interviews and conversations, read in one round of queries. */
export async function readOwnerState(db: Db, userId: number): Promise<OwnerState> {
  const [cats, subscriptions, interviews, conversations, heldBeforeProof] = await Promise.all([
    catsOfOwner<CatRow>(db, userId),
    db.subscription.findMany({
      where: { userId },
      select: { id: true, providerSubscriptionId: true, status: true, endDate: true },
    }),
    db.interview.findMany({ where: { userId }, select: { id: true, sessionId: true, completed: true } }),
    db.conversation.findMany({ where: { userId }, select: { id: true } }),
    heldBeforeProofOf(db, userId),
  ])
  return ownerState({
    household: await householdReach(db, userId, cats.length),
    // The same records as the cat list (owner-cats.ts, listCats): the owner's own cats, each with the
    // owner's `may`, so the browser's mirror of the list reads the same from either answer.
    cats: cats.map((row) => ({ ...toCat(row), may: actionsOf('owner') })),
    subscriptions,
    interviews,
    conversationIds: conversations.map((row) => row.id),
    heldBeforeProof,
  })
}
