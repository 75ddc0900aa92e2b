// "Routine, then vet" (docs/follow-ups.md): a routine reply about a cat whose owner reported a vet visit
// (a follow-up answered seen_vet = yes) within 72 hours after it, before the escalation that was followed
// up. The scoreboard lists them for a range; an operator may open one's conversation only when it is one
// of them and its owner agreed to a review.
import type { Db } from '../../db.ts'

/** Within 72 h after a routine answer, a vet visit reported for the same cat counts against it. */
export const ROUTINE_THEN_VET_HOURS = 72

/** Whether conversation `id` holds a routine reply later taken to the vet, and its owner agreed to a review. */
export async function reviewableConversation(db: Db, id: number): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ ok: number }>>`
    SELECT 1 AS ok
    FROM conversations c
    JOIN users u ON u.id = c.user_id AND u.review_consent_at IS NOT NULL
    JOIN conversation_messages r ON r.conversation_id = c.id AND r.urgency = 'routine'
    JOIN conversation_messages q ON q.id = r.reply_to_id AND q.role = 'user'
    JOIN follow_ups f ON f.cat_id = q.cat_id AND f.seen_vet = 'yes'
    WHERE c.id = ${id}
      AND q.created_at >= f.answered_at - make_interval(hours => ${ROUTINE_THEN_VET_HOURS})
      AND q.created_at < f.answered_at
      AND r.created_at >= f.answered_at - make_interval(hours => ${ROUTINE_THEN_VET_HOURS})
      AND r.id < f.message_id
    LIMIT 1`
  return rows.length > 0
}

/** The conversation as the reviewing operator reads it: the messages, oldest first, nothing to change. */
export async function conversationForReview(db: Db, id: number) {
  const conversation = await db.conversation.findUnique({
    where: { id },
    select: { id: true, createdAt: true },
  })
  if (!conversation) return null
  const messages = await db.conversationMessage.findMany({
    where: { conversationId: id },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      role: true,
      content: true,
      urgency: true,
      createdAt: true,
      cat: { select: { name: true } },
    },
  })
  return {
    id: conversation.id,
    created_at: conversation.createdAt.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      urgency: m.urgency,
      cat_name: m.cat?.name ?? null,
      created_at: m.createdAt.toISOString(),
    })),
  }
}
