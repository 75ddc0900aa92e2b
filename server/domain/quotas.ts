// How much one owner may store, and one interview hold (issue 19 item 7): without these an owner could
// fill the disk with cats and their 5 MB photos, conversations and messages. The figures are in the
// README's "Limits and quotas" table; a visitor's address is bounded by rate limits
// (server/services/rate-limits.ts: visitorInterviewPerIp, visitorInterviewsPerIpDaily).
import type { Db } from '../db.ts'
import { appError } from '../errors.ts'

export const QUOTAS = {
  /** Cats per owner; each holds at most one photo (5 MB), so at most 250 MB of photos. */
  cats: 50,
  /** Conversations with the specialist per owner. */
  conversations: 20,
  /** Stored chat messages per owner, over all their conversations (each at most CHAT_MESSAGE_MAX_CHARS). */
  messages: 10_000,
  /** Messages one interview keeps (a whole interview needs a few dozen). */
  interviewMessages: 500,
} as const

export type OwnerQuota = 'cats' | 'conversations' | 'messages'

const WHAT: Record<OwnerQuota | 'interviewMessages', string> = {
  cats: 'cats',
  conversations: 'conversations',
  messages: 'chat messages',
  interviewMessages: 'messages in one interview',
}

function refuse(kind: keyof typeof WHAT): never {
  throw appError('QUOTA_EXCEEDED', {
    message: `This account has reached its limit of ${QUOTAS[kind].toLocaleString('en-US')} ${WHAT[kind]}.`,
  })
}

/** Refuses (409 QUOTA_EXCEEDED) a new record of `kind` when the owner already has the most allowed. */
export async function requireRoom(db: Db, ownerId: number, kind: OwnerQuota): Promise<void> {
  const count =
    kind === 'cats'
      ? await db.cat.count({ where: { userId: ownerId } })
      : kind === 'conversations'
        ? await db.conversation.count({ where: { userId: ownerId } })
        : await db.conversationMessage.count({ where: { conversation: { userId: ownerId } } })
  if (count >= QUOTAS[kind]) refuse(kind)
}

/** Refuses new messages for an interview that already holds the most allowed. */
export async function requireInterviewRoom(db: Db, interviewId: number): Promise<void> {
  const count = await db.interviewMessage.count({ where: { interviewId } })
  if (count >= QUOTAS.interviewMessages) refuse('interviewMessages')
}
