// Reading a reply as it is written: what is there already, then each new piece, until it ends.
import { REPLY_SILENCE_MS, type ReplyStreams } from './types.ts'

/** How often a reader looks again even without news (pub/sub can race a read). */
const POLL_MS = 1000

export class ReplyLostError extends Error {}
export class ReplyFailedError extends Error {}

/**
 * Yields the pieces of `replyId` from the first on. Ends when the reply is done; throws
 * ReplyFailedError when its generation failed, ReplyLostError when it is unknown or fell silent for
 * REPLY_SILENCE_MS (its instance died). Ends quietly when `signal` aborts: the reply goes on without
 * this reader.
 */
export async function* followReply(
  streams: ReplyStreams,
  replyId: string,
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  let offset = 0
  let lastNews = Date.now()
  while (!signal?.aborted) {
    const { pieces, state } = await streams.read(replyId, offset)
    if (state === null) throw new ReplyLostError(`reply ${replyId} is unknown`)
    for (const piece of pieces) yield piece
    offset += pieces.length
    if (pieces.length > 0) lastNews = Date.now()
    if (state === 'done') return
    if (state === 'failed') throw new ReplyFailedError(`reply ${replyId} failed`)
    if (Date.now() - lastNews > REPLY_SILENCE_MS) throw new ReplyLostError(`reply ${replyId} fell silent`)
    await streams.changed(replyId, POLL_MS, signal)
  }
}
