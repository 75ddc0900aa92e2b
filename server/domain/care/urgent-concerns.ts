// The urgent concerns raised in the chat about one cat, for the vet's report: the owner's messages the
// specialist judged urgent or an emergency (the reply's stored `urgency`), with their dates. Another
// cat's never, nor an everyday question asked while an escalation was open (its reply is routine).
import type { Db } from '../../db.ts'

export interface UrgentConcern {
  at: string
  text: string
  urgency: 'emergency' | 'urgent'
  /** What the vet found, as the owner told the follow-up (docs/follow-ups.md); null when not told. */
  vetFinding: string | null
}

const MAX_CONCERNS = 10
const MAX_TEXT = 240
/** Replies read to find the cat's ten: a household's other cats' escalations are read and left out. */
const MAX_READ = 100

export interface ConcernCat {
  id: number
  /** The owner, whose first cat an old message about no known cat is (docs/decisions.md, "Chat"). */
  userId: number
  createdAt: Date
}

/**
 * The cat's last ten owner's messages since `since` (never before the cat existed) whose reply was stored
 * as urgent or an emergency, oldest first. By the stored urgency only, and by the cat each message was
 * about: its own cat, else its conversation's, else (an old row about no known cat) the owner's first cat.
 */
export async function urgentConcerns(db: Db, cat: ConcernCat, since: Date): Promise<UrgentConcern[]> {
  const from = since > cat.createdAt ? since : cat.createdAt
  const firstCat = await db.cat.findFirst({
    where: { userId: cat.userId },
    orderBy: { id: 'asc' },
    select: { id: true },
  })
  const aboutNoCat =
    firstCat?.id === cat.id ? [{ catId: null, conversation: { catId: null, userId: cat.userId } }] : []
  const asked = await db.conversationMessage.findMany({
    where: {
      role: 'user',
      createdAt: { gte: from },
      OR: [{ catId: cat.id }, { catId: null, conversation: { catId: cat.id } }, ...aboutNoCat],
    },
    orderBy: { id: 'desc' },
    take: MAX_READ,
    select: { id: true, content: true, createdAt: true },
  })
  if (asked.length === 0) return []
  const replies = await db.conversationMessage.findMany({
    where: {
      role: 'assistant',
      urgency: { in: ['emergency', 'urgent'] },
      replyToId: { in: asked.map((m) => m.id) },
    },
    orderBy: { id: 'desc' },
    take: MAX_CONCERNS,
    select: { id: true, replyToId: true, urgency: true },
  })
  if (replies.length === 0) return []
  const findings = await vetFindings(
    db,
    replies.map((r) => r.id),
  )
  const replyOf = new Map(replies.map((r) => [r.replyToId, r]))
  return asked
    .filter((m) => replyOf.has(m.id))
    .reverse()
    .map((m) => {
      const reply = replyOf.get(m.id)
      return {
        at: m.createdAt.toISOString(),
        text: m.content.length > MAX_TEXT ? `${m.content.slice(0, MAX_TEXT - 1)}…` : m.content,
        urgency: reply?.urgency === 'emergency' ? 'emergency' : 'urgent',
        vetFinding: (reply && findings.get(reply.id)) ?? null,
      }
    })
}

/** The findings the owner reported in the follow-ups of the replies `replyIds`, by reply. */
async function vetFindings(db: Db, replyIds: number[]): Promise<Map<number, string>> {
  const rows = await db.followUp.findMany({
    where: { messageId: { in: replyIds }, seenVet: 'yes', finding: { not: null } },
    orderBy: { answeredAt: 'asc' },
    select: { messageId: true, finding: true },
  })
  return new Map(rows.map((row) => [row.messageId, row.finding ?? '']))
}
