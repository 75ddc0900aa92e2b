// An interview's rows: created by a visitor or an owner, its messages appended, listed, deleted. Read as a
// namespace (`interviews.create`, `interviews.list`, …).
import { dropEmptyMessages } from '../../../shared/rules/interview-flow.ts'
import type { ChatMessageInput } from '../../../shared/schemas/conversation.ts'
import type { Db } from '../../db.ts'
import { asOwner } from '../../errors.ts'
import type { Interview } from '../../generated/prisma/client.ts'
import { lockRow } from '../row-lock.ts'
import { ownedInterview, sessionInterview } from './access.ts'

/** A signed-in owner's interview is theirs at once; a visitor's waits for the sign-in to claim it. */
export function create(db: Db, sessionId: string, userId: number | null): Promise<Interview> {
  return asOwner(() => db.interview.create({ data: { sessionId, userId } }))
}

/**
 * Appends what is new in an interview's message list. Interview messages have no ids: the client's
 * list only ever grows, so it is matched by position (the count of stored rows).
 */
async function appendInterviewList(
  db: Db,
  interviewId: number,
  list: readonly ChatMessageInput[],
  extra: { answers?: object; completed?: boolean },
): Promise<number> {
  const messages = dropEmptyMessages(list)
  return db.$transaction(async (tx) => {
    await lockRow(tx, 'interviews', interviewId)
    const stored = await tx.interviewMessage.count({ where: { interviewId } })
    const rows = messages.slice(stored)
    if (rows.length > 0) {
      await tx.interviewMessage.createMany({
        data: rows.map((m) => ({ interviewId, role: m.role, content: m.content })),
      })
    }
    await tx.interview.update({
      where: { id: interviewId },
      data: {
        ...(extra.answers ? { answers: extra.answers } : {}),
        ...(extra.completed !== undefined ? { completed: extra.completed } : {}),
        updatedAt: new Date(),
      },
    })
    return rows.length
  })
}

/** The visitor's (or owner's) interview gets what is new in `list`, and its answers and completion. */
export async function update(
  db: Db,
  request: { id: number; sessionId: string; ownerId: number | null | undefined },
  list: readonly ChatMessageInput[],
  extra: { answers?: object; completed?: boolean },
): Promise<{ id: number; appended: number }> {
  const row = await sessionInterview(db, request.id, request.sessionId, request.ownerId)
  return { id: row.id, appended: await appendInterviewList(db, row.id, list, extra) }
}

/** The owner's interviews, newest first, at most 100 (messages are read one interview at a time). */
export function list(db: Db, userId: number): Promise<Interview[]> {
  return db.interview.findMany({ where: { userId }, orderBy: { id: 'desc' }, take: 100 })
}

/** Deletes the owner's interview (its messages go with it); someone else's is a 404. */
export async function remove(db: Db, userId: number, id: number): Promise<void> {
  const row = await ownedInterview(db, userId, id)
  await db.interview.delete({ where: { id: row.id } })
}
