// The care loop's and the weight log's shapes (CONTRACT "Beyond SPEC §7"): snake_case like SPEC §7.
import { z } from 'zod'
import { WEIGHT_UNITS } from '../rules/weight.ts'
import { recordId } from './primitives.ts'

/** The heaviest weight the log accepts: no cat weighs more than 50 lb (23 kg); beyond is a typing slip. */
export const MAX_LOGGED_WEIGHT = { Lbs: 50, Kg: 23 } as const

/** Every care procedure acts on the owner's cat named here, else on the current cat (the highest id). */
export const careCatInput = z.object({ cat_id: recordId.optional() })

export const weightUnitSchema = z.enum(WEIGHT_UNITS, { error: "unit must be 'Lbs' or 'Kg'" })

/** A weight the owner records: above 0, at most 50 lb or 23 kg, and not in the future (checked by the domain). */
export const weightInput = careCatInput
  .extend({
    weight: z
      .number({ error: 'weight must be a number' })
      .refine(Number.isFinite, 'weight must be a number')
      .gt(0, 'weight must be greater than 0'),
    unit: weightUnitSchema,
    measured_at: z.iso
      .datetime({ offset: true, error: 'measured_at must be an ISO-8601 date and time' })
      .optional(),
    /** Where the owner typed it: /progress (the default) or a confirmed offer in the chat. */
    source: z.enum(['progress', 'chat'], { error: "source must be 'progress' or 'chat'" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.weight > MAX_LOGGED_WEIGHT[value.unit]) {
      ctx.addIssue({
        code: 'custom',
        path: ['weight'],
        message: `weight must be at most ${MAX_LOGGED_WEIGHT[value.unit]} ${value.unit === 'Kg' ? 'kg' : 'lb'}`,
      })
    }
  })
export type WeightInput = z.infer<typeof weightInput>

export const weightEntrySchema = z.object({
  id: z.number().int(),
  weight: z.number(),
  unit: weightUnitSchema,
  measured_at: z.string(),
})
export type WeightEntry = z.infer<typeof weightEntrySchema>
