// The reply stream: the one place the chat reads below React Query. A reply is a stream
// of pieces the server writes; React Query's mutations hand over neither a stream nor an abort signal,
// so sending a message and reattaching to a reply being written call the provider's tRPC client here,
// with the signal that Stop and leaving the page abort.
import type { inferRouterInputs } from '@trpc/server'
import { useCallback } from 'react'
import type { AppRouter } from '../../../../../server/routers/index.ts'
import type { UrgencyLevel } from '../../../../../shared/schemas/conversation.ts'
import { trpc } from '../../../trpc.ts'

type In = inferRouterInputs<AppRouter>['conversation']

/** What the server stored with a reply: its urgency, and the first-aid situation of an urgent one. */
export interface ReplyEnd {
  urgency: UrgencyLevel
  first_aid?: string | undefined
}

/** A new message's reply, or the reply the server is still writing (after a reload). */
export type ReplyRequest = { send: In['send'] } | { resume: In['resume'] }

/**
 * Reads a reply: `onText` gets the whole text received so far after every piece; the promise ends with
 * what the server stored with the reply (its urgency, its first-aid situation).
 */
export function useReplyStream() {
  const client = trpc.useUtils().client
  return useCallback(
    async (
      request: ReplyRequest,
      signal: AbortSignal,
      onText: (text: string) => void | Promise<void>,
    ): Promise<ReplyEnd | undefined> => {
      const stream =
        'send' in request
          ? await client.conversation.send.mutate(request.send, { signal })
          : await client.conversation.resume.mutate(request.resume, { signal })
      let received = ''
      return readReply(stream, (piece) => {
        received += piece
        return onText(received)
      })
    },
    [client],
  )
}

/**
 * The stream's pieces as they come, then the urgency the server stored with the reply (the stream's
 * return value). A `for await` loop would drop that return value.
 */
async function readReply(
  stream: AsyncIterable<string, ReplyEnd | undefined>,
  onPiece: (piece: string) => void | Promise<void>,
): Promise<ReplyEnd | undefined> {
  const iterator = stream[Symbol.asyncIterator]()
  for (;;) {
    const result = await iterator.next()
    if (result.done) return result.value
    await onPiece(result.value)
  }
}
