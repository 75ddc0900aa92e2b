// The specialist's reply (issue 15): generated apart from any request, readable from any instance while
// it is written, stored once when it completes or is stopped.

import { appError } from '../../errors.ts'
import type { Cat } from '../../generated/prisma/client.ts'
import { followReply, ReplyFailedError, ReplyLostError } from '../../services/streams/follow.ts'
import type { ReplyStreams } from '../../services/streams/types.ts'
import { weightLogForSpecialist } from '../care/specialist-weights.ts'
import type { ChatDeps } from './deps.ts'
import { appendAssistantMessage, recentHistory } from './message-store.ts'
import { serverClientId } from './messages.ts'
import { catProfile, withWeightLog } from './specialist-cat.ts'

/**
 * The key of a reply's stream: its conversation and its id. Reply ids come from clients (SPEC's message
 * ids), so two conversations may use the same one; their streams must never mix.
 */
export function replyStreamId(conversationId: number, replyId: string): string {
  return `${conversationId}:${replyId}`
}

export interface ReplyRequest {
  conversationId: number
  cat: Cat | null
  questionId: number
  replyClientId?: string | undefined
}

/**
 * Starts the specialist's reply to the owner's message `questionId`, apart from any request, and returns
 * its id; a retry while it is being written gets the same id (one generation per message). Readers
 * follow it with `replyPieces`. The reply is stored once, when it completes or is stopped (what was
 * written so far); an upstream failure stores nothing and lets a retry start again.
 */
export async function startSpecialistReply(deps: ChatDeps, request: ReplyRequest): Promise<string> {
  const { streams, log } = deps
  const key = `question:${request.questionId}`
  const wanted = request.replyClientId ?? serverClientId()
  // The claim holds the stream id (conversation and reply id); the caller gets the reply id back.
  const claimed = await streams.claim(key, replyStreamId(request.conversationId, wanted))
  const replyId = claimed.slice(`${request.conversationId}:`.length)
  if (replyId !== wanted) return replyId
  await streams.setActive(request.conversationId, replyId)
  void generateReply(deps, request, key, replyId).catch((error: unknown) =>
    log.error({ err: error, replyId }, 'reply generation failed unexpectedly'),
  )
  return replyId
}

async function generateReply(deps: ChatDeps, request: ReplyRequest, key: string, replyId: string) {
  const { db, streams, log } = deps
  const streamId = replyStreamId(request.conversationId, replyId)
  const controller = new AbortController()
  const offStop = await streams.onStop(streamId, () => controller.abort())
  let text = ''
  let failed = false
  try {
    const history = await recentHistory(db, request.conversationId, request.questionId)
    for await (const piece of deps.assistant.reply({
      cat: withWeightLog(catProfile(request.cat), await weightLogForSpecialist(db, request.cat)),
      history,
      signal: controller.signal,
    })) {
      if (!piece) continue
      text += piece
      await streams.append(streamId, piece)
      await streams.touch(key)
    }
  } catch (error) {
    if (!controller.signal.aborted) {
      failed = true
      log.warn({ err: error, replyId }, 'the assistant failed while replying')
    }
  } finally {
    offStop()
    if (!failed && text.trim() !== '') {
      try {
        await appendAssistantMessage(db, request.conversationId, text, {
          questionId: request.questionId,
          clientId: replyId,
        })
      } catch (error) {
        failed = true
        log.error({ err: error, replyId }, 'the reply could not be stored')
      }
    }
    if (failed || text.trim() === '') await streams.release(key)
    await streams.end(streamId, failed ? 'failed' : 'done')
    await streams.clearActive(request.conversationId, replyId)
  }
}

/** A reply's pieces for a client, with a failed generation as the catalogue's 503. */
export async function* replyPieces(
  streams: ReplyStreams,
  conversationId: number,
  replyId: string,
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  try {
    yield* followReply(streams, replyStreamId(conversationId, replyId), signal)
  } catch (error) {
    if (error instanceof ReplyFailedError || error instanceof ReplyLostError) {
      throw appError('ASSISTANT_UNAVAILABLE', { cause: error })
    }
    throw error
  }
}

/** A text already known (a stored reply) as a stream of one piece; an empty text is no piece at all. */
export async function* onePiece(text: string): AsyncGenerator<string, void, undefined> {
  if (text) yield text
}
