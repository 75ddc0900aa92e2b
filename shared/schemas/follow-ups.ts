// Follow-ups after an urgent answer (docs/product.md §11, docs/follow-ups.md).
import { z } from 'zod'
import { PRODUCT_YEARS_MESSAGE, recordId, withinProductYears } from './primitives.ts'

export const SEEN_VET_ANSWERS = ['yes', 'not_yet', 'not_needed'] as const
export const NOT_YET_REASONS = ['cost', 'closed', 'better', 'other'] as const
export type SeenVet = (typeof SEEN_VET_ANSWERS)[number]
export type NotYetReason = (typeof NOT_YET_REASONS)[number]

/** The finding is the owner's words: any text, bounded. */
export const FINDING_MAX = 2000

export const followUpSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  message_id: z.number().int(),
  urgency: z.enum(['urgent', 'emergency']),
  due_at: z.string(),
  /** A follow-up sent and not yet answered is still 'pending' for the owner. */
  status: z.enum(['pending', 'answered']),
  seen_vet: z.enum(SEEN_VET_ANSWERS).nullable(),
  finding: z.string().nullable(),
  reason: z.enum(NOT_YET_REASONS).nullable(),
})

export const followUpAnswerInput = z.object({
  id: recordId,
  seen_vet: z.enum(SEEN_VET_ANSWERS, { error: "seen_vet must be 'yes', 'not_yet' or 'not_needed'" }),
  finding: z
    .string({ error: 'finding must be text' })
    .trim()
    .max(FINDING_MAX, `finding must be at most ${FINDING_MAX} characters`)
    .optional(),
  reason: z
    .enum(NOT_YET_REASONS, { error: "reason must be 'cost', 'closed', 'better' or 'other'" })
    .optional(),
})

export const followUpAnswerOutput = followUpSchema.extend({
  /** With not_yet after an emergency: the escalation again, answering the reason; null otherwise. */
  reply: z.string().nullable(),
})

export const followUpSettingsInput = z.object({
  cat_id: recordId.optional(),
  follow_ups_on: z.boolean({ error: 'follow_ups_on must be true or false' }),
})

export const followUpSettingsSchema = z.object({ cat_id: z.number().int(), follow_ups_on: z.boolean() })

/** Dates as YYYY-MM-DD or ISO date-times. */
const dateInput = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be a date (YYYY-MM-DD) or an ISO date-time',
  })
  .refine(withinProductYears, { error: PRODUCT_YEARS_MESSAGE })

export const safetyScoreboardInput = z.object({ from: dateInput.optional(), to: dateInput.optional() })

export const safetyScoreboardSchema = z.object({
  escalations: z.array(z.object({ sign: z.string(), urgency: z.string(), count: z.number().int() })),
  follow_ups: z.object({
    sent: z.number().int(),
    answered: z.number().int(),
    seen_vet: z.number().int(),
    not_yet: z.object({
      cost: z.number().int(),
      closed: z.number().int(),
      better: z.number().int(),
      other: z.number().int(),
    }),
  }),
  /**
   * Of the escalated replies in the range that were followed up, those whose owner answered "seen a vet"
   * within 24 hours of the reply; share = seen / escalations, null with none (docs/follow-ups.md).
   */
  seen_vet_within_24h: z.object({
    escalations: z.number().int(),
    seen: z.number().int(),
    share: z.number().nullable(),
  }),
  /**
   * Routine replies later taken to the vet. `finding` and `conversation_id` (to open it for review) only
   * when the conversation's owner agreed to a review; null otherwise (the row counts, nothing more).
   */
  routine_then_vet: z.array(
    z.object({
      message_id: z.number().int(),
      finding: z.string().nullable(),
      conversation_id: z.number().int().nullable(),
    }),
  ),
  /**
   * Where the model's reading of an owner's message (the second reader, docs/triage.md) differed from
   * the product's triage: counts by the two levels, how many replies it raised, and the latest cases. The
   * model's sign, the owner's words it quoted and the conversation only with the owner's review consent.
   */
  second_reader: z.object({
    disagreements: z.array(
      z.object({ product_level: z.string(), model_level: z.string(), count: z.number().int() }),
    ),
    raised: z.number().int(),
    cases: z.array(
      z.object({
        message_id: z.number().int(),
        product_level: z.string(),
        product_sign: z.string().nullable(),
        model_level: z.string(),
        reply_level: z.string(),
        model_sign: z.string().nullable(),
        evidence: z.string().nullable(),
        conversation_id: z.number().int().nullable(),
      }),
    ),
  }),
})

export const reviewConsentSchema = z.object({ review_consent: z.boolean() })
export const reviewConsentInput = z.object({
  review_consent: z.boolean({ error: 'review_consent must be true or false' }),
})

export const reviewConversationInput = z.object({ id: recordId })

/** A conversation as an operator reviews it (read-only). */
export const reviewConversationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      role: z.string(),
      content: z.string(),
      urgency: z.string().nullable(),
      /** The cat an owner's message was about (null on replies). */
      cat_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
})
