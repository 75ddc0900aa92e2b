// The signed-in owner's account as a whole (issue 14). tRPC only: it is no row of SPEC §7's call table.
import { ownerStateOutput } from '../../shared/schemas/account.ts'
import { ownerState } from '../domain/accounts/owner-state.ts'
import { type CatRow, toCat } from '../domain/cats/cat-record.ts'
import { authedProcedure, router } from '../trpc.ts'
import { catsOfOwner } from './cats-of-owner.ts'

export const accountRouter = router({
  /** The owner's cats, subscription, interview and conversation, read in one round of queries. */
  state: authedProcedure.output(ownerStateOutput).query(async ({ ctx }) => {
    const { db } = ctx.services
    const userId = ctx.user.id
    const [cats, subscriptions, interviews, conversations] = await Promise.all([
      catsOfOwner<CatRow>(db, userId),
      db.subscription.findMany({
        where: { userId },
        select: { id: true, providerSubscriptionId: true, status: true, endDate: true },
      }),
      db.interview.findMany({ where: { userId }, select: { id: true, sessionId: true, completed: true } }),
      db.conversation.findMany({ where: { userId }, select: { id: true } }),
    ])
    return ownerState({
      cats: cats.map(toCat),
      subscriptions,
      interviews,
      conversationIds: conversations.map((row) => row.id),
    })
  }),
})
