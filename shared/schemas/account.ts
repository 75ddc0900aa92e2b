// The signed-in owner's state as the server knows it: what the browser restores into the
// local-storage keys of docs/product.md §3 after a sign-in and on every load
// with a token, before it routes.
import { z } from 'zod'
import { codeSchema } from './auth.ts'
import { catListSchema } from './cat.ts'

/** What the account held when its address was first proved (server/domain/accounts/held-before-proof.ts). */
export const heldBeforeProofSchema = z.object({
  cats: z.array(z.object({ id: z.number().int(), name: z.string() })),
  conversations: z.number().int(),
  interviews: z.number().int(),
  /** Share links made before the proof: revoked by it. */
  share_links_revoked: z.number().int(),
  /** Calendar feeds made before the proof: revoked by it. */
  calendar_feeds_revoked: z.number().int(),
  /** Push subscriptions made before the proof: removed by it. */
  push_subscriptions_removed: z.number().int(),
  /** The name the account had then ('' for none). */
  name: z.string(),
})
export type HeldBeforeProof = z.infer<typeof heldBeforeProofSchema>

export const reviewHeldBeforeProofInput = z.object({
  action: z.enum(['keep', 'delete'], { error: "action must be 'keep' or 'delete'" }),
})

/**
 * What the account may reach (server/domain/household/reach.ts, docs/household.md "On screen"): all of it
 * for an owner (or a new account); for an account whose only cats are shared with it, what its roles allow.
 */
export const householdReachSchema = z.object({
  /** No cats of its own, some shared with it: its place is /care. */
  sharedOnly: z.boolean(),
  /** The specialist's chat (a sitter-only account may not). */
  chat: z.boolean(),
  /** Changing a cat's plan or record, its report and links (a sitter-only account may not). */
  manage: z.boolean(),
  /** What only an owner does: inviting a household, billing. */
  own: z.boolean(),
  /** A cat shared with it that it may chat about has an owner whose subscription covers the chat. */
  chatCovered: z.boolean(),
})
export type HouseholdReach = z.infer<typeof householdReachSchema>

export const ownerStateOutput = z.object({
  /** The owner's cats, oldest first: the current cat (highest id, docs/product.md §4) is last. */
  cats: catListSchema,
  /** The current cat's id (catId), or null when the owner has no cat yet. */
  catId: z.number().int().nullable(),
  /** The subscription that grants access now (active or trialing, not ended), or null. */
  subscriptionId: z.string().nullable(),
  /** The owner finished the receptionist's interview (interview_completed). */
  interviewCompleted: z.boolean(),
  /** The latest unfinished interview, which the interview screen resumes (interviewId, interviewSessionId). */
  unfinishedInterview: z.object({ id: z.number().int(), session_id: z.string() }).nullable(),
  /** The owner's conversation with the specialist: the highest id (docs/product.md §4), or null. */
  conversationId: z.number().int().nullable(),
  /** What the account held before its address was first proved, until the owner keeps or deletes it. */
  heldBeforeProof: heldBeforeProofSchema.nullable(),
  household: householdReachSchema,
})
export type OwnerState = z.infer<typeof ownerStateOutput>

/**
 * The fresh code of a sensitive step (export, deletion): mailed by `account.sendVerificationCode`
 * (REST: POST /api/supabase/account/verification-code), sent back as `code` (REST: the
 * `X-Verification-Code` header, so it never sits in a URL or a proxy's log).
 */
export const verificationCodeInput = z.object({ code: codeSchema })
