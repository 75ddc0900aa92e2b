// An owner's conversations (docs/product.md §3 "Conversation"): which one a request means, and new ones.
// Each cat has its own (docs/product.md §4 "Chat room"): a chat about a cat opens the cat's conversation;
// a request that names no cat gets the highest id, as the specification says.
import { CONVERSATION_LIST_MESSAGES } from '../../../shared/constants.ts'
import type { ConversationOut, ConversationWithMessages } from '../../../shared/schemas/conversation.ts'
import type { Db } from '../../db.ts'
import { appError, asOwner } from '../../errors.ts'
import type { Conversation } from '../../generated/prisma/client.ts'
import { toChatMessage } from './messages.ts'

export function toConversation(row: Conversation): ConversationOut {
  return {
    id: row.id,
    cat_id: row.catId,
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

const newConversation = (
  db: Db,
  userId: number,
  sessionId: string | undefined,
  catId: number | null = null,
) => asOwner(() => db.conversation.create({ data: { userId, sessionId: sessionId ?? null, catId } }))

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

/**
 * A conversation opened without a cat (SPEC's POST, or one made before conversations had cats) becomes
 * the cat's when nothing in it is about another cat; null when it is another cat's, or was taken
 * meanwhile by another cat.
 */
async function adopted(
  db: Db,
  conversation: Conversation | null,
  catId: number,
): Promise<Conversation | null> {
  if (!conversation) return null
  if (conversation.catId === catId) return conversation
  if (conversation.catId !== null) return null
  const another = await db.conversationMessage.findFirst({
    where: { conversationId: conversation.id, catId: { not: catId } },
    select: { id: true },
  })
  if (another) return null
  const { count } = await db.conversation.updateMany({
    where: { id: conversation.id, catId: null },
    data: { catId },
  })
  return count === 1 ? { ...conversation, catId } : null
}

/**
 * The conversation about the cat `catId`: this session's, when it is the cat's (or has no cat yet and
 * nothing about another: it becomes the cat's), else the user's latest about the cat, else their latest
 * without a cat (likewise), else a new one for the cat.
 */
export async function conversationOfCat(
  db: Db,
  userId: number,
  catId: number,
  sessionId: string | undefined,
): Promise<Conversation> {
  if (sessionId) {
    const bySession = await adopted(db, await latestOf(db, userId, sessionId), catId)
    if (bySession) return bySession
  }
  const ofCat = await db.conversation.findFirst({ where: { userId, catId }, orderBy: { id: 'desc' } })
  if (ofCat) return ofCat
  const unassigned = await db.conversation.findFirst({
    where: { userId, catId: null },
    orderBy: { id: 'desc' },
  })
  return (await adopted(db, unassigned, catId)) ?? newConversation(db, userId, sessionId, catId)
}
