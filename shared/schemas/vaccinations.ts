// The health record's vaccinations (docs/product.md §11): snake_case like docs/product.md §7.
import { z } from 'zod'
import { careCatInput } from './care.ts'
import { recordId } from './primitives.ts'
import { isoDate, recordName, recordText } from './record-names.ts'

export const vaccinationInput = careCatInput.extend({
  name: recordName('name'),
  given_on: isoDate('given_on'),
  next_due_on: isoDate('next_due_on').nullish(),
  clinic: recordText('clinic', 200).nullish(),
  notes: recordText('notes').nullish(),
})
export type VaccinationInput = z.infer<typeof vaccinationInput>

export const vaccinationSchema = z.object({
  id: z.number().int(),
  cat_id: z.number().int(),
  name: z.string(),
  given_on: z.string(),
  next_due_on: z.string().nullable(),
  clinic: z.string().nullable(),
  notes: z.string().nullable(),
})

export const recordIdInput = z.object({ id: recordId })

/**
 * An edit (docs/health-record.md "Editing"): the same rules as an add, each field optional; a field left
 * out stays as it is, `null` clears a nullable one (a cleared next_due_on stops the reminders).
 */
export const vaccinationUpdateInput = recordIdInput.extend({
  name: recordName('name').optional(),
  given_on: isoDate('given_on').optional(),
  next_due_on: isoDate('next_due_on').nullish(),
  clinic: recordText('clinic', 200).nullish(),
  notes: recordText('notes').nullish(),
})
export type VaccinationUpdateInput = z.infer<typeof vaccinationUpdateInput>
