// The eval's case files: tests/eval/dev/cases.json and the writer batches of tests/eval/batches (tune the
// triage on them) and tests/eval/holdout/cases.json (written by someone else and never read while tuning,
// so its figures say how the triage does on wordings it was not fitted to). All have one format, checked
// here so a malformed file fails with its case's id.
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

/** A split's file says which split it is; a writer batch may carry any label (it joins dev once looked at). */
const caseFile = z.object({ about: z.string(), split: z.string().min(1), cases: z.array(evalCase).min(1) })

const here = path.dirname(fileURLToPath(import.meta.url))
export const casesPath = (split: Split) => path.join(here, split, 'cases.json')
/** Writer batches (docs/testing.md, "Writer batches"): tests/eval/batches/<yyyy-mm-dd>-<name>.json. */
export const BATCHES = path.join(here, 'batches')
const BATCH_NAME = /^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.json$/

/** One case file, checked; throws a message that says what is wrong when it is missing or malformed. */
export function loadCaseFile(file: string): { split: string; cases: EvalCase[] } {
  const shown = path.relative(process.cwd(), file)
  if (!fs.existsSync(file)) throw new Error(`${shown} is missing`)
  const parsed = caseFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.join('.') ?? ''
    throw new Error(`${shown} is malformed at ${where}: ${issue?.message}`)
  }
  uniqueIds(shown, parsed.data.cases)
  return parsed.data
}

function uniqueIds(where: string, cases: readonly EvalCase[]): void {
  const ids = new Set<string>()
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`${where}: case id ${c.id} is used twice`)
    ids.add(c.id)
  }
}

/** The writer batches that have joined dev, oldest first (their names start with their date). */
export function batchFiles(): string[] {
  if (!fs.existsSync(BATCHES)) return []
  const names = fs.readdirSync(BATCHES).filter((name) => name.endsWith('.json'))
  const bad = names.filter((name) => !BATCH_NAME.test(name))
  if (bad.length > 0)
    throw new Error(`tests/eval/batches: ${bad.join(', ')} must be named <yyyy-mm-dd>-<name>.json`)
  return names.sort().map((name) => path.join(BATCHES, name))
}

/**
 * One split's cases: the holdout's file alone; dev's file and every writer batch after it (a batch joins
 * dev once its first look is recorded). Throws with what is wrong when a file is missing or malformed.
 */
export function loadSplit(split: Split): EvalCase[] {
  const file = casesPath(split)
  if (!fs.existsSync(file)) {
    throw new Error(
      `${path.relative(process.cwd(), file)} is missing: the ${split} split cannot be scored. ` +
        `Add the file, or run the other split alone with EVAL_SPLIT=${split === 'dev' ? 'holdout' : 'dev'}.`,
    )
  }
  const own = loadCaseFile(file)
  if (own.split !== split) throw new Error(`${file} says split "${own.split}", wanted "${split}"`)
  if (split === 'holdout') return own.cases
  const cases = [...own.cases, ...batchFiles().flatMap((batch) => loadCaseFile(batch).cases)]
  uniqueIds('the dev split with its batches', cases)
  return cases
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
