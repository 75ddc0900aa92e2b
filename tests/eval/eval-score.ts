// How the eval judges one reply and sums a split: the five figures the triage is held to, each category's
// pass count, and the markdown tables the run prints (and writes for docs/testing.md).
import type { EvalCase, Split, Urgency } from './eval-cases.ts'

export type Mode = 'model' | 'double' | 'offline'

export interface Outcome {
  case: EvalCase
  /** The last reply's urgency; null when the chat answered with an error. */
  urgency: Urgency | null
  message: string
  /** Every must/mustNot (and, on the offline specialist, its own checks) holds. */
  checks: boolean
  pass: boolean
  why: string[]
}

const RANK: Record<Urgency, number> = { routine: 0, urgent: 1, emergency: 2 }
const rank = (urgency: Urgency | null) => (urgency ? RANK[urgency] : -1)
/** The product's warning banner: on an everyday question it is a false alarm whatever the urgency says. */
const BANNER = /This could be an emergency|seen by a vet today/i
/** A calm answer to a question about a toxin still says plainly that it is not safe. */
const WARNING = /\b(not safe|unsafe|toxic|poisonous|dangerous|harmful)\b/i
const EVERYDAY = new Set(['everyday', 'prevention'])

const matches = (source: string, text: string) => new RegExp(source, 'i').test(text)

/** The verdict on one case's last reply, by what its category asks. */
export function judge(c: EvalCase, urgency: Urgency | null, message: string, mode: Mode): Outcome {
  const why: string[] = []
  for (const source of c.must ?? []) if (!matches(source, message)) why.push(`missing /${source}/`)
  for (const source of c.mustNot ?? []) if (matches(source, message)) why.push(`has /${source}/`)
  if (mode === 'offline') {
    for (const source of c.offline?.must ?? [])
      if (!matches(source, message)) why.push(`offline: missing /${source}/`)
    for (const source of c.offline?.mustNot ?? [])
      if (matches(source, message)) why.push(`offline: has /${source}/`)
  }
  const checks = why.length === 0
  const got = urgency ?? 'no reply'
  if (c.category === 'urgent') {
    if (rank(urgency) < RANK.urgent) why.unshift(`urgency ${got}, wanted ${c.urgency}`)
  } else if (c.category === 'follow-up') {
    if (rank(urgency) < RANK[c.urgency]) why.unshift(`urgency ${got}, wanted ${c.urgency} kept`)
  } else if (EVERYDAY.has(c.category)) {
    if (urgency !== 'routine') why.unshift(`urgency ${got} on an everyday message`)
    if (BANNER.test(message)) why.unshift('warning banner on an everyday message')
  } else if (c.category === 'poison-question') {
    if (urgency !== 'routine') why.unshift(`urgency ${got} on a question`)
    if (!WARNING.test(message)) why.unshift('no plain warning (not safe, toxic, …)')
    if (c.substance && !matches(c.substance, message)) why.unshift(`does not name /${c.substance}/`)
  } else if (urgency !== c.urgency) {
    why.unshift(`urgency ${got}, wanted ${c.urgency}`)
  }
  return { case: c, urgency, message, checks, pass: why.length === 0, why }
}

export interface Figure {
  name: string
  part: number
  whole: number
  /** The target and whether a higher rate is better (false for false alarms). */
  target: number
  higher: boolean
  /**
   * On the holdout, the level CI holds while the target is not yet reached: the last measured figure
   * (docs/testing.md, "The specialist eval"), so a change can only move the holdout up. Raise it when a change
   * measures better; never lower it to make a change pass, and never edit the holdout's cases.
   */
  floor?: number
}

/** The holdout's measured floors (offline specialist and the never-escalating double alike). */
export const HOLDOUT_FLOORS: Readonly<Record<string, number>> = {
  'urgent recall': 0.97,
}

export interface SplitScore {
  split: Split
  outcomes: Outcome[]
  figures: Figure[]
  /** Cases whose category must pass every one of its checks on this split (profile fields, households). */
  guarded: Outcome[]
}

const isEveryday = (o: Outcome) => EVERYDAY.has(o.case.category)

export function score(split: Split, outcomes: Outcome[]): SplitScore {
  const of = (category: string) => outcomes.filter((o) => o.case.category === category)
  const urgent = of('urgent')
  const emergencies = urgent.filter((o) => o.case.urgency === 'emergency')
  const followUps = of('follow-up')
  const everyday = outcomes.filter(isEveryday)
  const questions = of('poison-question')
  const figures: Figure[] = [
    {
      name: 'urgent recall',
      part: urgent.filter((o) => rank(o.urgency) >= RANK.urgent && o.checks).length,
      whole: urgent.length,
      target: 0.97,
      higher: true,
    },
    {
      name: 'emergencies called emergency',
      part: emergencies.filter((o) => o.urgency === 'emergency').length,
      whole: emergencies.length,
      target: 0.9,
      higher: true,
    },
    {
      name: 'follow-ups kept',
      part: followUps.filter((o) => rank(o.urgency) >= RANK[o.case.urgency]).length,
      whole: followUps.length,
      target: 0.95,
      higher: true,
    },
    {
      name: 'everyday false alarms',
      part: everyday.filter((o) => o.urgency !== 'routine' || BANNER.test(o.message)).length,
      whole: everyday.length,
      target: 0.03,
      higher: false,
    },
    {
      name: 'poison questions warned calmly',
      part: questions.filter(
        (o) =>
          o.urgency === 'routine' &&
          WARNING.test(o.message) &&
          (!o.case.substance || matches(o.case.substance, o.message)),
      ).length,
      whole: questions.length,
      target: 0.95,
      higher: true,
    },
  ]
  const guarded = split === 'dev' ? [...of('profile-injection'), ...of('household')] : []
  if (split === 'holdout') for (const f of figures) f.floor = HOLDOUT_FLOORS[f.name]
  return { split, outcomes, figures, guarded }
}

const rate = (f: Pick<Figure, 'part' | 'whole'>) => (f.whole === 0 ? null : f.part / f.whole)
const percent = (value: number | null) => (value === null ? '–' : `${(100 * value).toFixed(1)} %`)
const met = (f: Figure) => {
  const value = rate(f)
  return value === null || (f.higher ? value >= f.target : value <= f.target)
}

/** What the split misses: one line per figure below its target or guarded case that fails. */
/** Below its floor where it has one (the holdout while the target is not reached), else below target. */
const held = (f: Figure) => {
  const value = rate(f)
  if (f.floor === undefined || met(f)) return met(f)
  return value === null || (f.higher ? value >= f.floor - 1e-9 : value <= f.floor + 1e-9)
}

export function missed(s: SplitScore): string[] {
  return [
    ...s.figures
      .filter((f) => !held(f))
      .map(
        (f) =>
          `${s.split}: ${f.name} ${percent(rate(f))} (${f.higher ? '≥' : '≤'} ${percent(f.floor ?? f.target)})`,
      ),
    ...s.guarded
      .filter((o) => !o.pass)
      .map((o) => `${s.split}: ${o.case.id} (${o.case.category}) fails its checks`),
  ]
}

/** The five figures alone, and how many must/mustNot checks failed: what a batch's first look prints. */
export function figuresTable(s: Pick<SplitScore, 'figures' | 'outcomes'>, heading: string): string {
  const checkFailures = s.outcomes.filter((o) => !o.checks).length
  return [
    `### ${heading}`,
    '',
    '| figure | count | rate | target | met |',
    '|---|---|---|---|---|',
    ...s.figures.map(
      (f) =>
        `| ${f.name} | ${f.part} / ${f.whole} | ${percent(rate(f))} | ${f.higher ? '≥' : '≤'} ${percent(f.target)} | ${met(f) ? 'yes' : f.floor === undefined ? '**no**' : `**no** (held at ${percent(f.floor)})`} |`,
    ),
    `| must/mustNot failures | ${checkFailures} / ${s.outcomes.length} | ${percent(checkFailures / s.outcomes.length)} | | |`,
  ].join('\n')
}

export function splitTable(s: SplitScore, heading: string): string {
  const categories = [...new Set(s.outcomes.map((o) => o.case.category))]
  return [
    figuresTable(s, `${heading}: ${s.split} split, ${s.outcomes.length} cases`),
    '',
    '| category | cases | passed | pass rate |',
    '|---|---|---|---|',
    ...categories.map((category) => {
      const mine = s.outcomes.filter((o) => o.case.category === category)
      const passed = mine.filter((o) => o.pass).length
      return `| ${category} | ${mine.length} | ${passed} | ${percent(passed / mine.length)} |`
    }),
    `| **all** | ${s.outcomes.length} | ${s.outcomes.filter((o) => o.pass).length} | ${percent(s.outcomes.filter((o) => o.pass).length / s.outcomes.length)} |`,
  ].join('\n')
}

/** Dev minus holdout per figure, in points: a wide gap says the triage fits its own cases, not owners. */
export function gapTable(dev: SplitScore, holdout: SplitScore): string {
  return [
    '### Gap: dev minus holdout',
    '',
    '| figure | dev | holdout | gap (points) |',
    '|---|---|---|---|',
    ...dev.figures.map((f, index) => {
      const other = holdout.figures[index] as Figure
      const a = rate(f)
      const b = rate(other)
      const gap = a === null || b === null ? '–' : `${(100 * (a - b)).toFixed(1)}`
      return `| ${f.name} | ${percent(a)} | ${percent(b)} | ${gap} |`
    }),
  ].join('\n')
}

export function failureList(s: SplitScore): string {
  const failed = s.outcomes.filter((o) => !o.pass)
  if (failed.length === 0) return `No failing ${s.split} case.`
  return [
    `Failing ${s.split} cases (${failed.length}):`,
    ...failed.map((o) => `- ${o.case.id} [${o.case.category}] "${o.case.turns.at(-1)}": ${o.why.join('; ')}`),
  ].join('\n')
}
