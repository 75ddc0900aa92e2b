// The urgent concerns the owner raised in the chat, for the vet's report: the owner's message that the
// specialist judged urgent or an emergency (the reply's stored `urgency`), with its date.
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

/** The owner's last ten messages since `since` whose reply was urgent or an emergency, oldest first. */
export async function urgentConcerns(db: Db, userId: number, since: Date): Promise<UrgentConcern[]> {
  const replies = await db.conversationMessage.findMany({
    where: {
      conversation: { userId },
      role: 'assistant',
      createdAt: { gte: since },
      urgency: { in: ['emergency', 'urgent'] },
      replyToId: { not: null },
    },
    orderBy: { id: 'desc' },
    take: MAX_CONCERNS,
    select: { id: true, replyToId: true, urgency: true },
  })
  const urgencyOf = new Map(
    replies.map((r) => [r.replyToId, r.urgency === 'emergency' ? 'emergency' : 'urgent'] as const),
  )
  if (urgencyOf.size === 0) return []
  const findings = await vetFindings(
    db,
    replies.map((r) => r.id),
  )
  const findingOf = new Map(replies.map((r) => [r.replyToId, findings.get(r.id) ?? null]))
  const asked = await db.conversationMessage.findMany({
    where: {
      id: { in: [...urgencyOf.keys()].filter((id): id is number => id !== null) },
      conversation: { userId },
    },
    orderBy: { id: 'asc' },
    select: { id: true, content: true, createdAt: true },
  })
  return asked.map((m) => ({
    at: m.createdAt.toISOString(),
    text: m.content.length > MAX_TEXT ? `${m.content.slice(0, MAX_TEXT - 1)}…` : m.content,
    urgency: urgencyOf.get(m.id) ?? 'urgent',
    vetFinding: findingOf.get(m.id) ?? null,
  }))
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
