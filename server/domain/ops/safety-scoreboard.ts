// The safety scoreboard (docs/follow-ups.md): what the triage escalated, whether owners then saw a vet,
// why not, and routine answers an owner later took to the vet. Each figure is one SQL aggregate over
// indexed ranges (conversation_messages (urgency, created_at), follow_ups (created_at), (answered_at),
// (cat_id, answered_at) and the reply_to_id key), never conversations loaded into memory.
import type { Db } from '../../db.ts'

export interface ScoreboardRange {
  from: Date
  to: Date
}

/** Within 72 h after a routine answer, a vet visit reported for the same cat counts against it. */
const ROUTINE_THEN_VET_HOURS = 72
const ROUTINE_THEN_VET_LIMIT = 500

export async function safetyScoreboard(db: Db, { from, to }: ScoreboardRange) {
  const [escalations, followUps, routineThenVet] = await Promise.all([
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
    // From the few vet visits reported, back to the routine answers about the same cat in the 72 h
    // before: the owner's question carries the cat, its reply is found by the reply_to_id key. Only
    // answers given before the escalation that was followed up count (not the "glad he was seen" after).
    db.$queryRaw<Array<{ message_id: number; finding: string | null }>>`
      SELECT DISTINCT ON (r.id) r.id AS message_id, f.finding
      FROM follow_ups f
      JOIN conversation_messages q ON q.cat_id = f.cat_id AND q.role = 'user'
      JOIN conversation_messages r ON r.reply_to_id = q.id
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
  return {
    escalations,
    follow_ups: {
      sent: counts.sent,
      answered: counts.answered,
      seen_vet: counts.seen_vet,
      not_yet: { cost: counts.cost, closed: counts.closed, better: counts.better, other: counts.other },
    },
    routine_then_vet: routineThenVet,
  }
}
