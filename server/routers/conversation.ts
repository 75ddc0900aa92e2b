// The specialist chat (docs/product.md §4 Chat room, §7 conversation and chat rows): the
// procedures; the rules are in server/domain/chat (who may chat: admission.ts; one message:
// send.ts; the REST chat row: answer-list.ts).

import {
  chatInput,
  chatOutput,
  conversationOutput,
  conversationWithMessagesOutput,
  createConversationInput,
  escalationInput,
  historyInput,
  historyOutput,
  openEscalationOutput,
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
import { requireSubscription } from '../domain/chat/admission.ts'
import { answerList } from '../domain/chat/answer-list.ts'
import { claimListAttachments } from '../domain/chat/attachments.ts'
import {
  createConversation,
  listConversations,
  ownedConversation,
  toConversation,
} from '../domain/chat/conversations.ts'
import type { ChatDeps } from '../domain/chat/deps.ts'
import { escalationView } from '../domain/chat/escalations.ts'
import { appendConversationList, historyPage } from '../domain/chat/message-store.ts'
import { openChat } from '../domain/chat/open-chat.ts'
import { resumeReply, stopReply } from '../domain/chat/reply-control.ts'
import { sendMessage } from '../domain/chat/send.ts'
import { specialistCat } from '../domain/chat/specialist-cat.ts'
import { requireRoom } from '../domain/quotas.ts'
import { rateLimit, rest } from '../rest/meta.ts'
import { perUser } from '../services/rate-limits.ts'
import { authedProcedure, router } from '../trpc.ts'

const deps = (ctx: Context): ChatDeps => ({
  db: ctx.services.db,
  assistant: ctx.services.assistant,
  streams: ctx.services.streams,
  log: ctx.log,
})

/** Every chat message spends the owner's message budget (and needs a live subscription). */
const CHAT_MESSAGE = rateLimit(perUser('chatPerUser'))

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
    .query(({ ctx }) => listConversations(ctx.services.db, ctx.user.id)),

  /**
   * POST /api/supabase/conversations {session_id}: a new conversation. The same session asking twice
   * (a double mount, a retried request) gets the one it already has.
   */
  create: authedProcedure
    .meta(rest('POST', '/api/supabase/conversations', { summary: 'Start a conversation' }))
    .input(createConversationInput)
    .output(conversationOutput)
    .mutation(async ({ ctx, input }) => {
      await requireRoom(ctx.services.db, ctx.user.id, 'conversations')
      return toConversation(await createConversation(ctx.services.db, ctx.user.id, input.session_id))
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
      await claimListAttachments(ctx.services.db, ctx.user.id, conversation.id, input.messages)
      const { appended } = await appendConversationList(ctx.services.db, conversation.id, input.messages, {
        quota: { ownerId: ctx.user.id },
        // The owner's messages are about the conversation's cat.
        catId: conversation.catId,
      })
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
   * for), the cat's conversation (created when there is none), its newest page of messages and the
   * cat's open escalation.
   */
  start: authedProcedure
    .input(startInput)
    .output(startOutput)
    .mutation(({ ctx, input }) =>
      openChat(ctx.services, ctx.user.id, { catId: input.catId, sessionId: input.session_id }),
    ),

  /** The cat's open escalation (the chat keeps its banner while it is open), read again after each reply. */
  escalation: authedProcedure
    .input(escalationInput)
    .output(openEscalationOutput)
    .query(async ({ ctx, input }) => {
      const cat = await specialistCat(ctx.services.db, ctx.user.id, input.catId)
      return escalationView(ctx.services.db, cat?.id ?? null)
    }),

  /**
   * One message to the specialist, the reply streamed back as text pieces (tRPC streams an async
   * generator through httpBatchStreamLink). The owner's message is saved first; the reply is generated
   * apart from this request: a dropped connection or a reload does not stop it, and
   * `resume` reads it again from any instance. A retried message gets its stored reply, or joins the
   * reply still being written; Stop is `conversation.stop`.
   */
  send: authedProcedure
    .meta(CHAT_MESSAGE)
    .input(sendInput)
    .mutation(async ({ ctx, input, signal }) => {
      await requireSubscription(ctx.services.db, ctx.user.id, input.catId)
      return sendMessage(deps(ctx), ctx.user.id, { ...input, attachmentIds: input.attachment_ids }, signal)
    }),

  /**
   * Reattaches to a reply still being written (its id from `start`): what was written so far, then the
   * rest as it arrives. A reply that has finished meanwhile comes back whole from the database; an
   * unknown id yields nothing.
   */
  resume: authedProcedure
    .input(resumeInput)
    .mutation(({ ctx, input, signal }) =>
      resumeReply(ctx.services, ctx.user.id, input.conversationId, input.replyId, signal),
    ),

  /** Stop: ends the reply being written in the conversation, on whichever instance writes it. */
  stop: authedProcedure
    .input(stopInput)
    .output(stopOutput)
    .mutation(({ ctx, input }) => stopReply(ctx.services, ctx.user.id, input.conversationId, input.replyId)),

  /**
   * POST /api/openai/chat {session_id, catId, messages} → {message, id}: the same reply, not streamed.
   * The list is reconciled with the owner's conversation (this session's, else their latest, else a new
   * one) by message id; the reply answers the list's last message, and a question already answered
   * gets its stored reply back.
   */
  chat: authedProcedure
    .meta(rest('POST', '/api/openai/chat', { summary: "The specialist's reply to the newest message" }))
    .meta(CHAT_MESSAGE)
    .input(chatInput)
    .output(chatOutput)
    .mutation(async ({ ctx, input, signal }) => {
      await requireSubscription(ctx.services.db, ctx.user.id, input.catId)
      return answerList(
        deps(ctx),
        ctx.user.id,
        {
          conversationId: input.conversationId,
          sessionId: input.session_id,
          catId: input.catId,
          messages: input.messages,
        },
        signal,
      )
    }),
})
