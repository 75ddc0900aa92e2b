// The signed-in owner's account as a whole (issue 14). tRPC only: it is no row of SPEC §7's call table.
import { ownerStateOutput } from '../../shared/schemas/account.ts'
import { readOwnerState } from '../domain/accounts/owner-state.ts'
import { authedProcedure, router } from '../trpc.ts'

export const accountRouter = router({
  /** The owner's cats, subscription, interview and conversation, read in one round of queries. */
  state: authedProcedure
    .output(ownerStateOutput)
    .query(({ ctx }) => readOwnerState(ctx.services.db, ctx.user.id)),
})
