import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canAdvance,
  goToStep,
  initialStep,
  isStepOpen,
  isValidStep,
  nextStep,
  parseStep,
  previousStep,
  screenStep,
  signInDestination,
  WIZARD_START_STEP,
} from '../../shared/rules/wizard.ts'

describe('moving forward', () => {
  it('moves by one, except 13 → 15', () => {
    expect([1, 2, 3, 10, 11, 12].map(nextStep)).toEqual([2, 3, 4, 11, 12, 13])
    expect(nextStep(13)).toBe(15)
    expect(nextStep(14)).toBe(15)
  })

  it('never passes 15', () => {
    expect(nextStep(15)).toBe(15)
  })
})

describe('moving back', () => {
  it('moves by one, except 15 → 13', () => {
    expect([2, 3, 4, 13, 14].map(previousStep)).toEqual([1, 2, 3, 12, 13])
    expect(previousStep(15)).toBe(13)
  })

  it('cannot go below 1', () => {
    expect(previousStep(1)).toBe(1)
  })

  it('from 1 to 15 and back never lands on 14', () => {
    const forward: number[] = [1]
    while (forward.at(-1)! < 15) forward.push(nextStep(forward.at(-1)!))
    const backward: number[] = [15]
    while (backward.at(-1)! > 1) backward.push(previousStep(backward.at(-1)!))
    expect(forward).not.toContain(14)
    expect(backward).not.toContain(14)
    expect(forward).toHaveLength(14)
  })
})

describe('valid step values', () => {
  it('are the whole numbers 1 to 15', () => {
    expect([1, 7, 15].every(isValidStep)).toBe(true)
    expect([0, 16, -1, 2.5, Number.NaN, '3', null].some(isValidStep)).toBe(false)
  })

  it('are parsed from text, and anything else is ignored', () => {
    expect(parseStep('5')).toBe(5)
    expect(parseStep(' 12 ')).toBe(12)
    for (const raw of ['0', '16', '-1', '2.5', 'abc', '', '5a', '1e1', null, undefined])
      expect(parseStep(raw)).toBeNull()
  })

  it('going to an invalid step keeps the current one', () => {
    expect(goToStep(4, 9)).toBe(9)
    expect(goToStep(4, 0)).toBe(4)
    expect(goToStep(4, 99)).toBe(4)
    expect(goToStep(4, 'x')).toBe(4)
  })

  it('stays within 1..15 whatever the sequence of moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        (start, moves) => {
          let step = start
          for (const forward of moves) step = forward ? nextStep(step) : previousStep(step)
          return isValidStep(step)
        },
      ),
    )
  })
})

describe('the step shown first', () => {
  it("is the URL's when valid, else the saved one, else 15", () => {
    expect(initialStep('4', '9')).toBe(4)
    expect(initialStep('99', '9')).toBe(9)
    expect(initialStep(null, '9')).toBe(9)
    expect(initialStep('abc', 'zzz')).toBe(WIZARD_START_STEP)
    expect(WIZARD_START_STEP).toBe(15)
  })

  it('shows 15 for step 14, which has no screen', () => {
    expect(screenStep(14)).toBe(15)
    expect(screenStep(13)).toBe(13)
  })
})

describe('advancing past step 3', () => {
  it('needs a signed-in owner', () => {
    expect(canAdvance(1, false)).toBe(true)
    expect(canAdvance(2, false)).toBe(true)
    expect(canAdvance(3, false)).toBe(false)
    expect(canAdvance(7, false)).toBe(false)
    expect(canAdvance(3, true)).toBe(true)
    expect(canAdvance(12, true)).toBe(true)
  })
})

describe('isStepOpen', () => {
  it('opens steps 1 to 3 to a visitor and every step to an owner (docs/product.md §6)', () => {
    const steps = Array.from({ length: 15 }, (_, i) => i + 1)
    expect(steps.filter((step) => isStepOpen(step, false))).toEqual([1, 2, 3])
    expect(steps.every((step) => isStepOpen(step, true))).toBe(true)
  })
})

describe('signInDestination', () => {
  it('goes to the chat when a cat is stored', () => {
    expect(signInDestination(true, '4')).toBe('/cat-assistant')
  })
  it('returns a visitor to the wizard step they stopped on', () => {
    expect(signInDestination(false, '4')).toBe('/onboarding?step=4')
  })
  it('goes to /onboarding without a usable saved step', () => {
    expect(signInDestination(false, null)).toBe('/onboarding')
    expect(signInDestination(false, '')).toBe('/onboarding')
    expect(signInDestination(false, '99')).toBe('/onboarding')
    expect(signInDestination(false, 'abc')).toBe('/onboarding')
  })
  it('takes a household member whose only cats are shared with them to /care, whatever the browser holds', () => {
    expect(signInDestination(false, null, true)).toBe('/care')
    expect(signInDestination(true, '4', true)).toBe('/care')
  })
})
