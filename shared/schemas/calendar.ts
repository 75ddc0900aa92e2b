// The secret calendar feed (docs/product.md §11).
import { z } from 'zod'
import { careCatInput } from './care.ts'

export const calendarInput = careCatInput
export const calendarFeedSchema = z.object({ url: z.string() })
/** A live feed as the owner's screens list it: the token is not kept, only who made it and when. */
export const liveCalendarFeedSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  created_at: z.string(),
  /** Who made it: the owner's or a family member's address. */
  created_by: z.string(),
})
export const calendarTokenInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token is not a calendar feed'),
  /** The ETag of the copy the calendar app holds (If-None-Match): 304 when it is current. */
  if_none_match: z.string().max(1000).optional(),
})
