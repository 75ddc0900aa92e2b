// The cat's open escalation (docs/product.md §4 "Chat room"): the chat keeps its banner while it is
// open, whatever the latest reply was about. Read when the chat opens on a cat, and again after every
// reply (a reply may open, raise or close it).
import { useEffect } from 'react'
import { trpc } from '../../../trpc.ts'

export function useOpenEscalation(catId: number | null, replies: number, busy: boolean) {
  const query = trpc.conversation.escalation.useQuery(
    { catId },
    { enabled: catId !== null, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  )
  const { refetch } = query
  useEffect(() => {
    if (catId !== null && !busy && replies > 0) void refetch()
  }, [catId, busy, replies, refetch])
  return catId === null ? null : (query.data ?? null)
}
