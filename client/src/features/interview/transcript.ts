// The conversation as the assistant reads it (docs/product.md §4), sent with every reply, check and sync.
import { dropEmptyMessages } from '../../../../shared/rules/interview-flow.ts'
import type { StoredMessage } from './interview-state.ts'

/** Roles and non-empty texts. */
export function transcript(messages: readonly StoredMessage[]) {
  return dropEmptyMessages(messages).map((m) => ({ role: m.role, content: m.content }))
}
