// The cat's saved vets for the chat's urgency banner, read only once a reply is urgent (a routine chat
// asks nothing more). A failed read is no vets: the banner falls back to its map search.
import { trpc } from '../../trpc.ts'

export function useCatVets(catId: number | null, wanted: boolean) {
  const query = trpc.record.vets.useQuery(catId === null ? {} : { cat_id: catId }, {
    enabled: wanted && catId !== null,
    staleTime: 60_000,
  })
  return query.data ?? null
}
