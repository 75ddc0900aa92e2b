// The receptionist interview (docs/product.md §4 Interview, §6, §7 interview rows). A visitor creates and
// updates an interview without a token: the session_id they hold is their proof (a wrong one is a 404).
// Reading, listing and deleting need the token and ownership; sign-in claims the visitor's interviews by
// session. The rules are in server/domain/interview (who may open one: access.ts; its rows: store.ts).

import {
  createInterviewInput,
  createInterviewOutput,
  interviewCheckInput,
  interviewCheckOutput,
  interviewIdInput,
  interviewOutput,
  interviewReplyInput,
  interviewReplyOutput,
  interviewSummaryOutput,
  resumeInterviewInput,
  updateInterviewInput,
  updateInterviewOutput,
} from '../../shared/schemas/interview.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import { ownedInterview, sessionInterview } from '../domain/interview/access.ts'
import { toSummary, withMessages } from '../domain/interview/interview-record.ts'
import { checkAnswer, nextLine } from '../domain/interview/receptionist.ts'
import * as interviews from '../domain/interview/store.ts'
import { requireInterviewRoom } from '../domain/quotas.ts'
import { rateLimit, rest } from '../rest/meta.ts'
import { perIp, perUser } from '../services/rate-limits.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

export const interviewRouter = router({
  /** POST /api/supabase/interview {session_id} → {id}. A signed-in owner's interview is theirs at once. */
  create: publicProcedure
    .meta(rest('POST', '/api/supabase/interview', { summary: 'Start an interview' }))
    .meta(
      rateLimit(perIp('visitorInterviewPerIp'), perIp('visitorInterviewsPerIpDaily', { visitorsOnly: true })),
    )
    .input(createInterviewInput)
    .output(createInterviewOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await interviews.create(ctx.services.db, input.session_id, ctx.user?.id ?? null)
      return { id: row.id }
    }),

  /** PUT /api/supabase/interview/:id {messages, session_id}: appends what is new, keeps answers and completion. */
  update: publicProcedure
    .meta(rest('PUT', '/api/supabase/interview/:id', { summary: 'Store the new messages of an interview' }))
    // A visitor's writes count against the address's interview budget (an owner's are theirs).
    .meta(rateLimit(perIp('visitorInterviewPerIp', { visitorsOnly: true })))
    .input(updateInterviewInput)
    .output(updateInterviewOutput)
    .mutation(async ({ ctx, input }) => {
      await requireInterviewRoom(ctx.services.db, input.id)
      return interviews.update(
        ctx.services.db,
        { id: input.id, sessionId: input.session_id, ownerId: ctx.user?.id },
        input.messages ?? [],
        {
          ...(input.answers ? { answers: input.answers } : {}),
          ...(input.completed !== undefined ? { completed: input.completed } : {}),
        },
      )
    }),

  /** GET /api/supabase/interview: the owner's interviews, newest first (messages via `get`). */
  list: authedProcedure
    .meta(rest('GET', '/api/supabase/interview', { summary: "The owner's interviews" }))
    .output(interviewSummaryOutput.array())
    .query(async ({ ctx }) => (await interviews.list(ctx.services.db, ctx.user.id)).map(toSummary)),

  /** GET /api/supabase/interview/:id */
  get: authedProcedure
    .meta(rest('GET', '/api/supabase/interview/:id', { summary: 'One interview with its messages' }))
    .input(interviewIdInput)
    .output(interviewOutput)
    .query(async ({ ctx, input }) => {
      const row = await ownedInterview(ctx.services.db, ctx.user.id, input.id)
      return withMessages(ctx.services.db, row)
    }),

  /**
   * The visitor's own interview read back with the session that created it (the same proof an update
   * needs), so an anonymous interview resumes from the server when the browser lost its copy.
   */
  resume: publicProcedure
    .input(resumeInterviewInput)
    .output(interviewOutput)
    .query(async ({ ctx, input }) => {
      const row = await sessionInterview(ctx.services.db, input.id, input.session_id, ctx.user?.id)
      return withMessages(ctx.services.db, row)
    }),

  /** DELETE /api/supabase/interview/:id */
  delete: authedProcedure
    .meta(rest('DELETE', '/api/supabase/interview/:id', { summary: 'Delete an interview' }))
    .input(interviewIdInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await interviews.remove(ctx.services.db, ctx.user.id, input.id)
      return { success: true as const }
    }),

  /**
   * POST /api/openai/interview (bearer) {messages, field, reason?}: the receptionist's next line, asking
   * for `field` (again, with `reason`, when the last answer did not count) or wrapping up for 'none'.
   */
  reply: authedProcedure
    .meta(rest('POST', '/api/openai/interview', { summary: "The receptionist's next line" }))
    .meta(rateLimit(perUser('chatPerUser')))
    .input(interviewReplyInput)
    .output(interviewReplyOutput)
    .mutation(async ({ ctx, input }) => {
      const message = await nextLine(ctx.services.assistant, input)
      return { message, assistantResponses: [message] }
    }),

  /** POST /api/openai/interview/check {messages, field} → {satisfied, answer, reason}; no token needed. */
  check: publicProcedure
    .meta(rest('POST', '/api/openai/interview/check', { summary: "Check an owner's interview answer" }))
    // No token is needed, and with an LLM configured each check costs money: a per-IP budget.
    .meta(rateLimit(perIp('visitorInterviewPerIp')))
    .input(interviewCheckInput)
    .output(interviewCheckOutput)
    .mutation(({ ctx, input }) => checkAnswer(ctx.services.assistant, input)),
})
