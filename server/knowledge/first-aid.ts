// The first-aid guide for cats (server/knowledge/first-aid.json, docs/first-aid.md): each situation in
// three or four steps, what never to do, when to go now and the public guidance it follows. Checked
// with zod when the server starts: a bad file stops start-up naming the entry, and every urgent sign it
// names must be a rule of urgent-signs.json, so an urgent answer always links to a page that exists.
import { z } from 'zod'
import firstAidFile from './first-aid.json' with { type: 'json' }
import { checkKnowledgeFile, URGENT_SIGNS } from './index.ts'

const situationId = z.string().regex(/^[a-z][a-z-]{1,40}$/)

const situation = z.object({
  id: situationId,
  title: z.string().min(3).max(80),
  level: z.enum(['urgent', 'emergency']),
  recognise: z.array(z.string().min(10)).min(1).max(4),
  /** Numbered steps: three or four, so they can be read in a panic. */
  act: z.array(z.string().min(10)).min(3).max(4),
  dont: z.array(z.string().min(10)).min(1).max(3),
  goNow: z.string().min(10),
  /** The CPR page: it carries the compression beat. */
  cpr: z.literal(true).optional(),
  /** The urgent-signs.json rules whose urgent answer links to this situation. */
  signs: z.array(z.string()),
  seeAlso: z.array(situationId).optional(),
  sources: z.array(z.object({ name: z.string().min(3), url: z.url().optional() })).min(1),
})

export const firstAidSchema = z
  .object({
    version: z.literal(1),
    reviewedBy: z.string().min(10),
    reviewedOn: z.iso.date(),
    notice: z.string().min(10),
    poisonLines: z
      .array(z.object({ name: z.string().min(3), phone: z.string().min(7), note: z.string() }))
      .min(1),
    situations: z.array(situation).min(25),
  })
  .superRefine((guide, ctx) => {
    const ids = new Set<string>()
    const signs = new Map<string, string>()
    const rules = new Set(URGENT_SIGNS.rules.map((rule) => rule.id))
    for (const [index, entry] of guide.situations.entries()) {
      const path = ['situations', index]
      if (ids.has(entry.id)) ctx.addIssue({ code: 'custom', path, message: `${entry.id} repeats` })
      ids.add(entry.id)
      for (const sign of entry.signs) {
        if (!rules.has(sign)) {
          ctx.addIssue({ code: 'custom', path, message: `${entry.id} names the unknown urgent sign ${sign}` })
        }
        const other = signs.get(sign)
        if (other) ctx.addIssue({ code: 'custom', path, message: `${sign} is in ${other} and ${entry.id}` })
        signs.set(sign, entry.id)
      }
    }
    for (const [index, entry] of guide.situations.entries()) {
      for (const other of entry.seeAlso ?? []) {
        if (!ids.has(other)) {
          ctx.addIssue({
            code: 'custom',
            path: ['situations', index],
            message: `${entry.id} sees the unknown ${other}`,
          })
        }
      }
    }
  })

export type FirstAidGuide = z.infer<typeof firstAidSchema>

export const FIRST_AID: FirstAidGuide = checkKnowledgeFile('first-aid.json', firstAidSchema, firstAidFile)

const SITUATION_OF_SIGN = new Map(
  FIRST_AID.situations.flatMap((entry) => entry.signs.map((sign) => [sign, entry.id] as const)),
)

/** The first-aid situation an urgent sign's answer links to; null when the guide has none for it. */
export function firstAidSituationFor(sign: string | null | undefined): string | null {
  return (sign && SITUATION_OF_SIGN.get(sign)) || null
}
