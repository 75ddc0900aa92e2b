// Inputs and outputs of the interview router (docs/product.md §3 Interview and check
// result, §7 interview rows).
import { z } from 'zod'
import { INTERVIEW_FIELDS } from '../options.ts'
import { chatMessageList, chatMessageOutput, storableText } from './conversation.ts'
import { recordId, sessionIdSchema } from './primitives.ts'

export const interviewFieldSchema = z.enum(INTERVIEW_FIELDS, {
  error: `field must be one of ${INTERVIEW_FIELDS.join(', ')} or none`,
})
/** docs/product.md §7: the check's field may be 'none'. */
export const interviewFieldOrNone = z.union([interviewFieldSchema, z.literal('none')], {
  error: `field must be one of ${INTERVIEW_FIELDS.join(', ')} or none`,
})

const answerText = storableText(z.string().trim().max(500, 'an answer is longer than 500 characters'))

/** The answers collected so far, one text per field (issues_faced as the check worded it). */
export const interviewAnswersSchema = z
  .object({
    cat_name: answerText.optional(),
    issues_faced: answerText.optional(),
    age: answerText.optional(),
    breed: answerText.optional(),
    activity_level: answerText.optional(),
  })
  .strip()
export type InterviewAnswersIn = z.infer<typeof interviewAnswersSchema>

export const createInterviewInput = z.object({ session_id: sessionIdSchema })
export const createInterviewOutput = z.object({ id: z.number() })

/** The interview's messages are few; the cap keeps one request small. */
const interviewMessages = chatMessageList.max(500, 'too many messages in one interview')

export const updateInterviewInput = z.object({
  id: recordId,
  /** The session that created the interview: the visitor's proof it is theirs (no token needed). */
  session_id: sessionIdSchema,
  messages: interviewMessages.optional(),
  answers: interviewAnswersSchema.optional(),
  completed: z.boolean().optional(),
})
export const updateInterviewOutput = z.object({ id: z.number(), appended: z.number() })

export const interviewIdInput = z.object({ id: recordId })
export const resumeInterviewInput = z.object({ id: recordId, session_id: sessionIdSchema })

export const interviewSummaryOutput = z.object({
  id: z.number(),
  session_id: z.string(),
  completed: z.boolean(),
  answers: interviewAnswersSchema,
  created_at: z.string(),
  updated_at: z.string(),
})
export type InterviewSummary = z.infer<typeof interviewSummaryOutput>

export const interviewOutput = interviewSummaryOutput.extend({ messages: z.array(chatMessageOutput) })
export type InterviewOut = z.infer<typeof interviewOutput>

/** The conversation the receptionist reads: roles and texts (empty ones are dropped by the server). */
const transcript = interviewMessages.max(500)

export const interviewReplyInput = z.object({
  messages: transcript,
  field: interviewFieldOrNone,
  /** Why the last answer did not count; the receptionist asks again with it. */
  reason: storableText(z.string().max(500)).optional(),
})
/** docs/product.md §7: message, also readable as assistantResponses[0]. */
export const interviewReplyOutput = z.object({
  message: z.string(),
  assistantResponses: z.array(z.string()),
})

export const interviewCheckInput = z.object({
  messages: transcript,
  field: interviewFieldOrNone,
  /** The cat's name once given: a cat called Lily is not a lily to the triage. */
  cat_name: z.string().max(100).optional(),
})
/** docs/product.md §3 Interview answer check result: satisfied is the text 'true' or 'false'. */
export const interviewCheckOutput = z.object({
  satisfied: z.enum(['true', 'false']),
  answer: z.string(),
  reason: z.string(),
  /**
   * The product's triage of the answer (urgent signs first, whoever is listening): present only
   * when the owner described an urgent sign, with the escalation the receptionist says before anything else.
   */
  urgency: z.enum(['urgent', 'emergency']).optional(),
  escalation: z.string().optional(),
})
