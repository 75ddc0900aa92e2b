// The specialist chat's opening as React Query state (docs/product.md §2, §4): 'Connecting with
// Assistant' while the conversation opens, 'Checking Cat Profile' while the cat is checked, then
// 'Connected to …', or 'Redirecting to Cat Creation' for an owner without a cat. `choice` changes when
// the owner picks another cat: the chat opens again on it.
import { useQuery } from '@tanstack/react-query'
import { DEFAULT_ERRORS } from '../../../../../shared/errors.ts'
import { hasValidToken } from '../../../storage.ts'
import { errorMessage, trpc } from '../../../trpc.ts'
import type { Connection } from './connection.ts'
import { type ChatCat, checkCatProfile, type Opened, type OpeningCalls, openOrFallback } from './opening.ts'

/**
 * Each opening runs once, when asked: no retry of its own (Retry is the owner's), no refetch on focus,
 * and a new object every time so a retry shows what it found again.
 */
const ONCE = {
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  structuralSharing: false,
} as const

/** The opening's calls through React Query: its mutations, and fresh fetches into the shared cache. */
function useOpeningCalls(): OpeningCalls {
  const utils = trpc.useUtils()
  const start = trpc.conversation.start.useMutation().mutateAsync
  const create = trpc.conversation.create.useMutation().mutateAsync
  // A failed step is the owner's to retry (the app's default retries a query once).
  const once = { retry: false } as const
  return {
    start,
    create,
    conversations: () => utils.conversation.list.fetch(undefined, once),
    history: (input) => utils.conversation.history.fetch(input, once),
    cats: () => utils.cat.list.fetch(undefined, once),
  }
}

export interface ChatOpening {
  connection: Connection
  /** The conversation opened (undefined until then). */
  opened: Opened | undefined
  /** The cat the chat is about: undefined until checked, null when the owner has none. */
  cat: ChatCat | null | undefined
  /** Opening failed: what to show, and Retry (the whole opening again). */
  failure: { text: string; retry: () => void } | null
}

export function useChatOpening(choice: number): ChatOpening {
  const calls = useOpeningCalls()
  const conversation = useQuery({
    queryKey: ['specialist-chat', choice, 'conversation'],
    queryFn: () => openOrFallback(calls).catch(logged),
    enabled: hasValidToken(),
    ...ONCE,
  })
  const opened = conversation.data ?? undefined
  const cat = useQuery({
    // Every opening (a retry too) checks the cat again.
    queryKey: ['specialist-chat', choice, 'cat', conversation.dataUpdatedAt],
    queryFn: () => checkCatProfile(calls, opened?.cat ?? null).catch(logged),
    enabled: opened !== undefined && !conversation.isFetching,
    ...ONCE,
  })
  const connection = connectionOf(conversation, cat)
  const error = conversation.error ?? cat.error
  return {
    connection,
    opened: conversation.isFetching ? undefined : opened,
    cat: opened && !cat.isFetching ? cat.data : undefined,
    failure:
      connection === 'failed'
        ? {
            text: errorMessage(error, DEFAULT_ERRORS.fetchConversations),
            retry: () => void conversation.refetch(),
          }
        : null,
  }
}

function logged(failure: unknown): never {
  console.error('Could not open the chat', failure)
  throw failure
}

interface Step {
  isPending: boolean
  isFetching: boolean
  isError: boolean
}

function connectionOf(conversation: Step & { data?: Opened | null }, cat: Step & { data?: ChatCat | null }) {
  if (conversation.isPending || conversation.isFetching) return 'connecting'
  if (conversation.isError) return 'failed'
  // The session was refused: the session link signs the owner out.
  if (!conversation.data) return 'connecting'
  if (cat.isPending || cat.isFetching) return 'checking'
  if (cat.isError) return 'failed'
  return cat.data ? 'connected' : 'redirecting'
}
