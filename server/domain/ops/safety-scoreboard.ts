// The safety scoreboard (docs/follow-ups.md): what the triage escalated, whether owners then saw a vet,
// why not, and routine answers an owner later took to the vet. Each figure is one SQL aggregate over
// indexed ranges (conversation_messages (urgency, created_at), follow_ups (sent_at), (answered_at),
// (cat_id, answered_at), (message_id) and the reply_to_id key), never conversations loaded into memory.
import type { Db } from '../../db.ts'
import { ROUTINE_THEN_VET_HOURS } from './routine-then-vet.ts'

export interface ScoreboardRange {
  from: Date
  to: Date
}

const ROUTINE_THEN_VET_LIMIT = 500
/** The latest disagreements listed one by one; the counts cover them all. */
const DISAGREEMENT_CASES_LIMIT = 100
/** A vet visit reported this long after the escalation counts as "seen within 24 h" (docs/follow-ups.md). */
const SEEN_WITHIN_HOURS = 24

/** Seen over followed-up escalations; null when none was followed up (no share of nothing). */
export const seenShare = (seen: number, escalations: number) => (escalations > 0 ? seen / escalations : null)

export async function safetyScoreboard(db: Db, { from, to }: ScoreboardRange) {
  const [escalations, followUps, seenWithin, routineThenVet, secondReader] = await Promise.all([
    db.$queryRaw<Array<{ sign: string; urgency: string; count: number }>>`
      SELECT COALESCE(sign, 'unknown') AS sign, urgency, COUNT(*)::int AS count
      FROM conversation_messages
      WHERE urgency IN ('urgent', 'emergency') AND created_at >= ${from} AND created_at < ${to}
        AND sign IS NOT NULL
      GROUP BY 1, 2
      ORDER BY count DESC, sign, urgency`,
    db.$queryRaw<
      Array<{
        sent: number
        answered: number
        seen_vet: number
        cost: number
        closed: number
        better: number
        other: number
      }>
    >`
      SELECT
        COUNT(*) FILTER (WHERE sent_at >= ${from} AND sent_at < ${to})::int AS sent,
        COUNT(*) FILTER (WHERE answered_at >= ${from} AND answered_at < ${to})::int AS answered,
        COUNT(*) FILTER (WHERE answered_at >= ${from} AND answered_at < ${to} AND seen_vet = 'yes')::int AS seen_vet,
        COUNT(*) FILTER (WHERE answered_at >= ${from} AND answered_at < ${to} AND reason = 'cost')::int AS cost,
        COUNT(*) FILTER (WHERE answered_at >= ${from} AND answered_at < ${to} AND reason = 'closed')::int AS closed,
        COUNT(*) FILTER (WHERE answered_at >= ${from} AND answered_at < ${to} AND reason = 'better')::int AS better,
        COUNT(*) FILTER (WHERE answered_at >= ${from} AND answered_at < ${to} AND reason = 'other')::int AS other
      FROM follow_ups
      WHERE (sent_at >= ${from} AND sent_at < ${to}) OR (answered_at >= ${from} AND answered_at < ${to})`,
    // Of the escalated replies made in the range that a follow-up followed (the follow-up's message_id:
    // one per episode, asked again after "not yet"), those with a "yes, seen a vet" answered within 24 h
    // of the reply. From the (urgency, created_at) range to the follow_ups (message_id) index.
    db.$queryRaw<Array<{ escalations: number; seen: number }>>`
      SELECT
        COUNT(*)::int AS escalations,
        COUNT(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM follow_ups s
          WHERE s.message_id = m.id AND s.seen_vet = 'yes'
            AND s.answered_at <= m.created_at + make_interval(hours => ${SEEN_WITHIN_HOURS})
        ))::int AS seen
      FROM conversation_messages m
      WHERE m.urgency IN ('urgent', 'emergency') AND m.created_at >= ${from} AND m.created_at < ${to}
        AND EXISTS (SELECT 1 FROM follow_ups f WHERE f.message_id = m.id)`,
    // From the few vet visits reported, back to the routine answers about the same cat in the 72 h
    // before: the owner's question carries the cat, its reply is found by the reply_to_id key. Only
    // answers given before the escalation that was followed up count (not the "glad he was seen" after).
    // The owner's words (the finding) and the conversation to review only when the conversation's owner
    // agreed to a review; otherwise the row is there to be counted, nothing more.
    db.$queryRaw<Array<{ message_id: number; finding: string | null; conversation_id: number | null }>>`
      SELECT DISTINCT ON (r.id) r.id AS message_id,
        CASE WHEN u.review_consent_at IS NOT NULL THEN f.finding END AS finding,
        CASE WHEN u.review_consent_at IS NOT NULL THEN r.conversation_id END AS conversation_id
      FROM follow_ups f
      JOIN conversation_messages q ON q.cat_id = f.cat_id AND q.role = 'user'
      JOIN conversation_messages r ON r.reply_to_id = q.id
      JOIN conversations c ON c.id = r.conversation_id
      JOIN users u ON u.id = c.user_id
      WHERE f.seen_vet = 'yes'
        AND f.answered_at >= ${from} AND f.answered_at < ${to}::timestamp + make_interval(hours => ${ROUTINE_THEN_VET_HOURS})
        AND q.created_at >= f.answered_at - make_interval(hours => ${ROUTINE_THEN_VET_HOURS})
        AND q.created_at < f.answered_at
        AND r.urgency = 'routine'
        AND r.id < f.message_id
        AND r.created_at >= ${from} AND r.created_at < ${to}
        AND r.created_at >= f.answered_at - make_interval(hours => ${ROUTINE_THEN_VET_HOURS})
      ORDER BY r.id, f.answered_at
      LIMIT ${ROUTINE_THEN_VET_LIMIT}`,
    secondReaderDisagreements(db, { from, to }),
  ])
  const counts = followUps[0] ?? {
    sent: 0,
    answered: 0,
    seen_vet: 0,
    cost: 0,
    closed: 0,
    better: 0,
    other: 0,
  }
  const within = seenWithin[0] ?? { escalations: 0, seen: 0 }
  return {
    escalations,
    follow_ups: {
      sent: counts.sent,
      answered: counts.answered,
      seen_vet: counts.seen_vet,
      not_yet: { cost: counts.cost, closed: counts.closed, better: counts.better, other: counts.other },
    },
    seen_vet_within_24h: {
      escalations: within.escalations,
      seen: within.seen,
      share: seenShare(within.seen, within.escalations),
    },
    routine_then_vet: routineThenVet,
    second_reader: secondReader,
  }
}

/**
 * Where the model's reading differed from the product's triage (docs/triage.md "The second reader"), by
 * the triage_disagreements (created_at) index. The owner's words only under their review consent.
 */
async function secondReaderDisagreements(db: Db, { from, to }: ScoreboardRange) {
  const [disagreements, cases] = await Promise.all([
    db.$queryRaw<Array<{ product_level: string; model_level: string; count: number; raised: number }>>`
      SELECT product_level, model_level, COUNT(*)::int AS count,
        COUNT(*) FILTER (WHERE reply_level <> product_level)::int AS raised
      FROM triage_disagreements
      WHERE created_at >= ${from} AND created_at < ${to}
      GROUP BY 1, 2
      ORDER BY count DESC, product_level, model_level`,
    db.$queryRaw<
      Array<{
        message_id: number
        product_level: string
        product_sign: string | null
        model_level: string
        reply_level: string
        model_sign: string | null
        evidence: string | null
        conversation_id: number | null
      }>
    >`
      SELECT d.question_id AS message_id, d.product_level, d.product_sign, d.model_level, d.reply_level,
        CASE WHEN u.review_consent_at IS NOT NULL THEN d.model_sign END AS model_sign,
        CASE WHEN u.review_consent_at IS NOT NULL THEN d.evidence END AS evidence,
        CASE WHEN u.review_consent_at IS NOT NULL THEN q.conversation_id END AS conversation_id
      FROM triage_disagreements d
      JOIN conversation_messages q ON q.id = d.question_id
      JOIN conversations c ON c.id = q.conversation_id
      JOIN users u ON u.id = c.user_id
      WHERE d.created_at >= ${from} AND d.created_at < ${to}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT ${DISAGREEMENT_CASES_LIMIT}`,
  ])
  return {
    disagreements: disagreements.map(({ product_level, model_level, count }) => ({
      product_level,
      model_level,
      count,
    })),
    raised: disagreements.reduce((sum, row) => sum + row.raised, 0),
    cases,
  }
}
