import { describe, expect, it } from 'vitest'
import {
  isValidWeightText,
  isWeightInRange,
  kgToLbs,
  lbsToKg,
  nearestWeightOption,
  otherUnitLabel,
  parseWeightText,
  toPounds,
  WEIGHT_OPTIONS_LBS,
  WEIGHT_PATTERN,
  weightFromBand,
  weightOptionLabel,
} from '../../shared/rules/weight.ts'

describe('the weight pattern (digits with up to 2 decimals)', () => {
  it.each(['8', '8.5', '8.25', '0.5', '12', '50', '8,5', '12,25'])('accepts %s', (text) => {
    expect(WEIGHT_PATTERN.test(text)).toBe(true)
    expect(isValidWeightText(text)).toBe(true)
  })

  it('reads a decimal comma as the decimal point', () => {
    expect(parseWeightText('12,5')).toBe(12.5)
    expect(parseWeightText('12.5')).toBe(12.5)
    expect(parseWeightText('12,5,0')).toBeNaN()
  })

  it.each(['', '8.', '.5', '8.255', '-1', '8,', ',5', 'abc', '8 lbs', '1e2'])('refuses %j', (text) => {
    expect(isValidWeightText(text)).toBe(false)
  })

  it("keeps the weight log's range: above 0, at most 50 lb or 23 kg", () => {
    expect(isValidWeightText('0')).toBe(false)
    expect(isValidWeightText('0.00')).toBe(false)
    expect(isValidWeightText('50', 'Lbs')).toBe(true)
    expect(isValidWeightText('50.01', 'Lbs')).toBe(false)
    expect(isValidWeightText('80')).toBe(false)
    expect(isValidWeightText('23', 'Kg')).toBe(true)
    expect(isValidWeightText('23,5', 'Kg')).toBe(false)
    expect(isWeightInRange(30, 'kg')).toBe(false)
    expect(isWeightInRange(30, 'lbs')).toBe(true)
  })

  it('ignores surrounding spaces', () => {
    expect(isValidWeightText(' 9.5 ')).toBe(true)
  })
})

describe('lbs and kg (factor 0.453592, one decimal)', () => {
  it('converts pounds to kilograms', () => {
    expect(lbsToKg(10)).toBe(4.5)
    expect(lbsToKg(8.5)).toBe(3.9)
    expect(lbsToKg(0.5)).toBe(0.2)
    expect(lbsToKg(20)).toBe(9.1)
  })

  it('converts kilograms to pounds', () => {
    expect(kgToLbs(4.5)).toBe(9.9)
    expect(kgToLbs(1)).toBe(2.2)
  })

  it('shows the other unit beside the typed weight', () => {
    expect(otherUnitLabel(10, 'Lbs')).toBe('4.5 kg')
    expect(otherUnitLabel(4.5, 'Kg')).toBe('9.9 lb')
    expect(otherUnitLabel(4.5, 'kg')).toBe('9.9 lb')
  })

  it('takes weights in pounds, converting kilograms', () => {
    expect(toPounds(10, 'Lbs')).toBe(10)
    expect(toPounds(4.5359237, 'Kg')).toBeCloseTo(10, 3)
    expect(toPounds(7, undefined)).toBe(7)
  })
})

describe('weight options (0.5 to 20 lbs in steps of 0.5)', () => {
  it('has 40 options from 0.5 to 20', () => {
    expect(WEIGHT_OPTIONS_LBS).toHaveLength(40)
    expect(WEIGHT_OPTIONS_LBS[0]).toBe(0.5)
    expect(WEIGHT_OPTIONS_LBS.at(-1)).toBe(20)
    expect(WEIGHT_OPTIONS_LBS.every((w, i) => i === 0 || w - WEIGHT_OPTIONS_LBS[i - 1]! === 0.5)).toBe(true)
  })

  it('labels each with kilograms', () => {
    expect(weightOptionLabel(8.5)).toBe('8.5 lb (3.9 kg)')
  })

  it('finds the nearest option, clamped to the range', () => {
    expect(nearestWeightOption(8.3)).toBe(8.5)
    expect(nearestWeightOption(30)).toBe(20)
    expect(nearestWeightOption(0.1)).toBe(0.5)
    expect(nearestWeightOption(0)).toBeNull()
    expect(nearestWeightOption(Number.NaN)).toBeNull()
  })
})

describe('short-quiz weight bands', () => {
  it('count as one representative weight each, in any case', () => {
    expect(weightFromBand('Under 5 pounds')).toBe(4)
    expect(weightFromBand('5-10 pounds')).toBe(7.5)
    expect(weightFromBand('10-15 POUNDS')).toBe(12.5)
    expect(weightFromBand('over 15 pounds')).toBe(16)
    expect(weightFromBand('heavy')).toBeNull()
  })
})
