// An owner's conversations (docs/product.md §3 "Conversation"): which one a request means, and new ones.
import { CONVERSATION_LIST_MESSAGES } from '../../../shared/constants.ts'
import type { ConversationOut, ConversationWithMessages } from '../../../shared/schemas/conversation.ts'
import type { Db } from '../../db.ts'
import { appError, asOwner } from '../../errors.ts'
import type { Conversation } from '../../generated/prisma/client.ts'
import { toChatMessage } from './messages.ts'

export function toConversation(row: Conversation): ConversationOut {
  return {
    id: row.id,
    session_id: row.sessionId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Another owner's conversation is indistinguishable from a missing one (404). */
export async function ownedConversation(db: Db, userId: number, id: number): Promise<Conversation> {
  const found = await db.conversation.findFirst({ where: { id, userId } })
  if (!found) throw appError('CONVERSATION_NOT_FOUND')
  return found
}

/**
 * The owner's conversations (at most 100), newest activity first, each with its newest
 * CONVERSATION_LIST_MESSAGES messages (oldest first) and its total message count.
 */
export async function listConversations(db: Db, userId: number): Promise<ConversationWithMessages[]> {
  const rows = await db.conversation.findMany({
    where: { userId },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 100,
    include: {
      messages: { orderBy: { id: 'desc' }, take: CONVERSATION_LIST_MESSAGES },
      _count: { select: { messages: true } },
    },
  })
  return rows.map((row) => ({
    ...toConversation(row),
    messages: row.messages.reverse().map(toChatMessage),
    total_messages: row._count.messages,
  }))
}

const newConversation = (db: Db, userId: number, sessionId: string | undefined) =>
  asOwner(() => db.conversation.create({ data: { userId, sessionId: sessionId ?? null } }))

const latestOf = (db: Db, userId: number, sessionId?: string) =>
  db.conversation.findFirst({
    where: { userId, ...(sessionId ? { sessionId } : {}) },
    orderBy: { id: 'desc' },
  })

/**
 * A new conversation. The same session asking twice (a double mount, a retried request) gets the one it
 * already has.
 */
export async function createConversation(
  db: Db,
  userId: number,
  sessionId: string | undefined,
): Promise<Conversation> {
  const existing = sessionId ? await latestOf(db, userId, sessionId) : null
  return existing ?? newConversation(db, userId, sessionId)
}

/** The owner's latest conversation, created when there is none (the chat screen opening). */
export async function latestConversation(
  db: Db,
  userId: number,
  sessionId: string | undefined,
): Promise<Conversation> {
  return (await latestOf(db, userId)) ?? newConversation(db, userId, sessionId)
}

/** This session's conversation, else the owner's latest, else a new one (the REST chat row). */
export async function conversationForSession(
  db: Db,
  userId: number,
  sessionId: string | undefined,
): Promise<Conversation> {
  const bySession = sessionId ? await latestOf(db, userId, sessionId) : null
  return bySession ?? latestConversation(db, userId, sessionId)
}
