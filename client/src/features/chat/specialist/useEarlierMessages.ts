// 'Show earlier messages': pages further back than the page the chat opened with, each page's
// `next_before` the cursor of the next. Fetched only when asked for; shown above the opened page.
import { useCallback, useMemo } from 'react'
import { DEFAULT_ERRORS } from '../../../../../shared/errors.ts'
import type { UiMessage } from '../../../chat-message.ts'
import { errorMessage, trpc } from '../../../trpc.ts'
import { type Opened, toUi } from './opening.ts'

/** `messages`: the opened page and what followed it; `fail` shows a page that could not be read. */
export function useEarlierMessages(
  opened: Opened | undefined,
  messages: UiMessage[],
  fail: (text: string) => void,
) {
  const earlier = trpc.conversation.history.useInfiniteQuery(
    { id: opened?.conversationId ?? 0, before: opened?.nextBefore ?? undefined },
    {
      enabled: false,
      gcTime: 0,
      getNextPageParam: (page) => page.next_before ?? undefined,
    },
  )
  const { fetchNextPage } = earlier
  const pages = earlier.data?.pages
  const canLoadEarlier = pages ? earlier.hasNextPage : (opened?.nextBefore ?? null) !== null
  const loadEarlier = useCallback(async () => {
    if (!canLoadEarlier) return
    const result = await fetchNextPage()
    if (result.isError) fail(errorMessage(result.error, DEFAULT_ERRORS.fetchConversations))
  }, [canLoadEarlier, fetchNextPage, fail])

  // The earlier pages come newest first: the oldest is shown at the top.
  const shown = useMemo(
    () =>
      pages
        ? [
            ...pages
              .slice()
              .reverse()
              .flatMap((page) => page.messages.map(toUi)),
            ...messages,
          ]
        : messages,
    [pages, messages],
  )
  return { messages: shown, canLoadEarlier, loadingEarlier: earlier.isFetching, loadEarlier }
}
