// The core vaccines' schedule (server/knowledge/vaccines.json, from the 2020 AAHA/AAFP Feline
// Vaccination Guidelines), checked with zod when first read: a bad file stops start-up naming the entry.
import { z } from 'zod'
import vaccinesFile from './vaccines.json' with { type: 'json' }

const interval = z.object({ intervalDays: z.number().int().positive(), note: z.string().min(10) })

const vaccine = z.object({
  id: z.enum(['fvrcp', 'rabies', 'felv']),
  title: z.string().min(3),
  aliases: z.array(z.string().min(3)).min(1),
  kitten: interval,
  afterSeries: interval,
  adult: interval.nullable(),
  byLabel: z.object({ oneYear: z.number().int(), threeYear: z.number().int(), note: z.string() }).optional(),
  sources: z.array(z.object({ name: z.string().min(3), url: z.url().optional() })).min(1),
})

const file = z.object({
  version: z.literal(1),
  reviewedBy: z.string().min(10),
  kittenUntilWeeks: z.number().positive(),
  vaccines: z.array(vaccine).min(1),
})

export type CoreVaccine = z.infer<typeof vaccine>
export const vaccineKnowledge = file.parse(vaccinesFile)
