// How the specialist chat opens (docs/product.md §4 "Chat room"): the owner's conversation
// (created when none), its newest page, and the cat the chat is about. The server calls
// are handed in, so this is plain logic.
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../../../server/routers/index.ts'
import { ERRORS } from '../../../../../shared/errors.ts'
import { currentCat } from '../../../../../shared/rules/current-cat.ts'
import type { ChatMessage } from '../../../../../shared/schemas/conversation.ts'
import type { UiMessage } from '../../../chat-message.ts'
import { storeCats } from '../../../hooks/useCatAnswers.ts'
import { readText, sessionId, writeText } from '../../../storage.ts'
import { errorCode } from '../../../trpc.ts'

type Out = inferRouterOutputs<AppRouter>
export type ChatCat = { id: number; name: string }

/** The server calls the opening makes. */
export interface OpeningCalls {
  start(input: { session_id: string; catId: string | null }): Promise<Out['conversation']['start']>
  conversations(): Promise<Out['conversation']['list']>
  create(input: { session_id: string }): Promise<Out['conversation']['create']>
  history(input: { id: number }): Promise<Out['conversation']['history']>
  cats(): Promise<Out['cat']['list']>
}

export interface Opened {
  conversationId: number
  cat: ChatCat | null
  messages: ChatMessage[]
  nextBefore: number | null
  /** A reply still being written on the server (the page reloaded mid-answer): reattach to it. */
  activeReplyId: string | null
}

export const toUi = (m: ChatMessage): UiMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  timestamp: m.timestamp,
  urgency: m.urgency,
  ...(m.first_aid ? { firstAid: m.first_aid } : {}),
  ...(m.attachment_ids ? { attachmentIds: m.attachment_ids } : {}),
  ...(m.cat_id ? { catId: m.cat_id } : {}),
})

/**
 * Step 1, 'Connecting with Assistant': the owner's latest conversation (created when none), its newest
 * page, and the cat the owner chose (the stored catId; the server falls back to the current cat).
 */
async function openConversation(calls: OpeningCalls): Promise<Opened> {
  const stored = readText('catId').trim()
  // Only a stored id is sent: anything else left in the key is no choice (the server's current cat).
  const chosen = /^\d{1,10}$/.test(stored) ? stored : null
  const out = await calls.start({ session_id: sessionId(), catId: chosen }).catch((error: unknown) => {
    // A cat that is no longer this owner's (deleted, or another account's choice): the current cat.
    if (chosen === null || errorCode(error) !== 'CAT_NOT_FOUND') throw error
    return calls.start({ session_id: sessionId(), catId: null })
  })
  return {
    conversationId: out.conversation.id,
    cat: out.cat,
    messages: out.messages,
    nextBefore: out.next_before,
    activeReplyId: out.active_reply_id,
  }
}

/**
 * docs/product.md §4: "if initialisation fails, a fallback setup call is used" — the separate calls: the
 * owner's conversations (the highest id of the chosen cat's, else of those without a cat, else a new
 * one) and its newest messages.
 */
async function fallbackSetup(calls: OpeningCalls): Promise<Opened> {
  const all = await calls.conversations()
  // Each cat has its own conversation: the chosen cat's, when there is one, never another cat's.
  const chosen = Number(readText('catId').trim())
  const ofCat = all.filter((c) => c.cat_id === chosen)
  const conversations = ofCat.length > 0 ? ofCat : all.filter((c) => c.cat_id === null)
  const latest = conversations.reduce<(typeof conversations)[number] | null>(
    (best, c) => (best && best.id > c.id ? best : c),
    null,
  )
  const conversation = latest ?? (await calls.create({ session_id: sessionId() }))
  const page = await calls.history({ id: conversation.id })
  return {
    conversationId: conversation.id,
    cat: null,
    messages: page.messages,
    nextBefore: page.next_before,
    activeReplyId: null,
  }
}

/**
 * The conversation the chat opens on, through the fallback set-up when opening fails; null when the
 * session was refused (the session link signs the owner out: nothing more happens here).
 */
export async function openOrFallback(calls: OpeningCalls): Promise<Opened | null> {
  try {
    return await openConversation(calls)
  } catch (error) {
    if (errorCode(error) === 'NOT_AUTHENTICATED') return null
    console.warn('Chat initialisation failed; trying the fallback setup', error)
    return fallbackSetup(calls)
  }
}

/**
 * Step 2, 'Checking Cat Profile': the owner's cats, mirrored into local storage; the chat is about the
 * cat the chat opened with, else the stored catId while it is theirs, else the highest id. Null: no cat.
 */
export async function checkCatProfile(
  calls: OpeningCalls,
  fallback: ChatCat | null,
): Promise<ChatCat | null> {
  try {
    const cats = await calls.cats()
    if (!Array.isArray(cats)) throw new Error(ERRORS.invalidResponseFormat)
    if (cats.length === 0) return null
    const current = currentCat(cats, fallback?.id ?? readText('catId'))
    if (!current) return null
    writeText('catId', String(current.id))
    storeCats(cats)
    return { id: current.id, name: current.name }
  } catch (error) {
    if (errorCode(error) === 'NOT_AUTHENTICATED') throw error
    console.warn("Could not load the cats; using the conversation's", error)
    if (fallback) return fallback
    throw error
  }
}
