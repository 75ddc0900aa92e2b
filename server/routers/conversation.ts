// The specialist chat (SPEC §4 Chat room, §7 conversation and chat rows). Who may chat is decided here
// on every message: an active or trialing subscription, else 402 and the client goes to /paywall.
import { CONVERSATION_LIST_MESSAGES } from '../../shared/constants.ts'
import {
  type ConversationOut,
  chatInput,
  chatOutput,
  conversationOutput,
  conversationWithMessagesOutput,
  createConversationInput,
  historyInput,
  historyOutput,
  resumeInput,
  sendInput,
  startInput,
  startOutput,
  stopInput,
  stopOutput,
  updateConversationInput,
  updateConversationOutput,
} from '../../shared/schemas/conversation.ts'
import type { Context } from '../context.ts'
import type { Db } from '../db.ts'
import { hasActiveSubscription } from '../entitlement.ts'
import { appError, asOwner } from '../errors.ts'
import type { Conversation } from '../generated/prisma/client.ts'
import { rest } from '../rest/meta.ts'
import {
  appendConversationList,
  appendUserMessage,
  historyPage,
  ownedCat,
  replyPieces,
  replyStreamId,
  startSpecialistReply,
  storedReply,
  toChatMessage,
} from '../services/chat.ts'
import { authedProcedure, limit, router } from '../trpc.ts'

function toConversation(row: Conversation): ConversationOut {
  return {
    id: row.id,
    session_id: row.sessionId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Another owner's conversation is indistinguishable from a missing one (404). */
async function ownedConversation(db: Db, userId: number, id: number): Promise<Conversation> {
  const found = await db.conversation.findFirst({ where: { id, userId } })
  if (!found) throw appError('CONVERSATION_NOT_FOUND')
  return found
}

/** Every chat message spends the owner's message budget and needs a live subscription. */
async function admitMessage(ctx: Context & { user: { id: number } }): Promise<void> {
  await limit(ctx, 'chatPerUser', String(ctx.user.id))
  if (!(await hasActiveSubscription(ctx.services.db, ctx.user.id))) {
    throw appError('SUBSCRIPTION_REQUIRED')
  }
}

export const conversationRouter = router({
  /**
   * GET /api/supabase/conversations: the owner's conversations (at most 100), newest activity first, each
   * with its newest CONVERSATION_LIST_MESSAGES messages (oldest first) and its total message count.
   */
  list: authedProcedure
    .meta(
      rest('GET', '/api/supabase/conversations', {
        summary: "The owner's conversations, each with its newest messages",
      }),
    )
    .output(conversationWithMessagesOutput.array())
    .query(async ({ ctx }) => {
      const rows = await ctx.services.db.conversation.findMany({
        where: { userId: ctx.user.id },
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
    }),

  /**
   * POST /api/supabase/conversations {session_id}: a new conversation. The same session asking twice
   * (a double mount, a retried request) gets the one it already has.
   */
  create: authedProcedure
    .meta(rest('POST', '/api/supabase/conversations', { summary: 'Start a conversation' }))
    .input(createConversationInput)
    .output(conversationOutput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services
      if (input.session_id) {
        const existing = await db.conversation.findFirst({
          where: { userId: ctx.user.id, sessionId: input.session_id },
          orderBy: { id: 'desc' },
        })
        if (existing) return toConversation(existing)
      }
      const row = await asOwner(() =>
        db.conversation.create({ data: { userId: ctx.user.id, sessionId: input.session_id ?? null } }),
      )
      return toConversation(row)
    }),

  /** PUT /api/supabase/conversations/:id {session_id, messages}: stores only what is new in the list. */
  update: authedProcedure
    .meta(
      rest('PUT', '/api/supabase/conversations/:id', { summary: 'Store the new messages of a conversation' }),
    )
    .input(updateConversationInput)
    .output(updateConversationOutput)
    .mutation(async ({ ctx, input }) => {
      const conversation = await ownedConversation(ctx.services.db, ctx.user.id, input.id)
      const { appended } = await appendConversationList(ctx.services.db, conversation.id, input.messages)
      return { id: conversation.id, appended }
    }),

  /** A page of stored messages, newest page first; the chat reads history through this after a reload. */
  history: authedProcedure
    .input(historyInput)
    .output(historyOutput)
    .query(async ({ ctx, input }) => {
      const conversation = await ownedConversation(ctx.services.db, ctx.user.id, input.id)
      return historyPage(ctx.services.db, conversation.id, input.limit, input.cursor ?? input.before)
    }),

  /**
   * Opens the chat screen in one call: the owner's current cat (the highest id, or the catId asked
   * for), their latest conversation (created when there is none) and its newest page of messages.
   */
  start: authedProcedure
    .input(startInput)
    .output(startOutput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services
      const cat = await ownedCat(db, ctx.user.id, input.catId)
      const conversation =
        (await db.conversation.findFirst({ where: { userId: ctx.user.id }, orderBy: { id: 'desc' } })) ??
        (await asOwner(() =>
          db.conversation.create({ data: { userId: ctx.user.id, sessionId: input.session_id ?? null } }),
        ))
      const page = await historyPage(db, conversation.id, 50)
      return {
        conversation: toConversation(conversation),
        cat: cat ? { id: cat.id, name: cat.name } : null,
        ...page,
        // A reply still being written (the page reloaded mid-answer): the client reattaches with resume.
        active_reply_id: await ctx.services.streams.active(conversation.id),
      }
    }),

  /**
   * One message to the specialist, the reply streamed back as text pieces (tRPC streams an async
   * generator through httpBatchStreamLink). The owner's message is saved first; the reply is generated
   * apart from this request (issue 15): a dropped connection or a reload does not stop it, and
   * `resume` reads it again from any instance. A retried message gets its stored reply, or joins the
   * reply still being written; Stop is `conversation.stop`.
   */
  send: authedProcedure.input(sendInput).mutation(async ({ ctx, input, signal }) => {
    await admitMessage(ctx)
    const { db, assistant, streams } = ctx.services
    const conversation = await ownedConversation(db, ctx.user.id, input.conversationId)
    const cat = await ownedCat(db, ctx.user.id, input.catId)
    const question = await appendUserMessage(db, conversation.id, {
      content: input.content,
      clientId: input.clientId,
    })
    // A retried message whose reply is stored gets that reply, in one piece; nothing new is asked.
    const stored = question.retried ? await storedReply(db, question.row.id) : null
    if (stored) return onePiece(stored.content)
    const replyId = await startSpecialistReply({
      db,
      assistant,
      streams,
      log: ctx.log,
      conversationId: conversation.id,
      cat,
      questionId: question.row.id,
      replyClientId: input.replyClientId,
    })
    return replyPieces(streams, conversation.id, replyId, signal)
  }),

  /**
   * Reattaches to a reply still being written (its id from `start`): what was written so far, then the
   * rest as it arrives. A reply that has finished meanwhile comes back whole from the database; an
   * unknown id yields nothing.
   */
  resume: authedProcedure.input(resumeInput).mutation(async ({ ctx, input, signal }) => {
    const { db, streams } = ctx.services
    const conversation = await ownedConversation(db, ctx.user.id, input.conversationId)
    if ((await streams.active(conversation.id)) === input.replyId) {
      return replyPieces(streams, conversation.id, input.replyId, signal)
    }
    const stored = await db.conversationMessage.findUnique({
      where: { conversationId_clientId: { conversationId: conversation.id, clientId: input.replyId } },
    })
    // No such reply in the owner's conversation: nothing to resume (404 is kept for others' records).
    return onePiece(stored?.role === 'assistant' ? stored.content : '')
  }),

  /** Stop: ends the reply being written in the conversation, on whichever instance writes it. */
  stop: authedProcedure
    .input(stopInput)
    .output(stopOutput)
    .mutation(async ({ ctx, input }) => {
      const { db, streams } = ctx.services
      const conversation = await ownedConversation(db, ctx.user.id, input.conversationId)
      const active = await streams.active(conversation.id)
      if (!active || (input.replyId && input.replyId !== active)) return { stopped: false }
      await streams.stop(replyStreamId(conversation.id, active))
      return { stopped: true }
    }),

  /**
   * POST /api/openai/chat {session_id, catId, messages} → {message, id}: the same reply, not streamed.
   * The list is reconciled with the owner's conversation (this session's, else their latest, else a new
   * one) by message id; the reply answers the list's last message, and a question already answered
   * gets its stored reply back.
   */
  chat: authedProcedure
    .meta(rest('POST', '/api/openai/chat', { summary: "The specialist's reply to the newest message" }))
    .input(chatInput)
    .output(chatOutput)
    .mutation(async ({ ctx, input, signal }) => {
      await admitMessage(ctx)
      const { db, assistant, streams } = ctx.services
      const last = input.messages.findLast((m) => m.content.trim() !== '')
      if (last?.role !== 'user') {
        throw appError('INVALID_INPUT', { message: 'messages: the last message must be from the user' })
      }
      const conversation = input.conversationId
        ? await ownedConversation(db, ctx.user.id, input.conversationId)
        : await conversationForSession(db, ctx.user.id, input.session_id)
      const cat = await ownedCat(db, ctx.user.id, input.catId)
      const { lastRowId, lastIsNew } = await appendConversationList(db, conversation.id, input.messages)
      if (!lastRowId) throw appError('MESSAGE_NOT_STORED')
      let stored = lastIsNew ? null : await storedReply(db, lastRowId)
      if (!stored) {
        const replyId = await startSpecialistReply({
          db,
          assistant,
          streams,
          log: ctx.log,
          conversationId: conversation.id,
          cat,
          questionId: lastRowId,
        })
        for await (const _piece of replyPieces(streams, conversation.id, replyId, signal)) {
          // The whole reply is answered at once; the pieces only tell when it is complete.
        }
        stored = await storedReply(db, lastRowId)
      }
      if (!stored) throw appError('ASSISTANT_UNAVAILABLE')
      return { message: stored.content, id: toChatMessage(stored).id }
    }),
})

async function* onePiece(text: string): AsyncGenerator<string, void, undefined> {
  if (text) yield text
}

async function conversationForSession(
  db: Db,
  userId: number,
  sessionId: string | undefined,
): Promise<Conversation> {
  const bySession = sessionId
    ? await db.conversation.findFirst({ where: { userId, sessionId }, orderBy: { id: 'desc' } })
    : null
  return (
    bySession ??
    (await db.conversation.findFirst({ where: { userId }, orderBy: { id: 'desc' } })) ??
    (await asOwner(() => db.conversation.create({ data: { userId, sessionId: sessionId ?? null } })))
  )
}
