// Answering a follow-up (docs/follow-ups.md): on either surface, by the e-mail's links, or in the chat.
// "Not yet" after an emergency never closes it: the escalation is said again, answering the reason, in
// the chat and in the answer, and one more follow-up is scheduled.
import { FALLBACK_CAT_NAME } from '../../../shared/constants.ts'
import type { NotYetReason, SeenVet } from '../../../shared/schemas/follow-ups.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { FollowUp } from '../../generated/prisma/client.ts'
import { URGENT_SIGNS } from '../../knowledge/index.ts'
import { closeEscalation } from '../chat/escalations.ts'
import { appendAssistantMessage } from '../chat/message-store.ts'
import { forCat } from '../chat/triage.ts'
import { followUpDueAt } from './schedule.ts'
import { type FollowUpView, toFollowUpView } from './view.ts'

export interface FollowUpAnswer {
  seen_vet: SeenVet
  finding?: string | undefined
  reason?: NotYetReason | undefined
}

/** What answers each reason: the triage's own follow-up texts (server/knowledge/urgent-signs.json). */
const REASON_TEXT: Record<NotYetReason, string | null> = {
  cost: URGENT_SIGNS.followUps.cost,
  closed: URGENT_SIGNS.followUps.closed,
  better: URGENT_SIGNS.followUps.better,
  other: URGENT_SIGNS.followUps.wait,
}

/** The escalation said again for a "not yet" after an emergency, the reason answered. */
export function notYetReply(reason: NotYetReason | undefined, catName: string): string {
  return forCat(
    [
      URGENT_SIGNS.followUps.keep.emergency,
      ...(reason && REASON_TEXT[reason] ? [REASON_TEXT[reason]] : []),
      URGENT_SIGNS.bring,
      URGENT_SIGNS.closing,
    ].join('\n\n'),
    catName.trim() || FALLBACK_CAT_NAME,
  )
}

/** The owner's follow-up `id`: someone else's or a missing one is a 404. */
export async function ownFollowUp(db: Db, userId: number, id: number): Promise<FollowUp> {
  const row = await db.followUp.findFirst({ where: { id, userId } })
  if (!row) throw appError('NOT_FOUND')
  return row
}

/** Records the answer; with "not yet" after an emergency, says the escalation again and asks once more. */
export async function recordAnswer(
  db: Db,
  followUp: FollowUp,
  answer: FollowUpAnswer,
  now = new Date(),
): Promise<FollowUpView & { reply: string | null }> {
  const finding = answer.seen_vet === 'yes' && answer.finding ? answer.finding : null
  const reason = answer.seen_vet === 'not_yet' ? (answer.reason ?? 'other') : null
  const row = await db.followUp.update({
    where: { id: followUp.id },
    data: { status: 'answered', seenVet: answer.seen_vet, finding, reason, answeredAt: now },
  })
  // The owner says the cat was seen, or needed no vet: the cat's escalation closes (docs/follow-ups.md).
  if (answer.seen_vet === 'yes' || answer.seen_vet === 'not_needed')
    await closeEscalation(db, followUp.catId, now)
  let reply: string | null = null
  if (answer.seen_vet === 'not_yet' && followUp.urgency === 'emergency') {
    const cat = await db.cat.findUnique({
      where: { id: followUp.catId },
      select: { name: true, followUpsOn: true },
    })
    reply = notYetReply(answer.reason, cat?.name ?? '')
    // In the chat too, at the emergency's level, so the escalation stays open there.
    await appendAssistantMessage(db, followUp.conversationId, reply, { urgency: 'emergency' })
    // Asked again once per "not yet": the same answer sent twice (a double click, both surfaces) asks once;
    // never when the owner turned follow-ups off for the cat since this one was sent.
    const askedAgain = followUp.status === 'answered' && followUp.seenVet === 'not_yet'
    if (!askedAgain && cat?.followUpsOn)
      await db.followUp.create({
        data: {
          userId: followUp.userId,
          catId: followUp.catId,
          conversationId: followUp.conversationId,
          messageId: followUp.messageId,
          urgency: followUp.urgency,
          sign: followUp.sign,
          dueAt: followUpDueAt('emergency', now),
        },
      })
  }
  return { ...toFollowUpView(row), reply }
}

export async function answerFollowUp(
  db: Db,
  userId: number,
  input: FollowUpAnswer & { id: number },
): Promise<FollowUpView & { reply: string | null }> {
  return recordAnswer(db, await ownFollowUp(db, userId, input.id), input)
}

export async function listFollowUps(db: Db, userId: number, catId?: number): Promise<FollowUpView[]> {
  const rows = await db.followUp.findMany({
    where: { userId, ...(catId ? { catId } : {}) },
    orderBy: { id: 'desc' },
    take: 100,
  })
  return rows.map(toFollowUpView)
}
