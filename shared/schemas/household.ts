// The household (docs/product.md §11, docs/household.md): invites, members, the activity log and a
// sitter's emergency card, as the API takes and answers them.
import { z } from 'zod'
import { emailSchema, recordId } from './primitives.ts'
import { vetSchema } from './vets.ts'

export const HOUSEHOLD_ROLES = ['family', 'sitter'] as const
export type HouseholdRoleName = (typeof HOUSEHOLD_ROLES)[number]

/** How long a sitter's access may last, in days (14 unless told). */
export const SITTER_DAYS_DEFAULT = 14
export const SITTER_DAYS_MAX = 90
/** How long an invitation's link works. */
export const INVITE_DAYS = 7

export const inviteInput = z.strictObject(
  {
    email: emailSchema,
    role: z.enum(HOUSEHOLD_ROLES, { error: "role must be 'family' or 'sitter'" }),
    /** The cats shared; none sent means every cat of the owner, now and later. */
    cat_ids: z
      .array(recordId, { error: 'cat_ids must be a list of cat ids' })
      .min(1, 'cat_ids must name at least one cat (or be left out for all)')
      .max(50, 'cat_ids names at most 50 cats')
      .optional(),
    /** A sitter's access in days from now. */
    days: z
      .number({ error: `days must be a whole number from 1 to ${SITTER_DAYS_MAX}` })
      .int(`days must be a whole number from 1 to ${SITTER_DAYS_MAX}`)
      .min(1, `days must be a whole number from 1 to ${SITTER_DAYS_MAX}`)
      .max(SITTER_DAYS_MAX, `days must be a whole number from 1 to ${SITTER_DAYS_MAX}`)
      .optional(),
  },
  { error: 'Expected an object' },
)
export type InviteInput = z.infer<typeof inviteInput>

export const inviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  /** null: every cat of the owner. */
  cat_ids: z.array(z.number().int()).nullable(),
  /** A sitter's access end; for family, when the link stops working. */
  expires_at: z.string(),
})

export const memberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  cat_ids: z.array(z.number().int()).nullable(),
  status: z.enum(['invited', 'active']),
  /** Invited: when the link stops working; an active sitter: when access ends; active family: null. */
  expires_at: z.string().nullable(),
})
export type HouseholdMemberView = z.infer<typeof memberSchema>

export const inviteTokenInput = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'Unknown invitation')
    .max(128, 'Unknown invitation')
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown invitation'),
})

export const acceptOutput = z.object({
  cats: z.array(z.object({ id: z.number().int(), name: z.string() })),
  role: z.enum(HOUSEHOLD_ROLES),
  shared_by: z.string(),
})

/** An invitation before it is accepted: who shares which cats, as what. */
export const invitePreviewSchema = z.object({
  /** The owner's name, or their e-mail when they gave none. */
  owner: z.string(),
  shared_by: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  /** Every cat of the owner, now and later (the cats listed are today's). */
  all_cats: z.boolean(),
  cats: z.array(z.object({ id: z.number().int(), name: z.string() })),
})

export const activitySchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  at: z.string(),
  /** The author's e-mail. */
  by: z.string(),
  what: z.string(),
  kind: z.enum(['weight_logged', 'dose_logged', 'check_in_answered', 'record_changed']),
})

export const memberIdInput = z.object({ id: recordId })

/** What a sitter needs at hand: the cat's conditions and medicines, the owner, the vets. */
export const emergencyCardSchema = z.object({
  cat: z.object({ id: z.number().int(), name: z.string() }),
  role: z.enum(['owner', ...HOUSEHOLD_ROLES]),
  conditions: z.string(),
  medications: z.array(z.object({ name: z.string(), dose: z.string(), times: z.array(z.string()) })),
  owner: z.object({ name: z.string(), email: z.string() }),
  vets: z.object({ usual: vetSchema.nullable(), emergency: vetSchema.nullable() }),
})
export type EmergencyCard = z.infer<typeof emergencyCardSchema>
