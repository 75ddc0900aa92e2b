// Inputs and outputs of the conversation router (docs/product.md §3 Conversation and Chat
// message, §7 conversation rows).
import { z } from 'zod'
import { ATTACHMENTS_PER_MESSAGE, CHAT_LIST_MAX_MESSAGES, CHAT_MESSAGE_MAX_CHARS } from '../constants.ts'
import { MAX_RECORD_ID, noControlChars, recordId, sessionIdSchema } from './primitives.ts'

/** Free text as stored: NUL characters (which PostgreSQL text cannot hold) are dropped. */
export const storableText = (schema: z.ZodString) => schema.transform((text) => text.replaceAll('\u0000', ''))

/**
 * The client's own id of a message (docs/product.md §3 "optional id"); numbers are accepted and kept as text.
 */
export const clientMessageId = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, 'message id must not be empty')
      .max(100, 'message id is too long')
      .refine(noControlChars, 'message id has invalid characters'),
  )

/** The owner's photos a message carries (POST /api/chat/attachments ids): at most 4, each the owner's own. */
export const attachmentIds = z
  .array(recordId)
  .max(ATTACHMENTS_PER_MESSAGE, `At most ${ATTACHMENTS_PER_MESSAGE} photos per message`)

/**
 * docs/product.md §3 Chat message as a client sends it; the server keeps its own time,
 * so timestamp is informative.
 */
export const chatMessageInput = z.object({
  role: z.enum(['user', 'assistant'], { error: "role must be 'user' or 'assistant'" }),
  content: storableText(
    z.string().max(CHAT_MESSAGE_MAX_CHARS, `content is longer than ${CHAT_MESSAGE_MAX_CHARS} characters`),
  ),
  timestamp: z.union([z.string(), z.number()]).optional(),
  id: clientMessageId.optional(),
  attachment_ids: attachmentIds.optional(),
})
export type ChatMessageInput = z.infer<typeof chatMessageInput>

/**
 * A whole list as PUT sends it. zod checks the length before it parses any element, so a list over the
 * cap is refused before the bulk of the work; oversized bodies stop earlier, at the body limit.
 */
export const chatMessageList = z
  .array(chatMessageInput)
  .max(CHAT_LIST_MAX_MESSAGES, `too many messages in one request (at most ${CHAT_LIST_MAX_MESSAGES})`)

/** docs/product.md §3 Chat message as the server returns it: role, content, timestamp (ISO) and id. */
/** How urgent the specialist judged a reply: 'emergency' go now, 'urgent' within 24 h. */
export const urgencySchema = z.enum(['routine', 'urgent', 'emergency'])
export type UrgencyLevel = z.infer<typeof urgencySchema>

export const chatMessageOutput = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
  /** On the specialist's own replies only. */
  urgency: urgencySchema.optional(),
  /** On an urgent reply: the first-aid situation for the sign found (docs/first-aid.md), when there is one. */
  first_aid: z.string().optional(),
  /** The owner's photos sent with the message; absent when there are none. */
  attachment_ids: z.array(z.number()).optional(),
  /** On the owner's messages: the cat it was sent about; absent when unknown. */
  cat_id: z.number().optional(),
})
export type ChatMessage = z.infer<typeof chatMessageOutput>

export const conversationOutput = z.object({
  id: z.number(),
  /** The cat the conversation is about; null for one opened without a cat, until a chat about a cat adopts it. */
  cat_id: z.number().nullable(),
  session_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ConversationOut = z.infer<typeof conversationOutput>

/**
 * GET /api/supabase/conversations: a conversation with its newest CONVERSATION_LIST_MESSAGES messages,
 * oldest first, and how many it holds in all (page further back with conversation.history).
 */
export const conversationWithMessagesOutput = conversationOutput.extend({
  messages: z.array(chatMessageOutput),
  total_messages: z.number(),
})
export type ConversationWithMessages = z.infer<typeof conversationWithMessagesOutput>

/** A catId as clients send it: a number, digits, or the text 'undefined'/'null' for none. */
export const optionalCatId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined) return null
    const text = typeof value === 'string' ? value.trim() : value
    return text === '' || text === 'undefined' || text === 'null' ? null : text
  })
  .pipe(recordId.nullable())

export const createConversationInput = z.object({ session_id: sessionIdSchema.optional() })

export const updateConversationInput = z.object({
  id: recordId,
  session_id: sessionIdSchema.optional(),
  messages: chatMessageList,
})

export const updateConversationOutput = z.object({
  id: z.number(),
  /** How many messages of the list were new and stored. */
  appended: z.number(),
})

export const HISTORY_PAGE_DEFAULT = 50
export const HISTORY_PAGE_MAX = 200

export const historyInput = z.object({
  id: recordId,
  /** Page backwards: messages stored before this cursor (from `next_before`). */
  before: z.number().int().positive().max(MAX_RECORD_ID).optional(),
  /** The same as `before`, under the name React Query's infinite queries page with; it wins over `before`. */
  cursor: z.number().int().positive().max(MAX_RECORD_ID).nullish(),
  limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
})

export const historyOutput = z.object({
  /** Oldest first. */
  messages: z.array(chatMessageOutput),
  /** Pass as `before` to read the page before this one; null when this page is the first. */
  next_before: z.number().nullable(),
})

export const startInput = z.object({
  session_id: sessionIdSchema.optional(),
  catId: optionalCatId,
})

/** A cat's open escalation: its level, the sign that opened it, since when; null when none is open. */
export const openEscalationOutput = z
  .object({ urgency: z.enum(['urgent', 'emergency']), sign: z.string().nullable(), opened_at: z.string() })
  .nullable()

/** What the chat screen needs to open: its conversation, the cat it is about and the latest page. */
export const startOutput = z.object({
  conversation: conversationOutput,
  cat: z.object({ id: z.number(), name: z.string() }).nullable(),
  messages: z.array(chatMessageOutput),
  next_before: z.number().nullable(),
  /** The id of a reply still being written in this conversation, to reattach to (`resume`). */
  active_reply_id: z.string().nullable(),
  /** The cat's open escalation (its banner stays while it is open), or null. */
  open_escalation: openEscalationOutput,
})

export const escalationInput = z.object({ catId: optionalCatId })

const messageContent = storableText(
  z
    .string({ error: 'content is required' })
    .max(CHAT_MESSAGE_MAX_CHARS, `Messages can be at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
).refine((text) => text.trim() !== '', 'Please type a message')

export const sendInput = z.object({
  conversationId: recordId,
  catId: optionalCatId,
  content: messageContent,
  /** The client's id of the user's message: a retry with the same id does not store it twice. */
  clientId: clientMessageId,
  /** The client's id for the reply, so a later PUT of the whole list recognises it. */
  replyClientId: clientMessageId.optional(),
  /** Photos sent with the message (POST /api/chat/attachments ids). */
  attachment_ids: attachmentIds.optional(),
})

export const resumeInput = z.object({ conversationId: recordId, replyId: clientMessageId })

export const stopInput = z.object({
  conversationId: recordId,
  /** Only this reply; without it, whichever reply is being written in the conversation. */
  replyId: clientMessageId.optional(),
})
export const stopOutput = z.object({ stopped: z.boolean() })

/**
 * POST /api/openai/chat: {session_id, catId, messages} → {message, id}. The list is reconciled with the
 * stored conversation by message id (position and text for messages without one); the reply answers
 * the list's last message.
 */
export const chatInput = z.object({
  session_id: sessionIdSchema.optional(),
  catId: optionalCatId,
  conversationId: recordId.optional(),
  messages: chatMessageList.min(1, 'messages must not be empty'),
})

export const chatOutput = z.object({
  message: z.string(),
  /** The reply's own id: a retry of the same question answers this same reply. */
  id: z.string(),
  /** How urgent the specialist judged it; the reply to an urgent message starts by sending the owner to a vet. */
  urgency: urgencySchema,
})
