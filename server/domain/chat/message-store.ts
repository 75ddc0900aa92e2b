// A conversation's messages in the database (every acknowledged message stored exactly once).
// Messages are rows appended in order: every operation here touches only the new rows and a bounded
// window of recent ones, so a long conversation costs the same per message as a short one.

import { CHAT_APPEND_BATCH, CHAT_HISTORY_WINDOW } from '../../../shared/constants.ts'
import { dropEmptyMessages } from '../../../shared/rules/interview-flow.ts'
import type { ChatMessage, ChatMessageInput } from '../../../shared/schemas/conversation.ts'
import type { Db } from '../../db.ts'
import { type ConversationMessage, Prisma } from '../../generated/prisma/client.ts'
import type { AssistantMessage } from '../../services/assistant/types.ts'
import { requireRoom, type Tier, tierOf } from '../quotas.ts'
import { lockRow } from '../row-lock.ts'
import { photosOfHistory } from './attachments.ts'
import { asRole, serverClientId, toChatMessage } from './messages.ts'
import { firstOfEachId, lookupId, matchStored, messageKey } from './reconcile.ts'
import { isUrgency, type Urgency } from './triage.ts'

/**
 * Refuses (409 QUOTA_EXCEEDED) new rows that would take the owner past their stored messages or their
 * messages' characters: a list of 5,000 messages of 4,000 characters is checked whole, not as one row.
 */
async function requireMessageRoom(
  db: Db,
  ownerId: number,
  fresh: readonly { content: string }[],
  tiers: Map<number, Tier>,
): Promise<void> {
  const tier = tiers.get(ownerId) ?? (await tierOf(db, ownerId))
  tiers.set(ownerId, tier)
  await requireRoom(db, ownerId, 'messages', { adding: fresh.length, tier })
  const characters = fresh.reduce((sum, m) => sum + m.content.length, 0)
  await requireRoom(db, ownerId, 'messageCharacters', { adding: characters, tier })
}

/**
 * Appends what is new in `list` (a client's copy of the conversation, whole or only its newest part;
 * see reconcile.ts for the rule) and returns how many rows were added and the row id
 * of the list's last message. The list is read and appended CHAT_APPEND_BATCH messages at a time, so a
 * request holds a bounded slice in memory whatever its length. Concurrent writers of one conversation
 * are serialised by a row lock, and the unique (conversation, client id) index backs the rule up.
 */
export async function appendConversationList(
  db: Db,
  conversationId: number,
  list: readonly ChatMessageInput[],
  options: {
    /** The owner's, checked before the first new row only (a list that repeats what is stored is never refused). */
    quota?: { ownerId: number }
    /** The cat the new owner messages are about. */
    catId?: number | null
  } = {},
): Promise<{ appended: number; lastRowId: number | null; lastIsNew: boolean }> {
  const messages = firstOfEachId(dropEmptyMessages(list))
  if (messages.length === 0) return { appended: 0, lastRowId: null, lastIsNew: false }
  return db.$transaction(
    async (tx) => {
      await lockRow(tx, 'conversations', conversationId)
      // Positions matter only for messages without an id.
      const storedCount = messages.some((m) => !m.id)
        ? await tx.conversationMessage.count({ where: { conversationId } })
        : 0
      const tiers = new Map<number, Tier>()
      let appended = 0
      let lastRowId: number | null = null
      let lastNewClientId: string | null = null
      for (let start = 0; start < messages.length; start += CHAT_APPEND_BATCH) {
        const slice = messages.slice(start, start + CHAT_APPEND_BATCH)
        const ids = slice.flatMap((m) => lookupId(m) ?? [])
        const known =
          ids.length > 0
            ? await tx.conversationMessage.findMany({
                where: { conversationId, clientId: { in: ids } },
                select: { id: true, clientId: true },
              })
            : []
        const byId = new Map(known.map((row) => [row.clientId as string, row.id]))
        const positional = slice.some((m, i) => !m.id && start + i < storedCount)
        const window = positional
          ? await tx.conversationMessage.findMany({
              where: { conversationId },
              orderBy: { id: 'asc' },
              skip: start,
              take: Math.min(slice.length, storedCount - start),
              select: { id: true, role: true, content: true },
            })
          : []
        const matched = matchStored(slice, start, byId, (position) =>
          position < storedCount ? window[position - start] : undefined,
        )
        const fresh = slice
          .map((m, i) => ({ m, row: matched[i] }))
          .filter(({ row }) => row === null)
          .map(({ m }) => ({
            conversationId,
            role: m.role,
            content: m.content,
            clientId: m.id ?? messageKey(m) ?? serverClientId(),
            attachmentIds: [...new Set(m.attachment_ids ?? [])],
            catId: m.role === 'user' ? (options.catId ?? null) : null,
          }))
        if (fresh.length > 0) {
          // Inside the transaction (PGlite has one connection: a query beside it would wait forever).
          if (options.quota)
            await requireMessageRoom(tx as unknown as Db, options.quota.ownerId, fresh, tiers)
          const { count } = await tx.conversationMessage.createMany({ data: fresh, skipDuplicates: true })
          appended += count
        }
        const lastRow = matched.at(-1)
        if (start + slice.length === messages.length) {
          lastRowId = lastRow ?? null
          lastNewClientId = lastRow == null ? (fresh.at(-1)?.clientId ?? null) : null
        }
      }
      if (lastNewClientId) {
        const row = await tx.conversationMessage.findUnique({
          where: { conversationId_clientId: { conversationId, clientId: lastNewClientId } },
          select: { id: true },
        })
        lastRowId = row?.id ?? null
      }
      if (appended > 0) {
        await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } })
      }
      return { appended, lastRowId, lastIsNew: lastNewClientId !== null }
    },
    // A full list waits its turn behind other writers of the same conversation.
    { timeout: 60_000 },
  )
}

/**
 * Stores the owner's new message unless a retry already stored it (the same client id); only a new one
 * counts against the owner's message quota, so a retry is answered as the first try was.
 */
export async function appendUserMessage(
  db: Db,
  conversationId: number,
  message: { content: string; clientId: string; attachmentIds?: number[]; catId?: number | null },
  quota: { ownerId: number },
): Promise<{ row: ConversationMessage; retried: boolean }> {
  return db.$transaction(async (tx) => {
    await lockRow(tx, 'conversations', conversationId)
    const existing = await tx.conversationMessage.findUnique({
      where: { conversationId_clientId: { conversationId, clientId: message.clientId } },
    })
    if (existing) return { row: existing, retried: true }
    await requireMessageRoom(tx as unknown as Db, quota.ownerId, [message], new Map())
    const row = await tx.conversationMessage.create({
      data: {
        conversationId,
        role: 'user',
        content: message.content,
        clientId: message.clientId,
        attachmentIds: message.attachmentIds ?? [],
        catId: message.catId ?? null,
      },
    })
    await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: row.createdAt } })
    return { row, retried: false }
  })
}

/** The stored reply to the owner's message `questionId`, if there is one. */
export function storedReply(db: Db, questionId: number): Promise<ConversationMessage | null> {
  return db.conversationMessage.findUnique({ where: { replyToId: questionId } })
}

/**
 * Stores the specialist's reply to `questionId` once: when another attempt stored one first (a retry
 * racing this one), that stored reply is returned and this text is dropped.
 */
export async function appendAssistantMessage(
  db: Db,
  conversationId: number,
  content: string,
  replyTo: {
    questionId?: number | null | undefined
    clientId?: string | undefined
    urgency?: Urgency
    /** The triage rule that escalated the reply (the safety scoreboard counts escalations by it). */
    sign?: string | null
  } = {},
): Promise<ConversationMessage> {
  const create = (clientId: string) =>
    db.$transaction([
      db.conversationMessage.create({
        data: {
          conversationId,
          role: 'assistant',
          content,
          clientId,
          replyToId: replyTo.questionId ?? null,
          // Only the server writes an urgency: it marks the reply as the specialist's own.
          urgency: replyTo.urgency ?? 'routine',
          sign: replyTo.sign ?? null,
        },
      }),
      db.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } }),
    ])
  try {
    return (await create(replyTo.clientId ?? serverClientId()))[0]
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') throw error
    const first = replyTo.questionId ? await storedReply(db, replyTo.questionId) : null
    if (first) return first
    // The client's reply id is taken by another message: the reply keeps a server id instead.
    return (await create(serverClientId()))[0]
  }
}

/**
 * The specialist's view of the conversation: the newest CHAT_HISTORY_WINDOW messages up to and
 * including `uptoId` (the question being answered), oldest first. An 'assistant' row a client wrote
 * (PUT of a conversation: no urgency) is left out: only replies the server generated are the
 * specialist's own turns.
 */
export async function recentHistory(
  db: Db,
  conversationId: number,
  uptoId?: number | null,
): Promise<AssistantMessage[]> {
  const rows = await db.conversationMessage.findMany({
    where: {
      conversationId,
      ...(uptoId ? { id: { lte: uptoId } } : {}),
      OR: [{ role: 'user' }, { urgency: { not: null } }],
    },
    orderBy: { id: 'desc' },
    take: CHAT_HISTORY_WINDOW,
    select: { role: true, content: true, urgency: true, attachmentIds: true },
  })
  const history = dropEmptyMessages(rows.reverse()).filter(
    (row) => asRole(row.role) !== 'assistant' || isUrgency(row.urgency),
  )
  const images = await photosOfHistory(db, conversationId, history)
  return history.map((row, i) => {
    const role = asRole(row.role)
    return {
      role,
      content: row.content,
      ...(role === 'assistant' ? { urgency: row.urgency as Urgency } : {}),
      ...(images[i] ? { images: images[i] } : {}),
    }
  })
}

/** One page of stored messages, newest page first; `before` is the row cursor of the previous page. */
export async function historyPage(
  db: Db,
  conversationId: number,
  limit: number,
  before?: number,
): Promise<{ messages: ChatMessage[]; next_before: number | null }> {
  const rows = await db.conversationMessage.findMany({
    where: { conversationId, ...(before ? { id: { lt: before } } : {}) },
    orderBy: { id: 'desc' },
    take: limit + 1,
  })
  const page = rows.slice(0, limit).reverse()
  return {
    messages: page.map(toChatMessage),
    next_before: rows.length > limit && page[0] ? page[0].id : null,
  }
}

/** The conversation's message with the client id `clientId`, if there is one. */
export function messageByClientId(
  db: Db,
  conversationId: number,
  clientId: string,
): Promise<ConversationMessage | null> {
  return db.conversationMessage.findUnique({
    where: { conversationId_clientId: { conversationId, clientId } },
  })
}
