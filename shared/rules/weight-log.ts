// What the weight log means beyond its rows: the vet report's one weight a day, and the profile's weight
// and unit that follow the newest weighing.
import { kgToLbs, lbsToKg, type WeightUnit } from './weight.ts'

/**
 * One entry a day, the day's latest (days are UTC dates of measured_at): a cat weighed five times on one
 * day is one point in the vet report, not five. The log is taken oldest first and comes back so.
 */
export function latestPerDay<T extends { measured_at: string }>(entries: readonly T[]): T[] {
  const byDay = new Map<string, T>()
  for (const entry of entries) byDay.set(entry.measured_at.slice(0, 10), entry)
  return [...byDay.values()]
}

/** A weight in `from` written in `to` (one decimal when converted). */
export function convertWeight(weight: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return weight
  return to === 'Kg' ? lbsToKg(weight) : kgToLbs(weight)
}
