// The urgent concerns the owner raised in the chat, for the vet's report: the owner's message that the
// specialist answered by sending them to a vet now, with its date.
import type { Db } from '../../db.ts'
import { URGENT_HEADLINE } from '../../services/assistant/offline/triage.ts'

export interface UrgentConcern {
  at: string
  text: string
}

/** The headline every urgent reply starts with, up to the cat's name. */
const URGENT_START = URGENT_HEADLINE.slice(0, URGENT_HEADLINE.indexOf('{name}'))
const MAX_CONCERNS = 10
const MAX_TEXT = 240

/**
 * The owner's last ten messages since `since` whose reply started with the urgent headline, oldest first.
 *
 * TODO(lead, at merge): the specialist engineer adds `urgency` to chat replies; select replies with
 * `urgency in ('emergency', 'urgent')` instead of matching the headline's text.
 */
export async function urgentConcerns(db: Db, userId: number, since: Date): Promise<UrgentConcern[]> {
  const replies = await db.conversationMessage.findMany({
    where: {
      conversation: { userId },
      role: 'assistant',
      createdAt: { gte: since },
      content: { startsWith: URGENT_START },
      replyToId: { not: null },
    },
    orderBy: { id: 'desc' },
    take: MAX_CONCERNS,
    select: { replyToId: true },
  })
  const ids = replies.flatMap((r) => (r.replyToId === null ? [] : [r.replyToId]))
  if (ids.length === 0) return []
  const asked = await db.conversationMessage.findMany({
    where: { id: { in: ids }, conversation: { userId } },
    orderBy: { id: 'asc' },
    select: { content: true, createdAt: true },
  })
  return asked.map((m) => ({
    at: m.createdAt.toISOString(),
    text: m.content.length > MAX_TEXT ? `${m.content.slice(0, MAX_TEXT - 1)}…` : m.content,
  }))
}
