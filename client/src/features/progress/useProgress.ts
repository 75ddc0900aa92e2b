// /progress's data: the cat's weight log and check-ins in one read, and the log's changes, which refresh
// it (tRPC React Query hooks, as every server call of the client).
import { trpc } from '../../trpc.ts'

export function useProgressOverview(catId: number) {
  return trpc.progress.overview.useQuery({ cat_id: catId })
}

/**
 * Log or delete a weight; either refreshes the page's read. A delete refreshes it when it fails too: the
 * entry may have been deleted elsewhere, and the table should stop showing it.
 */
export function useWeightChanges() {
  const utils = trpc.useUtils()
  // The log, the profile whose weight follows the newest weighing, and the household's activity.
  const refresh = () =>
    Promise.all([
      utils.progress.invalidate(),
      utils.cat.list.invalidate(),
      utils.household.activity.invalidate(),
    ])
  const log = trpc.progress.logWeight.useMutation({ onSuccess: refresh })
  const remove = trpc.progress.deleteWeight.useMutation({ onSettled: refresh })
  return { log, remove }
}
