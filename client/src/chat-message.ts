// The chat message every chat screen renders (the chat and the interview features share it): the
// docs/product.md §3 chat message plus how the screen got it.
import type { UrgencyLevel } from '../../shared/schemas/conversation.ts'

export interface UiMessage {
  /**
   * The client's id (docs/product.md §3 "optional id"); the server stores it, so a
   * resend appends nothing twice.
   */
  id: string
  role: 'user' | 'assistant'
  content: string
  timestamp?: string
  /** streaming: still arriving; stopped: the owner pressed Stop; failed: sending failed, Retry resends it. */
  status?: 'streaming' | 'stopped' | 'failed'
  /** On the specialist's replies: how urgent it judged them. */
  urgency?: UrgencyLevel | undefined
  /** On an urgent reply: the first-aid situation for the sign found (docs/first-aid.md). */
  firstAid?: string
  /** The owner's photos sent with the message. */
  attachmentIds?: number[]
  /** On the owner's messages: the cat it was sent about (the switcher's choice). */
  catId?: number
  /** That cat's name, shown only to an owner of two or more cats. */
  about?: string
}

export function newMessageId(): string {
  return crypto.randomUUID()
}

export function message(role: UiMessage['role'], content: string): UiMessage {
  return { id: newMessageId(), role, content, timestamp: new Date().toISOString() }
}
