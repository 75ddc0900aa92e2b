// The health record's medications (docs/product.md §11): snake_case like docs/product.md §7.
import { z } from 'zod'
import { careCatInput, REMINDER_TIME_PATTERN } from './care.ts'
import { PRODUCT_YEARS_MESSAGE, recordId, withinProductYears } from './primitives.ts'
import { isoDate, recordName, recordText } from './record-names.ts'

/** More doses a day than this is a typing slip. */
export const MAX_DOSE_TIMES = 12

const doseTimes = z
  .array(z.string().regex(REMINDER_TIME_PATTERN, "times: each time is 'HH:MM', 24 h"), {
    error: "times must be a list of 'HH:MM' times",
  })
  .min(1, 'times lists at least one time')
  .max(MAX_DOSE_TIMES, `times lists at most ${MAX_DOSE_TIMES} times`)
  .refine((times) => new Set(times).size === times.length, 'times lists each time once')

const endNotBeforeStart = (m: { start_on?: string | undefined; end_on?: string | null | undefined }) =>
  !m.start_on || !m.end_on || m.end_on >= m.start_on
const END_BEFORE_START = { path: ['end_on'], message: 'end_on must not be before start_on' }

export const medicationInput = careCatInput
  .extend({
    name: recordName('name'),
    dose: recordName('dose', 120),
    times: doseTimes,
    start_on: isoDate('start_on').optional(),
    end_on: isoDate('end_on').nullish(),
    notes: recordText('notes').nullish(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
export type MedicationInput = z.infer<typeof medicationInput>

/**
 * An edit (docs/health-record.md "Editing"): the add's rules, each field optional; left out stays,
 * `null` clears end_on or notes. An end before the stored start is refused by the domain.
 */
export const medicationUpdateInput = z
  .object({
    id: recordId,
    name: recordName('name').optional(),
    dose: recordName('dose', 120).optional(),
    times: doseTimes.optional(),
    start_on: isoDate('start_on').optional(),
    end_on: isoDate('end_on').nullish(),
    notes: recordText('notes').nullish(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
export type MedicationUpdateInput = z.infer<typeof medicationUpdateInput>

export const doseInput = z.object({
  id: recordId,
  given_at: z.iso
    .datetime({ offset: true, error: 'given_at must be an ISO-8601 date and time' })
    .refine(withinProductYears, `given_at ${PRODUCT_YEARS_MESSAGE}`)
    .optional(),
})

export const doseSchema = z.object({ given_at: z.string(), by: z.string() })

export const medicationSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  name: z.string(),
  dose: z.string(),
  times: z.array(z.string()),
  start_on: z.string(),
  end_on: z.string().nullable(),
  notes: z.string().nullable(),
  next_dose_at: z.string().nullable(),
  /** Doses logged, newest first (the last 50). */
  doses: z.array(doseSchema),
  /** Dose times of the last 7 days with no dose logged near them, newest first. */
  missed_doses: z.array(z.object({ due_at: z.string() })),
})
