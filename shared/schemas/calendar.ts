// The secret calendar feed (docs/product.md §11).
import { z } from 'zod'
import { careCatInput } from './care.ts'

export const calendarInput = careCatInput
export const calendarFeedSchema = z.object({ url: z.string() })
export const calendarTokenInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token is not a calendar feed'),
})
