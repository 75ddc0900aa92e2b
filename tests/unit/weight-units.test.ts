// The one lbs ↔ kg conversion and its one rounding (shared/rules/weight-units.ts), and the rules that
// use it giving the same figures for the same weight.
import { describe, expect, it } from 'vitest'
import { catFactsFrom, formatWeight } from '../../server/services/assistant/offline/cat-facts.ts'
import { weightRangeText } from '../../shared/rules/breed-weights.ts'
import { bothUnits, inUnit } from '../../shared/rules/weight-trend.ts'
import {
  convertWeight,
  isKilograms,
  KG_PER_LB,
  kgToLbs,
  lbsToKg,
  roundWeight,
  toKilograms,
  toPounds,
} from '../../shared/rules/weight-units.ts'

describe('weight units', () => {
  it('uses the factor of docs/product.md §9', () => {
    expect(KG_PER_LB).toBe(0.453592)
    expect(convertWeight(10, 'Lbs', 'Kg')).toBeCloseTo(4.53592, 10)
    expect(convertWeight(4.53592, 'Kg', 'Lbs')).toBeCloseTo(10, 10)
  })

  it('reads every stored spelling of kilograms, and anything else as pounds', () => {
    for (const unit of ['Kg', 'kg', 'KG', 'kgs', 'kilo', 'kilos', 'kilograms', ' kg ']) {
      expect(isKilograms(unit), unit).toBe(true)
    }
    for (const unit of ['Lbs', 'lbs', 'lb', 'pounds', '', null, undefined]) {
      expect(isKilograms(unit), String(unit)).toBe(false)
    }
  })

  it('leaves a weight alone when the units agree', () => {
    expect(convertWeight(7.25, 'Kg', 'kg')).toBe(7.25)
    expect(convertWeight(7.25, 'Lbs', undefined)).toBe(7.25)
    expect(toPounds(9, 'Lbs')).toBe(9)
    expect(toKilograms(4.2, 'Kg')).toBe(4.2)
  })

  it('rounds once, to one decimal, only where a person reads or the app stores the result', () => {
    expect(roundWeight(4.53592)).toBe(4.5)
    expect(roundWeight(4.55)).toBe(4.6)
    expect(lbsToKg(10)).toBe(4.5)
    expect(lbsToKg(11)).toBe(5)
    expect(kgToLbs(4.5)).toBe(9.9)
    expect(toKilograms(10, 'Lbs')).not.toBe(4.5)
  })

  it('gives the same figures in the trend, the breed range and the offline specialist', () => {
    expect(inUnit(10, 'Lbs', 'Kg')).toBe(toKilograms(10, 'Lbs'))
    expect(bothUnits(10, 'Lbs')).toBe(`10 lb (${lbsToKg(10)} kg)`)
    expect(bothUnits(4.5, 'Kg')).toBe(`4.5 kg (${kgToLbs(4.5)} lb)`)
    expect(weightRangeText({ minKg: 3.6, maxKg: 4.5 }, 'Lbs')).toBe('8 to 10 lb')
    expect(weightRangeText({ minKg: 3.6, maxKg: 4.5 }, 'kg')).toBe('3.6 to 4.5 kg')
    const facts = catFactsFrom({ name: 'Luna', weight: 11, weightUnit: 'Lbs' })
    expect(facts.weightKg).toBe(toKilograms(11, 'Lbs'))
    expect(formatWeight(facts.weightKg ?? 0, 'lbs')).toBe('11 lbs')
    expect(formatWeight(toKilograms(11, 'Lbs'), 'kg')).toBe('5 kg')
  })
})
