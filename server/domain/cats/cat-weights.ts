// A cat's weight and target keep the weight log's range in the cat's own unit (shared/rules/weight.ts):
// the field rules allow up to 50 before the unit is known, so the unit the cat will have decides here,
// for a new cat and for an update that changes the weight, the target or only the unit.
import { isWeightInRange, maxWeightText } from '../../../shared/rules/weight.ts'
import { appError } from '../../errors.ts'

export interface CatWeights {
  weight: number | null
  target_weight: number | null
  unit: string
}

/** Throws 400 INVALID_INPUT, naming the field, when a known weight is above its unit's top. */
export function checkCatWeights(cat: CatWeights): void {
  for (const field of ['weight', 'target_weight'] as const) {
    const value = cat[field]
    if (value !== null && value > 0 && !isWeightInRange(value, cat.unit)) {
      throw appError('INVALID_INPUT', {
        message: `${field}: no cat weighs that much: at most ${maxWeightText(cat.unit)}`,
      })
    }
  }
}
