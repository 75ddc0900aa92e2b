import type { z } from 'zod'
import type {
  createInterviewInput,
  interviewCheckInput,
  interviewReplyInput,
  updateInterviewInput,
} from '../../../shared/schemas/interview.ts'
import type { RestRoute } from '../adapter.ts'

// Bodies are validated by the procedures' own zod inputs; the casts only satisfy the compiler.
type In<T extends z.ZodType> = z.input<T>

/** SPEC §7 rows served by the interview router. */
export const interviewRoutes: readonly RestRoute[] = [
  {
    method: 'POST',
    path: '/api/supabase/interview',
    call: (caller, req) => caller.interview.create(req.body as In<typeof createInterviewInput>),
  },
  { method: 'GET', path: '/api/supabase/interview', call: (caller) => caller.interview.list() },
  {
    method: 'GET',
    path: '/api/supabase/interview/:id',
    call: (caller, req) => caller.interview.get({ id: req.params.id }),
  },
  {
    method: 'PUT',
    path: '/api/supabase/interview/:id',
    call: (caller, req) =>
      caller.interview.update({ ...(req.body as In<typeof updateInterviewInput>), id: req.params.id }),
  },
  {
    method: 'DELETE',
    path: '/api/supabase/interview/:id',
    call: (caller, req) => caller.interview.delete({ id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/openai/interview',
    call: (caller, req) => caller.interview.reply(req.body as In<typeof interviewReplyInput>),
  },
  {
    method: 'POST',
    path: '/api/openai/interview/check',
    call: (caller, req) => caller.interview.check(req.body as In<typeof interviewCheckInput>),
  },
]
