// Chat persistence and the specialist's reply, shared by the streaming procedure and the REST row.
// Messages are rows appended in order: every operation here touches only the new rows and a bounded
// window of recent ones, so a long conversation costs the same per message as a short one.

import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { CHAT_HISTORY_WINDOW } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import { dropEmptyMessages } from '../../shared/rules/interview-flow.ts'
import type { ChatMessage, ChatMessageInput } from '../../shared/schemas/conversation.ts'
import type { Db } from '../db.ts'
import type { Cat, ConversationMessage, InterviewMessage } from '../generated/prisma/client.ts'
import { AssistantUnavailableError } from './assistant/errors.ts'
import type { Assistant, AssistantMessage, CatProfileForAssistant } from './assistant/types.ts'

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0]

const asRole = (role: string): 'user' | 'assistant' => (role === 'user' ? 'user' : 'assistant')

export function toChatMessage(row: ConversationMessage | InterviewMessage): ChatMessage {
  const clientId = 'clientId' in row ? row.clientId : null
  return {
    id: clientId ?? `m${row.id}`,
    role: asRole(row.role),
    content: row.content,
    timestamp: row.createdAt.toISOString(),
  }
}

/** Rows written by the server get an id too, so a later PUT of the whole list can anchor on them. */
const serverClientId = () => `srv-${randomUUID()}`

/**
 * Appends what is new in `list` (a client's whole copy of the conversation) and returns how many rows
 * were added. The client's copy is anchored on the newest stored message's id; without that anchor
 * (clients that send no ids) the list is matched by position. Concurrent PUTs of the same
 * conversation are serialised by a row lock, so none of them can append a message twice.
 */
export async function appendConversationList(
  db: Db,
  conversationId: number,
  list: readonly ChatMessageInput[],
): Promise<number> {
  const messages = dropEmptyMessages(list)
  if (messages.length === 0) return 0
  return db.$transaction(async (tx) => {
    await lockRow(tx, 'conversations', conversationId)
    const last = await tx.conversationMessage.findFirst({
      where: { conversationId },
      orderBy: { id: 'desc' },
      select: { clientId: true },
    })
    let candidates: ChatMessageInput[]
    const anchor = last?.clientId ? messages.findLastIndex((m) => m.id === last.clientId) : -1
    if (!last) {
      candidates = messages
    } else if (anchor >= 0) {
      candidates = messages.slice(anchor + 1)
    } else {
      const stored = await tx.conversationMessage.count({ where: { conversationId } })
      candidates = messages.slice(stored)
      // Position is a guess when the copies diverged: never store an id that a recent row already has.
      const ids = candidates.flatMap((m) => (m.id ? [m.id] : []))
      if (ids.length > 0) {
        const recent = await tx.conversationMessage.findMany({
          where: { conversationId },
          orderBy: { id: 'desc' },
          take: candidates.length + CHAT_HISTORY_WINDOW,
          select: { clientId: true },
        })
        const known = new Set(recent.map((r) => r.clientId))
        candidates = candidates.filter((m) => !m.id || !known.has(m.id))
      }
    }
    const seen = new Set<string>()
    const rows = candidates.filter((m) => !m.id || (!seen.has(m.id) && seen.add(m.id)))
    if (rows.length === 0) return 0
    await tx.conversationMessage.createMany({
      data: rows.map((m) => ({
        conversationId,
        role: m.role,
        content: m.content,
        clientId: m.id ?? serverClientId(),
      })),
    })
    await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } })
    return rows.length
  })
}

/**
 * Stores the owner's new message unless a retry already stored it (a retry re-sends the same client
 * id; only the newest rows need checking, because a retry follows its own failed attempt).
 */
export async function appendUserMessage(
  db: Db,
  conversationId: number,
  message: { content: string; clientId: string },
): Promise<ConversationMessage> {
  return db.$transaction(async (tx) => {
    await lockRow(tx, 'conversations', conversationId)
    const newest = await tx.conversationMessage.findMany({
      where: { conversationId },
      orderBy: { id: 'desc' },
      take: 2,
    })
    const existing = newest.find((row) => row.clientId === message.clientId && row.role === 'user')
    if (existing) return existing
    const row = await tx.conversationMessage.create({
      data: { conversationId, role: 'user', content: message.content, clientId: message.clientId },
    })
    await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: row.createdAt } })
    return row
  })
}

export async function appendAssistantMessage(
  db: Db,
  conversationId: number,
  content: string,
  clientId?: string,
): Promise<ConversationMessage> {
  const [row] = await db.$transaction([
    db.conversationMessage.create({
      data: { conversationId, role: 'assistant', content, clientId: clientId ?? serverClientId() },
    }),
    db.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } }),
  ])
  return row
}

/** The specialist's view of the conversation: the newest CHAT_HISTORY_WINDOW messages, oldest first. */
export async function recentHistory(db: Db, conversationId: number): Promise<AssistantMessage[]> {
  const rows = await db.conversationMessage.findMany({
    where: { conversationId },
    orderBy: { id: 'desc' },
    take: CHAT_HISTORY_WINDOW,
    select: { role: true, content: true },
  })
  return dropEmptyMessages(rows.reverse()).map((row) => ({ role: asRole(row.role), content: row.content }))
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

/**
 * The cat the specialist talks about: the owner's `catId` when given (someone else's is a 404),
 * else the owner's newest cat (SPEC §4: the highest id is the current cat), else none.
 */
export async function ownedCat(db: Db, userId: number, catId: number | null): Promise<Cat | null> {
  if (catId !== null) {
    const cat = await db.cat.findFirst({ where: { id: catId, userId }, omit: { photo: true } })
    if (!cat) throw new TRPCError({ code: 'NOT_FOUND', message: ERRORS.noCatFound })
    return cat as Cat
  }
  return (await db.cat.findFirst({
    where: { userId },
    orderBy: { id: 'desc' },
    omit: { photo: true },
  })) as Cat | null
}

export function catProfile(cat: Cat | null): CatProfileForAssistant | null {
  if (!cat) return null
  return {
    name: cat.name || null,
    breed: cat.breed || null,
    gender: cat.gender || null,
    age: cat.age,
    weight: cat.weight,
    weightUnit: cat.weightUnit || null,
    targetWeight: cat.targetWeight,
    activityLevel: cat.activityLevel || null,
    issuesFaced: cat.issuesFaced,
    goals: cat.goals,
    requiredProgress: cat.requiredProgress,
    medicalConditions: cat.medicalConditions || null,
    medications: cat.medications || null,
    dietaryRestrictions: cat.dietaryRestrictions || null,
    medicalHistory: cat.medicalHistory || null,
  }
}

/** An assistant outage as the client sees it: 503 with the catalogue's text; anything else is unexpected. */
export function assistantError(error: unknown): unknown {
  if (error instanceof AssistantUnavailableError) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ERRORS.assistantUnavailable, cause: error })
  }
  return error
}

/**
 * The specialist's reply as it streams. The reply is saved when it completes, and also when the owner
 * stops it (what was written so far, if anything); an upstream failure saves nothing, so Retry starts
 * clean. The caller must have saved the owner's message first.
 */
export async function* streamSpecialistReply(opts: {
  db: Db
  assistant: Assistant
  conversationId: number
  cat: Cat | null
  signal?: AbortSignal | undefined
  replyClientId?: string | undefined
}): AsyncGenerator<string, void, undefined> {
  const history = await recentHistory(opts.db, opts.conversationId)
  let text = ''
  let failed = false
  try {
    for await (const piece of opts.assistant.reply({
      cat: catProfile(opts.cat),
      history,
      signal: opts.signal,
    })) {
      if (!piece) continue
      text += piece
      yield piece
    }
  } catch (error) {
    if (!opts.signal?.aborted) {
      failed = true
      throw assistantError(error)
    }
  } finally {
    if (!failed && text.trim() !== '') {
      await appendAssistantMessage(opts.db, opts.conversationId, text, opts.replyClientId)
    }
  }
}

/**
 * Appends what is new in an interview's message list. Interview messages have no ids: the client's
 * list only ever grows, so it is matched by position (the count of stored rows).
 */
export async function appendInterviewList(
  db: Db,
  interviewId: number,
  list: readonly ChatMessageInput[],
  extra: { answers?: object; completed?: boolean },
): Promise<number> {
  const messages = dropEmptyMessages(list)
  return db.$transaction(async (tx) => {
    await lockRow(tx, 'interviews', interviewId)
    const stored = await tx.interviewMessage.count({ where: { interviewId } })
    const rows = messages.slice(stored)
    if (rows.length > 0) {
      await tx.interviewMessage.createMany({
        data: rows.map((m) => ({ interviewId, role: m.role, content: m.content })),
      })
    }
    await tx.interview.update({
      where: { id: interviewId },
      data: {
        ...(extra.answers ? { answers: extra.answers } : {}),
        ...(extra.completed !== undefined ? { completed: extra.completed } : {}),
        updatedAt: new Date(),
      },
    })
    return rows.length
  })
}

async function lockRow(tx: Tx, table: 'conversations' | 'interviews', id: number): Promise<void> {
  // Table names are fixed literals above, never input; the id is a bound parameter.
  if (table === 'conversations') await tx.$queryRaw`SELECT id FROM conversations WHERE id = ${id} FOR UPDATE`
  else await tx.$queryRaw`SELECT id FROM interviews WHERE id = ${id} FOR UPDATE`
}
