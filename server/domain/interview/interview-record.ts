// An interview as stored and as answered (docs/product.md §3 "Interview").
import {
  type InterviewAnswersIn,
  type InterviewSummary,
  interviewAnswersSchema,
} from '../../../shared/schemas/interview.ts'
import type { Db } from '../../db.ts'
import type { Interview } from '../../generated/prisma/client.ts'
import { toChatMessage } from '../chat/messages.ts'

/** The stored answers; a row written before the answers' shape changed reads as none. */
function answersOf(row: Interview): InterviewAnswersIn {
  const parsed = interviewAnswersSchema.safeParse(row.answers)
  return parsed.success ? parsed.data : {}
}

export function toSummary(row: Interview): InterviewSummary {
  return {
    id: row.id,
    session_id: row.sessionId,
    completed: row.completed,
    answers: answersOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** The interview with all its messages, oldest first. */
export async function withMessages(db: Db, row: Interview) {
  const messages = await db.interviewMessage.findMany({
    where: { interviewId: row.id },
    orderBy: { id: 'asc' },
  })
  return { ...toSummary(row), messages: messages.map(toChatMessage) }
}
