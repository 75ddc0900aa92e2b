// The owner's next chat message after a follow-up answers it when it says the vet was seen ("yes, the vet
// said it was cystitis"): the follow-up is answered, and the message is what the vet found. Kept simple
// on purpose (docs/follow-ups.md): anything else leaves the follow-up to the buttons.
import type { Db } from '../../db.ts'
import { recordAnswer } from './answer.ts'

const SEEN = /\b(?:yes|yeah|yep|yup|seen|saw|vet said|vets said|the vet)\b/i
const NOT_SEEN = /\b(?:not yet|no|haven't|have not|didn't|did not|can't|cannot|couldn't)\b/i

export function saysVetWasSeen(text: string): boolean {
  return SEEN.test(text) && !NOT_SEEN.test(text)
}

/** Answers the conversation's sent follow-up with the owner's message `questionId`, when it says so. */
export async function answerFollowUpInChat(db: Db, conversationId: number, questionId: number) {
  const open = await db.followUp.findFirst({
    where: { conversationId, status: 'sent' },
    orderBy: { id: 'desc' },
  })
  if (!open?.sentAt) return null
  const question = await db.conversationMessage.findUnique({
    where: { id: questionId },
    select: { content: true, createdAt: true, role: true },
  })
  if (question?.role !== 'user' || question.createdAt < open.sentAt) return null
  if (!saysVetWasSeen(question.content)) return null
  return recordAnswer(db, open, { seen_vet: 'yes', finding: question.content.slice(0, 2000) })
}
