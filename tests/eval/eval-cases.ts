// The eval's case files: tests/eval/dev/cases.json (tune the triage on it) and tests/eval/holdout/cases.json
// (written by someone else and never read while tuning, so its figures say how the triage does on wordings
// it was not fitted to). Both have one format, checked here so a malformed file fails with its case's id.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

export const SPLITS = ['dev', 'holdout'] as const
export type Split = (typeof SPLITS)[number]
export type Urgency = 'routine' | 'urgent' | 'emergency'

export const CATEGORIES = [
  'urgent',
  'follow-up',
  'poison-question',
  'prevention',
  'everyday',
  'profile-injection',
  'household',
] as const

/** A pattern as the file holds it: a regular expression's source, matched case-insensitively. */
const pattern = z.string().refine((source) => {
  try {
    new RegExp(source, 'i')
    return true
  } catch {
    return false
  }
}, 'not a valid regular expression')

const evalCase = z.object({
  id: z.string().min(1),
  family: z.string().min(1),
  style: z.string().min(1),
  category: z.enum(CATEGORIES),
  /** The old category of a migrated everyday, nutrition or behaviour case. */
  legacy: z.string().optional(),
  cat: z.looseObject({
    name: z.string(),
    gender: z.enum(['Male', 'Female']).nullable().optional(),
    age: z.number().nullable().optional(),
    breed: z.string().optional(),
    weight: z.number().optional(),
    weight_unit: z.string().optional(),
  }),
  /** The owner's other cats: the case's cat is then sent as the one chosen in the chat's switcher. */
  otherCats: z.array(z.string()).optional(),
  turns: z.array(z.string().min(1)).min(1),
  urgency: z.enum(['routine', 'urgent', 'emergency']),
  substance: pattern.optional(),
  must: z.array(pattern).optional(),
  mustNot: z.array(pattern).optional(),
  offline: z.object({ must: z.array(pattern).optional(), mustNot: z.array(pattern).optional() }).optional(),
})
export type EvalCase = z.infer<typeof evalCase>

const caseFile = z.object({ about: z.string(), split: z.enum(SPLITS), cases: z.array(evalCase).min(1) })

const here = path.dirname(fileURLToPath(import.meta.url))
export const casesPath = (split: Split) => path.join(here, split, 'cases.json')

/** One split's cases; throws a message that says what is wrong when the file is missing or malformed. */
export function loadSplit(split: Split): EvalCase[] {
  const file = casesPath(split)
  if (!fs.existsSync(file)) {
    throw new Error(
      `${path.relative(process.cwd(), file)} is missing: the ${split} split cannot be scored. ` +
        `Add the file, or run the other split alone with EVAL_SPLIT=${split === 'dev' ? 'holdout' : 'dev'}.`,
    )
  }
  const parsed = caseFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.join('.') ?? ''
    throw new Error(`${path.relative(process.cwd(), file)} is malformed at ${where}: ${issue?.message}`)
  }
  if (parsed.data.split !== split)
    throw new Error(`${file} says split "${parsed.data.split}", wanted "${split}"`)
  const ids = new Set<string>()
  for (const c of parsed.data.cases) {
    if (ids.has(c.id)) throw new Error(`${file}: case id ${c.id} is used twice`)
    ids.add(c.id)
  }
  return parsed.data.cases
}

/** The splits this run scores: both, or the one EVAL_SPLIT names. */
export function selectedSplits(value = process.env.EVAL_SPLIT): Split[] {
  if (!value) return [...SPLITS]
  if ((SPLITS as readonly string[]).includes(value)) return [value as Split]
  throw new Error(`EVAL_SPLIT must be one of ${SPLITS.join(', ')}; got "${value}"`)
}

/** The case's cat as the database takes it (the file's weight_unit is the column weightUnit). */
export function catRow(cat: EvalCase['cat']): Record<string, unknown> {
  const { weight_unit: weightUnit, gender, ...rest } = cat
  return { ...rest, gender: gender ?? '', ...(weightUnit ? { weightUnit } : {}) }
}
