// The cat's vets (docs/product.md §11): the usual and the emergency clinic, each or null.
import { z } from 'zod'
import { careCatInput } from './care.ts'
import { recordId } from './primitives.ts'
import { recordName, recordText } from './record-names.ts'

/** A phone number as people write it: digits with +, spaces, dots, dashes, parentheses, an extension. */
const PHONE_PATTERN = /^\+?[0-9 ().\-/]{3,30}(\s*(x|ext\.?)\s*\d{1,6})?$/i

export const vetInput = z.strictObject({
  name: recordName('name', 120),
  phone: z
    .string({ error: 'phone must be text' })
    .trim()
    .regex(PHONE_PATTERN, 'phone must be a phone number')
    .refine((text) => (text.match(/\d/g) ?? []).length >= 3, 'phone must be a phone number'),
  address: recordText('address', 300).nullish(),
})

export const vetsUpdateInput = z.strictObject({
  cat_id: recordId.optional(),
  usual: vetInput.nullable().optional(),
  emergency: vetInput.nullable().optional(),
})
export type VetsUpdate = z.infer<typeof vetsUpdateInput>

export const vetSchema = z.object({ name: z.string(), phone: z.string(), address: z.string().nullable() })
export type Vet = z.infer<typeof vetSchema>

export const vetsSchema = z.object({ usual: vetSchema.nullable(), emergency: vetSchema.nullable() })

export const vetsInput = careCatInput
