// A weight the owner writes in the chat ("she is 10.4 lbs") answers their open check-in, as the form
// would: the check-in is done and the weight lands in the log. Messages without a weighing change nothing.
import { weightMention } from '../../../shared/rules/weight-mention.ts'
import { CHECK_IN_NOTE_MAX_LENGTH } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'
import { answerCheckIn, CHECK_IN_OPEN_MS } from './check-ins.ts'

/** Answers the owner's newest open check-in that was sent, when the message carries a weight. */
export async function answerCheckInFromChat(db: Db, userId: number, text: string, now = new Date()) {
  // The one rule for a weighing written in the chat (shared with the chat's offer to log it): "lost
  // 2 lbs" or "a goal of 9 lbs" is not today's weight.
  const found = weightMention(text)
  if (!found) return null
  const open = await db.checkIn.findFirst({
    where: {
      cat: { userId },
      status: 'due',
      sentAt: { not: null },
      dueAt: { gt: new Date(now.getTime() - CHECK_IN_OPEN_MS), lte: now },
    },
    orderBy: { dueAt: 'desc' },
  })
  if (!open) return null
  return answerCheckIn(
    db,
    userId,
    { id: open.id, ...found, note: text.slice(0, CHECK_IN_NOTE_MAX_LENGTH) },
    'chat',
    now,
  ).catch(() => null)
}
