// The health record's vaccinations (CONTRACT "the health record"): snake_case like SPEC §7.
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
export type Vaccination = z.infer<typeof vaccinationSchema>

export const recordIdInput = z.object({ id: recordId })
