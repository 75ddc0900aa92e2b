// A stored chat or interview message as the client sees it (docs/product.md §3 "Chat message"), and the ids
// the server gives the messages it writes.
import { randomUUID } from 'node:crypto'
import type { ChatMessage } from '../../../shared/schemas/conversation.ts'
import type { ConversationMessage, InterviewMessage } from '../../generated/prisma/client.ts'
import { firstAidSituationFor } from '../../knowledge/first-aid.ts'

export const asRole = (role: string): 'user' | 'assistant' => (role === 'user' ? 'user' : 'assistant')

export function toChatMessage(row: ConversationMessage | InterviewMessage): ChatMessage {
  const clientId = 'clientId' in row ? row.clientId : null
  const urgency = 'urgency' in row ? row.urgency : null
  const firstAid =
    urgency === 'urgent' || urgency === 'emergency'
      ? firstAidSituationFor('sign' in row ? row.sign : null)
      : null
  return {
    id: clientId ?? `m${row.id}`,
    role: asRole(row.role),
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    // Only on the specialist's own replies: how urgent it judged them.
    ...(urgency === 'routine' || urgency === 'urgent' || urgency === 'emergency' ? { urgency } : {}),
    ...(firstAid ? { first_aid: firstAid } : {}),
    ...('attachmentIds' in row && row.attachmentIds.length > 0 ? { attachment_ids: row.attachmentIds } : {}),
    // On the owner's messages: the cat each was sent about, in a household's one conversation.
    ...('catId' in row && row.catId !== null && row.role === 'user' ? { cat_id: row.catId } : {}),
  }
}

/** Rows written by the server get an id too, so a later PUT of the whole list can anchor on them. */
export const serverClientId = () => `srv-${randomUUID()}`
