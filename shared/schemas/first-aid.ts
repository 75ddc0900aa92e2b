// The first-aid guide as the API answers it (docs/first-aid.md): public, the same for everyone, so the
// service worker may keep it for a visit with no network.
import { z } from 'zod'

export const firstAidSituationSchema = z.object({
  id: z.string(),
  title: z.string(),
  level: z.enum(['urgent', 'emergency']),
  recognise: z.array(z.string()),
  act: z.array(z.string()),
  dont: z.array(z.string()),
  go_now: z.string(),
  cpr: z.boolean(),
  see_also: z.array(z.string()),
  sources: z.array(z.object({ name: z.string(), url: z.string().nullable() })),
})

export const firstAidGuideSchema = z.object({
  version: z.number(),
  reviewed_on: z.string(),
  reviewed_by: z.string(),
  notice: z.string(),
  poison_lines: z.array(z.object({ name: z.string(), phone: z.string(), note: z.string() })),
  situations: z.array(firstAidSituationSchema),
})
export type FirstAidGuide = z.infer<typeof firstAidGuideSchema>
