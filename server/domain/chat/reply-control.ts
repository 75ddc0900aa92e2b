// A reply being written, seen from another request: reattaching to it (a reload mid-answer) and Stop.

import { ownedConversation } from './conversations.ts'
import type { ChatDeps } from './deps.ts'
import { messageByClientId } from './message-store.ts'
import { onePiece, type ReplyStream, replyPieces, replyStreamId } from './reply.ts'

/**
 * What was written so far, then the rest as it arrives. A reply that has finished meanwhile comes back
 * whole from the database; an unknown id yields nothing.
 */
export async function resumeReply(
  deps: Pick<ChatDeps, 'db' | 'streams'>,
  userId: number,
  conversationId: number,
  replyId: string,
  signal?: AbortSignal,
): Promise<ReplyStream> {
  const { db, streams } = deps
  const conversation = await ownedConversation(db, userId, conversationId)
  if ((await streams.active(conversation.id)) === replyId) {
    return replyPieces(deps, conversation.id, replyId, signal)
  }
  const stored = await messageByClientId(db, conversation.id, replyId)
  // No such reply in the owner's conversation: nothing to resume (404 is kept for others' records).
  return onePiece(stored?.role === 'assistant' ? stored.content : '', stored?.urgency, stored?.sign)
}

/** Ends the reply being written in the conversation (or only `replyId`), on whichever instance writes it. */
export async function stopReply(
  deps: Pick<ChatDeps, 'db' | 'streams'>,
  userId: number,
  conversationId: number,
  replyId: string | undefined,
): Promise<{ stopped: boolean }> {
  const { db, streams } = deps
  const conversation = await ownedConversation(db, userId, conversationId)
  const active = await streams.active(conversation.id)
  if (!active || (replyId && replyId !== active)) return { stopped: false }
  await streams.stop(replyStreamId(conversation.id, active))
  return { stopped: true }
}
