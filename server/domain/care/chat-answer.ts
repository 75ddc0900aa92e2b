// A weight the owner writes in the chat ("she is 10.4 lbs") answers their open check-in, as the form
// would: the check-in is done and the weight lands in the log. Messages without a weight change nothing.
import type { WeightUnit } from '../../../shared/rules/weight.ts'
import { CHECK_IN_NOTE_MAX_LENGTH, MAX_LOGGED_WEIGHT } from '../../../shared/schemas/care.ts'
import type { Db } from '../../db.ts'
import { answerCheckIn, CHECK_IN_OPEN_MS } from './check-ins.ts'

const WEIGHT_PATTERN = /(\d{1,2}(?:[.,]\d{1,2})?)\s*(lbs?|pounds?|kgs?|kilos?|kilograms?)\b/i

/** The first weight written in a message, with its unit; null when there is none (or it is implausible). */
export function weightInMessage(text: string): { weight: number; unit: WeightUnit } | null {
  const match = WEIGHT_PATTERN.exec(text)
  if (!match) return null
  const weight = Number(match[1]!.replace(',', '.'))
  const unit: WeightUnit = /^k/i.test(match[2]!) ? 'Kg' : 'Lbs'
  if (!(weight > 0) || weight > MAX_LOGGED_WEIGHT[unit]) return null
  return { weight, unit }
}

/** Answers the owner's newest open check-in that was sent, when the message carries a weight. */
export async function answerCheckInFromChat(db: Db, userId: number, text: string, now = new Date()) {
  const found = weightInMessage(text)
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
