// A follow-up for every escalation episode (docs/follow-ups.md): made when an escalated reply is stored,
// never a second one while the conversation's follow-up is still open (pending or sent, not answered).
import type { Db } from '../../db.ts'
import type { FollowUp } from '../../generated/prisma/client.ts'
import type { Urgency } from '../chat/triage.ts'
import { lockRow } from '../row-lock.ts'
import { followUpDueAt } from './schedule.ts'

export const OPEN_STATUSES = ['pending', 'sent'] as const

export interface EscalatedReply {
  conversationId: number
  messageId: number
  catId: number | null
  urgency: Urgency
  /** The triage rule that escalated; null on a kept escalation (no new sign). */
  sign: string | null
}

/** The cat's plan's zone (UTC without a plan) and whether the owner wants follow-ups for the cat. */
async function catSettings(db: Db, catId: number) {
  const cat = await db.cat.findUnique({
    where: { id: catId },
    select: { userId: true, followUpsOn: true, carePlan: { select: { timezone: true } } },
  })
  if (!cat || cat.userId === null) return null
  return { userId: cat.userId, on: cat.followUpsOn, timezone: cat.carePlan?.timezone ?? 'UTC' }
}

/**
 * Schedules the follow-up of an escalated reply, once per episode: a kept escalation adds none while one
 * is open; a new sign that is more urgent than the open one brings its due time forward. Returns the
 * follow-up made or moved, else null (routine, no cat, follow-ups off, one already open).
 */
export async function scheduleFollowUp(
  db: Db,
  reply: EscalatedReply,
  now = new Date(),
): Promise<FollowUp | null> {
  if (reply.urgency === 'routine' || reply.catId === null) return null
  const settings = await catSettings(db, reply.catId)
  if (!settings?.on) return null
  const urgency = reply.urgency
  const dueAt = followUpDueAt(urgency, now, settings.timezone)
  return db.$transaction(async (tx) => {
    // Two replies of one conversation finishing at once make one follow-up between them.
    await lockRow(tx, 'conversations', reply.conversationId)
    const open = await tx.followUp.findFirst({
      where: { conversationId: reply.conversationId, status: { in: [...OPEN_STATUSES] } },
      orderBy: { id: 'desc' },
    })
    if (open) {
      if (open.status !== 'pending' || open.dueAt <= dueAt || reply.sign === null) return null
      return tx.followUp.update({
        where: { id: open.id },
        data: { dueAt, urgency, sign: reply.sign, messageId: reply.messageId },
      })
    }
    return tx.followUp.create({
      data: {
        userId: settings.userId,
        catId: reply.catId as number,
        conversationId: reply.conversationId,
        messageId: reply.messageId,
        urgency,
        sign: reply.sign,
        dueAt,
      },
    })
  })
}
