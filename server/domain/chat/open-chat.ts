// The chat screen opening in one call: the cat the owner chose (another owner's is a 404), else their
// current cat (shared/rules/current-cat.ts), the cat's conversation (created when there is none; each cat
// has its own, docs/product.md §4), its newest page of messages and the cat's open escalation.

import { conversationOfCat, latestConversation, toConversation } from './conversations.ts'
import type { ChatDeps } from './deps.ts'
import { escalationView } from './escalations.ts'
import { historyPage } from './message-store.ts'
import { specialistCat } from './specialist-cat.ts'

/** How many messages the opening page holds. */
const FIRST_PAGE = 50

export async function openChat(
  deps: Pick<ChatDeps, 'db' | 'streams'>,
  userId: number,
  request: { catId: number | null; sessionId: string | undefined },
) {
  const { db, streams } = deps
  const cat = await specialistCat(db, userId, request.catId)
  const conversation = cat
    ? await conversationOfCat(db, userId, cat.id, request.sessionId)
    : await latestConversation(db, userId, request.sessionId)
  const page = await historyPage(db, conversation.id, FIRST_PAGE)
  return {
    conversation: toConversation(conversation),
    cat: cat ? { id: cat.id, name: cat.name } : null,
    ...page,
    // A reply still being written (the page reloaded mid-answer): the client reattaches with resume.
    active_reply_id: await streams.active(conversation.id),
    open_escalation: await escalationView(db, cat?.id ?? null),
  }
}
