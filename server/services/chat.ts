// Chat persistence and the specialist's reply, shared by the streaming procedure and the REST row.
// Messages are rows appended in order: every operation here touches only the new rows and a bounded
// window of recent ones, so a long conversation costs the same per message as a short one.

import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { CHAT_APPEND_BATCH, CHAT_HISTORY_WINDOW } from '../../shared/constants.ts'
import { dropEmptyMessages } from '../../shared/rules/interview-flow.ts'
import type { ChatMessage, ChatMessageInput } from '../../shared/schemas/conversation.ts'
import type { Db } from '../db.ts'
import { firstOfEachId, matchStored } from '../domain/chat/reconcile.ts'
import { appError } from '../errors.ts'
import {
  type Cat,
  type ConversationMessage,
  type InterviewMessage,
  Prisma,
} from '../generated/prisma/client.ts'
import { AssistantUnavailableError } from './assistant/errors.ts'
import type { Assistant, AssistantMessage, CatProfileForAssistant } from './assistant/types.ts'
import { followReply, ReplyFailedError, ReplyLostError } from './streams/follow.ts'
import type { ReplyStreams } from './streams/types.ts'

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
export const serverClientId = () => `srv-${randomUUID()}`

/**
 * Appends what is new in `list` (a client's copy of the conversation, whole or only its newest part;
 * see server/domain/chat/reconcile.ts for the rule) and returns how many rows were added and the row id
 * of the list's last message. The list is read and appended CHAT_APPEND_BATCH messages at a time, so a
 * request holds a bounded slice in memory whatever its length. Concurrent writers of one conversation
 * are serialised by a row lock, and the unique (conversation, client id) index backs the rule up.
 */
export async function appendConversationList(
  db: Db,
  conversationId: number,
  list: readonly ChatMessageInput[],
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
      let appended = 0
      let lastRowId: number | null = null
      let lastNewClientId: string | null = null
      for (let start = 0; start < messages.length; start += CHAT_APPEND_BATCH) {
        const slice = messages.slice(start, start + CHAT_APPEND_BATCH)
        const ids = slice.flatMap((m) => (m.id ? [m.id] : []))
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
            clientId: m.id ?? serverClientId(),
          }))
        if (fresh.length > 0) {
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

/** Stores the owner's new message unless a retry already stored it (the same client id). */
export async function appendUserMessage(
  db: Db,
  conversationId: number,
  message: { content: string; clientId: string },
): Promise<{ row: ConversationMessage; retried: boolean }> {
  return db.$transaction(async (tx) => {
    await lockRow(tx, 'conversations', conversationId)
    const existing = await tx.conversationMessage.findUnique({
      where: { conversationId_clientId: { conversationId, clientId: message.clientId } },
    })
    if (existing) return { row: existing, retried: true }
    const row = await tx.conversationMessage.create({
      data: { conversationId, role: 'user', content: message.content, clientId: message.clientId },
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
  replyTo: { questionId?: number | null | undefined; clientId?: string | undefined } = {},
): Promise<ConversationMessage> {
  const create = (clientId: string) =>
    db.$transaction([
      db.conversationMessage.create({
        data: { conversationId, role: 'assistant', content, clientId, replyToId: replyTo.questionId ?? null },
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
 * including `uptoId` (the question being answered), oldest first.
 */
export async function recentHistory(
  db: Db,
  conversationId: number,
  uptoId?: number | null,
): Promise<AssistantMessage[]> {
  const rows = await db.conversationMessage.findMany({
    where: { conversationId, ...(uptoId ? { id: { lte: uptoId } } : {}) },
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
    if (!cat) throw appError('CAT_NOT_FOUND')
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
    return appError('ASSISTANT_UNAVAILABLE', { cause: error })
  }
  return error
}

/**
 * The key of a reply's stream: its conversation and its id. Reply ids come from clients (SPEC's message
 * ids), so two conversations may use the same one; their streams must never mix.
 */
export function replyStreamId(conversationId: number, replyId: string): string {
  return `${conversationId}:${replyId}`
}

/**
 * Starts the specialist's reply to the owner's message `questionId`, apart from any request, and returns
 * its id; a retry while it is being written gets the same id (one generation per message). Readers
 * follow it with `followReply`. The reply is stored once, when it completes or is stopped (what was
 * written so far); an upstream failure stores nothing and lets a retry start again.
 */
export async function startSpecialistReply(opts: {
  db: Db
  assistant: Assistant
  streams: ReplyStreams
  log: FastifyBaseLogger
  conversationId: number
  cat: Cat | null
  questionId: number
  replyClientId?: string | undefined
}): Promise<string> {
  const key = `question:${opts.questionId}`
  const wanted = opts.replyClientId ?? serverClientId()
  // The claim holds the stream id (conversation and reply id); the caller gets the reply id back.
  const claimed = await opts.streams.claim(key, replyStreamId(opts.conversationId, wanted))
  const replyId = claimed.slice(`${opts.conversationId}:`.length)
  if (replyId !== wanted) return replyId
  await opts.streams.setActive(opts.conversationId, replyId)
  void generateReply({ ...opts, key, replyId }).catch((error: unknown) =>
    opts.log.error({ err: error, replyId }, 'reply generation failed unexpectedly'),
  )
  return replyId
}

async function generateReply(
  opts: Parameters<typeof startSpecialistReply>[0] & { key: string; replyId: string },
) {
  const { streams, replyId, key } = opts
  const streamId = replyStreamId(opts.conversationId, replyId)
  const controller = new AbortController()
  const offStop = await streams.onStop(streamId, () => controller.abort())
  let text = ''
  let failed = false
  try {
    const history = await recentHistory(opts.db, opts.conversationId, opts.questionId)
    for await (const piece of opts.assistant.reply({
      cat: catProfile(opts.cat),
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
      opts.log.warn({ err: error, replyId }, 'the assistant failed while replying')
    }
  } finally {
    offStop()
    if (!failed && text.trim() !== '') {
      try {
        await appendAssistantMessage(opts.db, opts.conversationId, text, {
          questionId: opts.questionId,
          clientId: replyId,
        })
      } catch (error) {
        failed = true
        opts.log.error({ err: error, replyId }, 'the reply could not be stored')
      }
    }
    if (failed || text.trim() === '') await streams.release(key)
    await streams.end(streamId, failed ? 'failed' : 'done')
    await streams.clearActive(opts.conversationId, replyId)
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
