import type { z } from 'zod'
import type {
  chatInput,
  createConversationInput,
  updateConversationInput,
} from '../../../shared/schemas/conversation.ts'
import type { RestRoute } from '../adapter.ts'

// Bodies are validated by the procedures' own zod inputs; the casts only satisfy the compiler.
type In<T extends z.ZodType> = z.input<T>

/** SPEC §7 rows served by the conversation router. */
export const conversationRoutes: readonly RestRoute[] = [
  { method: 'GET', path: '/api/supabase/conversations', call: (caller) => caller.conversation.list() },
  {
    method: 'POST',
    path: '/api/supabase/conversations',
    call: (caller, req) => caller.conversation.create(req.body as In<typeof createConversationInput>),
  },
  {
    method: 'PUT',
    path: '/api/supabase/conversations/:id',
    call: (caller, req) =>
      caller.conversation.update({ ...(req.body as In<typeof updateConversationInput>), id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/openai/chat',
    call: (caller, req) => caller.conversation.chat(req.body as In<typeof chatInput>),
  },
]
