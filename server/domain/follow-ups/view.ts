// A follow-up as the owner's surfaces show it (docs/product.md §11): sent and unanswered is still pending.
import type { z } from 'zod'
import type { followUpSchema, NotYetReason, SeenVet } from '../../../shared/schemas/follow-ups.ts'
import type { FollowUp } from '../../generated/prisma/client.ts'

export type FollowUpView = z.infer<typeof followUpSchema>

export function toFollowUpView(row: FollowUp): FollowUpView {
  return {
    id: row.id,
    cat_id: row.catId,
    message_id: row.messageId,
    urgency: row.urgency === 'emergency' ? 'emergency' : 'urgent',
    due_at: row.dueAt.toISOString(),
    status: row.status === 'answered' ? 'answered' : 'pending',
    seen_vet: (row.seenVet as SeenVet | null) ?? null,
    finding: row.finding,
    reason: (row.reason as NotYetReason | null) ?? null,
  }
}
