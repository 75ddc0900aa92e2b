// One message to the specialist. The owner's message is saved first; the reply is generated
// apart from the request, so a dropped connection or a reload does not stop it. A retried message gets
// its stored reply, or joins the reply still being written.

import { answerCheckInFromChat } from '../care/chat-answer.ts'
import { claimAttachments } from './attachments.ts'
import { ownedConversation } from './conversations.ts'
import type { ChatDeps } from './deps.ts'
import { appendUserMessage, storedReply } from './message-store.ts'
import { onePiece, type ReplyStream, replyPieces, startSpecialistReply } from './reply.ts'
import { specialistCat } from './specialist-cat.ts'

export interface OutgoingMessage {
  conversationId: number
  catId: number | null
  content: string
  clientId: string
  replyClientId?: string | undefined
  /** The owner's photos sent with the message. */
  attachmentIds?: number[] | undefined
}

/** The reply's pieces as they are written (or the stored reply of a retried message, in one piece). */
export async function sendMessage(
  deps: ChatDeps,
  userId: number,
  message: OutgoingMessage,
  signal?: AbortSignal,
): Promise<ReplyStream> {
  const { db } = deps
  const conversation = await ownedConversation(db, userId, message.conversationId)
  // A conversation about a cat is about that cat (docs/product.md §4); one without, about the cat chosen.
  const cat = await specialistCat(db, userId, conversation.catId ?? message.catId)
  const attachmentIds = await claimAttachments(db, userId, conversation.id, message.attachmentIds)
  const question = await appendUserMessage(
    db,
    conversation.id,
    {
      content: message.content,
      clientId: message.clientId,
      attachmentIds,
      // The cat it is about: the one chosen, else the current cat the reply is for.
      catId: cat?.id ?? null,
    },
    { ownerId: userId },
  )
  // A retried message whose reply is stored gets that reply, in one piece; nothing new is asked.
  // A weight in the message answers the owner's open check-in.
  if (!question.retried) await answerCheckInFromChat(db, userId, message.content)
  const stored = question.retried ? await storedReply(db, question.row.id) : null
  if (stored) return onePiece(stored.content, stored.urgency)
  const replyId = await startSpecialistReply(deps, {
    conversationId: conversation.id,
    cat,
    questionId: question.row.id,
    replyClientId: message.replyClientId,
  })
  return replyPieces(deps, conversation.id, replyId, signal)
}
