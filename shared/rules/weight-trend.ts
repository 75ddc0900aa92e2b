// What a weight log says: the pace toward the target, whether it is too fast, and one
// sentence on what changed since last week. The same rule for /progress, the vet's PDF and the specialist.
import { SAFE_LOSS_PERCENT_PER_WEEK } from './nutrition.ts'
import type { WeightUnit } from './weight.ts'
import { convertWeight, roundWeight } from './weight-units.ts'

const DAY_MS = 86_400_000

export interface LoggedWeight {
  weight: number
  unit: string
  measured_at: string
}

export interface WeightPoint {
  /** ms since the epoch */
  at: number
  /** in the display unit */
  value: number
}

export interface WeightTrend {
  points: WeightPoint[]
  /** Loss as % of body weight a week over the last week or so (negative: a gain); null with < 2 weighings. */
  lossPercentPerWeek: number | null
  /** Losing faster than 2 % a week: the fatty-liver warning applies. */
  tooFast: boolean
  /** One sentence on what changed since last week. */
  changeSentence: string
}

/** A weight in the display unit, unrounded. */
export function inUnit(weight: number, from: string, to: WeightUnit): number {
  return convertWeight(weight, from, to)
}

const round1 = (value: number) => Math.round(value * 10) / 10
const unitWord = (unit: WeightUnit) => (unit === 'Kg' ? 'kg' : 'lb')

/** '9.2 lb (4.2 kg)': the value in the display unit with the other beside it. */
export function bothUnits(value: number, unit: WeightUnit): string {
  const other = convertWeight(value, unit, unit === 'Kg' ? 'Lbs' : 'Kg')
  return `${roundWeight(value)} ${unitWord(unit)} (${roundWeight(other)} ${unit === 'Kg' ? 'lb' : 'kg'})`
}

export function toPoints(entries: readonly LoggedWeight[], unit: WeightUnit): WeightPoint[] {
  return entries
    .map((e) => ({ at: Date.parse(e.measured_at), value: inUnit(e.weight, e.unit, unit) }))
    .filter((p) => Number.isFinite(p.at))
    .sort((a, b) => a.at - b.at)
}

/**
 * The pace is measured from the latest weighing back to the last one at least a week older (else the
 * first one, if at least three days older), so a single noisy day does not swing it.
 */
export function weightTrend(entries: readonly LoggedWeight[], unit: WeightUnit): WeightTrend {
  const points = toPoints(entries, unit)
  const latest = points.at(-1)
  if (!latest) {
    return { points, lossPercentPerWeek: null, tooFast: false, changeSentence: 'No weight logged yet.' }
  }
  const weekAgo = [...points].reverse().find((p) => p.at <= latest.at - 7 * DAY_MS)
  const base = weekAgo ?? (points[0] && latest.at - points[0].at >= 3 * DAY_MS ? points[0] : undefined)
  if (!base || base.value <= 0) {
    return {
      points,
      lossPercentPerWeek: null,
      tooFast: false,
      changeSentence: `${bothUnits(latest.value, unit)} logged; another weighing next week will show the trend.`,
    }
  }
  const weeks = (latest.at - base.at) / (7 * DAY_MS)
  const lossPercentPerWeek = ((base.value - latest.value) / base.value / weeks) * 100
  const tooFast = lossPercentPerWeek > SAFE_LOSS_PERCENT_PER_WEEK.max
  const change = latest.value - base.value
  const since = weekAgo ? 'since last week' : `over the last ${Math.round(weeks * 7)} days`
  const pace = `${round1(Math.abs(lossPercentPerWeek))} % of body weight a week`
  let changeSentence: string
  if (Math.abs(change) < 0.05) changeSentence = `Steady at ${bothUnits(latest.value, unit)} ${since}.`
  else if (change > 0) changeSentence = `Up ${bothUnits(change, unit)} ${since} (${pace}).`
  else if (tooFast) {
    changeSentence = `Down ${bothUnits(-change, unit)} ${since}: ${pace}, faster than the safe 0.5–2 %. Losing weight this fast risks fatty liver disease (hepatic lipidosis); please feed the planned amount and talk to your vet.`
  } else changeSentence = `Down ${bothUnits(-change, unit)} ${since} (${pace}, within the safe 0.5–2 %).`
  return { points, lossPercentPerWeek, tooFast, changeSentence }
}

/** The safe band from a start weight: where the weight would be after `weeks` at 0.5 % and at 2 % a week. */
export function safeBand(start: number, weeks: number): { slow: number; fast: number } {
  return {
    slow: start * (1 - SAFE_LOSS_PERCENT_PER_WEEK.min / 100) ** weeks,
    fast: start * (1 - SAFE_LOSS_PERCENT_PER_WEEK.max / 100) ** weeks,
  }
}
