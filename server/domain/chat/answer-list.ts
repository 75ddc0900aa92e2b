// POST /api/openai/chat (docs/product.md §7): the specialist's reply to a client's whole list, not streamed.
// The list is reconciled with the owner's conversation by message id (reconcile.ts); the reply answers the
// list's last message, and a question already answered gets its stored reply back.
import type { ChatMessageInput } from '../../../shared/schemas/conversation.ts'
import { appError } from '../../errors.ts'
import { claimListAttachments } from './attachments.ts'
import { conversationForSession, conversationOfCat, ownedConversation } from './conversations.ts'
import type { ChatDeps } from './deps.ts'
import { appendConversationList, storedReply } from './message-store.ts'
import { toChatMessage } from './messages.ts'
import { replyPieces, startSpecialistReply } from './reply.ts'
import { specialistCat } from './specialist-cat.ts'
import { isUrgency, type Urgency } from './triage.ts'

export interface ListToAnswer {
  /**
   * The conversation; else, with a cat named, the cat's (conversations.ts, conversationOfCat); else this
   * session's, else the owner's latest (the highest id), else a new one.
   */
  conversationId?: number | undefined
  sessionId?: string | undefined
  catId: number | null
  messages: readonly ChatMessageInput[]
}

export async function answerList(
  deps: ChatDeps,
  userId: number,
  request: ListToAnswer,
  signal?: AbortSignal,
): Promise<{ message: string; id: string; urgency: Urgency }> {
  const { db } = deps
  const last = request.messages.findLast((m) => m.content.trim() !== '')
  if (last?.role !== 'user') {
    throw appError('INVALID_INPUT', { message: 'messages: the last message must be from the user' })
  }
  const named = request.catId === null ? null : await specialistCat(db, userId, request.catId)
  const conversation = request.conversationId
    ? await ownedConversation(db, userId, request.conversationId)
    : named
      ? await conversationOfCat(db, userId, named.id, request.sessionId)
      : await conversationForSession(db, userId, request.sessionId)
  // A conversation about a cat is about that cat; one without a cat, about the cat named, else the current one.
  const cat =
    conversation.catId !== null && conversation.catId !== named?.id
      ? await specialistCat(db, userId, conversation.catId)
      : (named ?? (await specialistCat(db, userId, null)))
  await claimListAttachments(db, userId, conversation.id, request.messages)
  // The new questions are about the chosen cat, else the current one, as conversation.send's.
  const { lastRowId, lastIsNew } = await appendConversationList(db, conversation.id, request.messages, {
    quota: { ownerId: userId },
    catId: cat?.id ?? null,
  })
  if (!lastRowId) throw appError('MESSAGE_NOT_STORED')
  let stored = lastIsNew ? null : await storedReply(db, lastRowId)
  if (!stored) {
    const replyId = await startSpecialistReply(deps, {
      conversationId: conversation.id,
      cat,
      questionId: lastRowId,
    })
    for await (const _piece of replyPieces(deps, conversation.id, replyId, signal)) {
      // The whole reply is answered at once; the pieces only tell when it is complete.
    }
    stored = await storedReply(db, lastRowId)
  }
  if (!stored) throw appError('ASSISTANT_UNAVAILABLE')
  return {
    message: stored.content,
    id: toChatMessage(stored).id,
    urgency: isUrgency(stored.urgency) ? stored.urgency : 'routine',
  }
}
