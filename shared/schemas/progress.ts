// The /progress page's and the vet report's shapes: snake_case like docs/product.md §7.
import { z } from 'zod'
import { careCatInput, weightEntrySchema } from './care.ts'

export const reportCheckInSchema = z.object({
  due_at: z.string(),
  status: z.enum(['due', 'done', 'missed']),
  answered_at: z.string().nullable(),
  weight: z.number().nullable(),
  unit: z.string().nullable(),
  note: z.string().nullable(),
})

/** What /progress reads in one call: the log and the last four weeks' check-ins of the cat. */
export const progressOverviewSchema = z.object({
  cat_id: z.number().int(),
  weights: z.array(weightEntrySchema),
  check_ins: z.array(reportCheckInSchema),
  /** The cat's escalation is open: the week's plan prescribes no play or training until the vet has seen it. */
  vet_first: z.boolean(),
})
export type ProgressOverview = z.infer<typeof progressOverviewSchema>

export const reportInput = careCatInput

/** A share link: the path (or, with PUBLIC_URL, the whole address) and when it stops working. */
export const shareLinkSchema = z.object({ url: z.string(), expires_at: z.string() })
export const shareInput = careCatInput.extend({
  /** 1 to 30 days; 7 unless told. */
  days: z.number().int().min(1, 'days must be 1 to 30').max(30, 'days must be 1 to 30').optional(),
})

/** A live share link as the owner's list shows it: the token itself is never kept, so no address. */
export const liveShareLinkSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Who made it: the owner's or a family member's address. */
  created_by: z.string(),
})

/** A share token: 32 bytes as base64url (256 bits). Anything else cannot be one. */
export const shareTokenInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token is not a report link'),
})
