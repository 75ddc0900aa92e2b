// The receptionist interview (SPEC §4 Interview, §6, §7 interview rows). A visitor creates and updates
// an interview without a token: the session_id they hold is their proof (a wrong one is a 404). Reading,
// listing and deleting need the token and ownership; sign-in claims the visitor's interviews by session.

import { dropEmptyMessages } from '../../shared/rules/interview-flow.ts'
import {
  createInterviewInput,
  createInterviewOutput,
  type InterviewAnswersIn,
  type InterviewSummary,
  interviewAnswersSchema,
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
import type { Db } from '../db.ts'
import { appError, asOwner } from '../errors.ts'
import type { Interview } from '../generated/prisma/client.ts'
import { rest } from '../rest/meta.ts'
import type { AssistantMessage } from '../services/assistant/types.ts'
import { appendInterviewList, assistantError, toChatMessage } from '../services/chat.ts'
import { authedProcedure, limit, publicProcedure, router } from '../trpc.ts'

const notFound = () => appError('NOT_FOUND')

function answersOf(row: Interview): InterviewAnswersIn {
  const parsed = interviewAnswersSchema.safeParse(row.answers)
  return parsed.success ? parsed.data : {}
}

function toSummary(row: Interview): InterviewSummary {
  return {
    id: row.id,
    session_id: row.sessionId,
    completed: row.completed,
    answers: answersOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function withMessages(db: Db, row: Interview) {
  const messages = await db.interviewMessage.findMany({
    where: { interviewId: row.id },
    orderBy: { id: 'asc' },
  })
  return { ...toSummary(row), messages: messages.map(toChatMessage) }
}

async function ownedInterview(db: Db, userId: number, id: number): Promise<Interview> {
  const row = await db.interview.findFirst({ where: { id, userId } })
  if (!row) throw notFound()
  return row
}

/**
 * The visitor's interview: the id and the session that created it must both match, and nobody may own
 * it yet. Once an account has claimed it, the session id opens nothing; only the owner's token does.
 */
async function sessionInterview(
  db: Db,
  id: number,
  sessionId: string,
  ownerId: number | null | undefined,
): Promise<Interview> {
  const visitors = { sessionId, userId: null }
  const row = await db.interview.findFirst({
    where: ownerId ? { id, OR: [visitors, { userId: ownerId }] } : { id, ...visitors },
  })
  if (!row) throw notFound()
  return row
}

/** What the assistant reads: roles and non-empty texts (SPEC §4: empty messages are dropped). */
function transcript(
  messages: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>,
): AssistantMessage[] {
  return dropEmptyMessages(messages).map((m) => ({ role: m.role, content: m.content }))
}

export const interviewRouter = router({
  /** POST /api/supabase/interview {session_id} → {id}. A signed-in owner's interview is theirs at once. */
  create: publicProcedure
    .meta(rest('POST', '/api/supabase/interview', { summary: 'Start an interview' }))
    .input(createInterviewInput)
    .output(createInterviewOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'visitorInterviewPerIp', ctx.ip)
      const row = await asOwner(() =>
        ctx.services.db.interview.create({
          data: { sessionId: input.session_id, userId: ctx.user?.id ?? null },
        }),
      )
      return { id: row.id }
    }),

  /** PUT /api/supabase/interview/:id {messages, session_id}: appends what is new, keeps answers and completion. */
  update: publicProcedure
    .meta(rest('PUT', '/api/supabase/interview/:id', { summary: 'Store the new messages of an interview' }))
    .input(updateInterviewInput)
    .output(updateInterviewOutput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services
      const row = await sessionInterview(db, input.id, input.session_id, ctx.user?.id)
      const appended = await appendInterviewList(db, row.id, input.messages ?? [], {
        ...(input.answers ? { answers: input.answers } : {}),
        ...(input.completed !== undefined ? { completed: input.completed } : {}),
      })
      return { id: row.id, appended }
    }),

  /** GET /api/supabase/interview: the owner's interviews, newest first (messages via `get`). */
  list: authedProcedure
    .meta(rest('GET', '/api/supabase/interview', { summary: "The owner's interviews" }))
    .output(interviewSummaryOutput.array())
    .query(async ({ ctx }) => {
      const rows = await ctx.services.db.interview.findMany({
        where: { userId: ctx.user.id },
        orderBy: { id: 'desc' },
        take: 100,
      })
      return rows.map(toSummary)
    }),

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
    .mutation(async ({ ctx, input }) => {
      const row = await ownedInterview(ctx.services.db, ctx.user.id, input.id)
      await ctx.services.db.interview.delete({ where: { id: row.id } })
      return { success: true as const }
    }),

  /**
   * POST /api/openai/interview (bearer) {messages, field, reason?}: the receptionist's next line, asking
   * for `field` (again, with `reason`, when the last answer did not count) or wrapping up for 'none'.
   */
  reply: authedProcedure
    .meta(rest('POST', '/api/openai/interview', { summary: "The receptionist's next line" }))
    .input(interviewReplyInput)
    .output(interviewReplyOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'chatPerUser', String(ctx.user.id))
      try {
        const message = await ctx.services.assistant.interviewTurn({
          field: input.field,
          messages: transcript(input.messages),
          ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
        })
        return { message, assistantResponses: [message] }
      } catch (error) {
        throw assistantError(error)
      }
    }),

  /** POST /api/openai/interview/check {messages, field} → {satisfied, answer, reason}; no token needed. */
  check: publicProcedure
    .meta(
      rest('POST', '/api/openai/interview/check', { summary: 'Check an answer to an interview question' }),
    )
    .input(interviewCheckInput)
    .output(interviewCheckOutput)
    .mutation(async ({ ctx, input }) => {
      // No token is needed, and with an LLM configured each check costs money: a per-IP budget.
      await limit(ctx, 'visitorInterviewPerIp', ctx.ip)
      try {
        return await ctx.services.assistant.checkAnswer({
          field: input.field,
          messages: transcript(input.messages),
        })
      } catch (error) {
        throw assistantError(error)
      }
    }),
})
