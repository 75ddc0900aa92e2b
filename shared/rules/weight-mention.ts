// A weighing the owner writes in the chat ("she's 9.2 lbs today"), found by plain rules so the chat can
// offer to log it: the same rules whether the specialist is offline or a model. Nothing is
// logged from this alone; the owner confirms in the thread.
import { MAX_LOGGED_WEIGHT } from '../schemas/care.ts'
import type { WeightUnit } from './weight.ts'

export interface WeightMention {
  weight: number
  unit: WeightUnit
}

const WEIGHT = /(\d{1,3}(?:[.,]\d{1,2})?)\s*(lbs?|pounds?|kgs?|kilos?|kilograms?)\b/gi
/** Words shortly before the number that make it something other than today's weight. */
const NOT_A_WEIGHING =
  /\b(lost|lose|losing|gained|gain|gaining|target|goal|ideal|should|want|wants|aim|drop|dropped|put on)\b/i
/** A number that is an example or a rate, not this cat: "a 10 lb cat", "1 kg per month". */
const NOT_THIS_CAT = /\b(a|an|per|by|down|up)\s*(?:about|around|nearly|almost|over|under)?\s*$/i
/** Words just after it that make it an amount of something else. */
const NOT_THE_CAT = /^\s*(bag|sack|box|tin|can|of)\b/i

export function weightMention(text: string): WeightMention | null {
  // A question is asked, not reported ("should a 10 lb cat eat…?").
  if (text.includes('?')) return null
  for (const match of text.matchAll(WEIGHT)) {
    const before = text.slice(Math.max(0, (match.index ?? 0) - 30), match.index)
    const after = text.slice((match.index ?? 0) + match[0].length)
    if (NOT_A_WEIGHING.test(before) || NOT_THIS_CAT.test(before) || NOT_THE_CAT.test(after)) continue
    const weight = Number((match[1] ?? '').replace(',', '.'))
    const unit: WeightUnit = (match[2] ?? '').toLowerCase().startsWith('k') ? 'Kg' : 'Lbs'
    if (weight > 0 && weight <= MAX_LOGGED_WEIGHT[unit]) return { weight, unit }
  }
  return null
}

/**
 * The chat's offer to log a mention is answered once the cat's log holds that weight, in that unit,
 * measured at or after the message was sent: the log is the server's, so a reload or another device
 * does not offer it again.
 */
export function mentionAlreadyLogged(
  mention: WeightMention,
  sentAt: string | undefined,
  log: ReadonlyArray<{ weight: number; unit: string; measured_at: string }>,
): boolean {
  const since = sentAt ? Date.parse(sentAt) : Number.NaN
  if (!Number.isFinite(since)) return false
  return log.some(
    (entry) =>
      entry.weight === mention.weight &&
      entry.unit === mention.unit &&
      Date.parse(entry.measured_at) >= since,
  )
}
