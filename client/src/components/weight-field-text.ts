// What the weight forms say to an owner: the unit choices as people write them, the typed weight read
// with a decimal comma too ("12,5"), and the schema's field-named messages (meant for API callers)
// turned into sentences.
import { WEIGHT_UNITS } from '../../../shared/rules/weight.ts'

/** The units, written one way: 'lb' and 'kg' (the stored values stay 'Lbs' and 'Kg'). */
export const UNIT_OPTIONS = WEIGHT_UNITS.map((unit) => ({ value: unit, label: unit === 'Kg' ? 'kg' : 'lb' }))

/** The typed weight as a number: '12,5' and '12.5' alike; empty is undefined, anything else NaN. */
export function typedWeight(text: unknown): number | undefined {
  if (typeof text === 'number') return text
  if (typeof text !== 'string' || text.trim() === '') return undefined
  const normal = text.trim().replace(',', '.')
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN
}

const HUMAN: ReadonlyArray<[RegExp, string]> = [
  [/weight must be a number/i, 'Enter the weight as a number, like 10.4 or 10,4.'],
  [/weight must be greater than 0/i, 'The weight must be more than 0.'],
  [/weight must be at most/i, 'That is more than a cat weighs: check the number and the unit.'],
  [/measured_at must not be in the future/i, 'The date cannot be in the future.'],
  [/measured_at must be/i, 'Pick the day of the weighing.'],
]

/** A message of the weight schema or the server, as the form shows it. */
export function humanWeightError(message: string | undefined): string | undefined {
  if (!message) return message
  return HUMAN.find(([pattern]) => pattern.test(message))?.[1] ?? message
}
