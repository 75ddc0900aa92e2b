// The fixed sample the HTTP eval sends through POST /api/openai/chat (docs/testing.md, "The specialist
// eval"): chosen by a hash of each case's id, so it is the same on every run and every machine, and a case
// stays in or out of it whatever else is added to its split.
import { createHash } from 'node:crypto'
import type { EvalCase, Split } from './eval-cases.ts'

/** Cases of each split the HTTP path sends by default: a few hundred in all, about a minute. */
export const SAMPLE_SIZES: Readonly<Record<Split, number>> = { dev: 240, holdout: 60 }

const key = (c: EvalCase) => createHash('sha256').update(c.id).digest('hex')

/**
 * The split's sample: `size` cases with the lowest hashes, in the file's order; `all` (EVAL_SAMPLE=all)
 * sends every case.
 */
export function fixedSample(cases: readonly EvalCase[], size: number | 'all'): EvalCase[] {
  if (size === 'all' || size >= cases.length) return [...cases]
  const chosen = new Set(
    cases
      .map((c) => [key(c), c.id] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, size)
      .map(([, id]) => id),
  )
  return cases.filter((c) => chosen.has(c.id))
}

/** EVAL_SAMPLE: a number of cases per split, or `all`; the default sizes when unset. */
export function sampleSize(split: Split, value = process.env.EVAL_SAMPLE): number | 'all' {
  if (!value) return SAMPLE_SIZES[split]
  if (value === 'all') return 'all'
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`EVAL_SAMPLE must be a whole number or "all"; got "${value}"`)
  return n
}
