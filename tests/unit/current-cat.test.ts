// The current-cat rule (a household of cats; the rule once, in shared/rules): the chosen catId while it is one of the owner's cats, else the highest id.
import { describe, expect, it } from 'vitest'
import { currentCat } from '../../shared/rules/current-cat.ts'

const luna = { id: 4, name: 'Luna' }
const oscar = { id: 9, name: 'Oscar' }
const mia = { id: 7, name: 'Mia' }

describe('currentCat', () => {
  it('is the chosen cat while it is one of the owner’s, by number or by stored text', () => {
    expect(currentCat([luna, oscar, mia], 4)).toBe(luna)
    expect(currentCat([luna, oscar, mia], '7')).toBe(mia)
  })

  it('is the highest id when nothing usable is chosen or the choice is not the owner’s', () => {
    for (const chosen of [null, undefined, '', 'undefined', 'null', 'abc', 3, '12', 0, -4, 4.5]) {
      expect(currentCat([luna, oscar, mia], chosen)).toBe(oscar)
    }
  })

  it('is null for an owner without a cat', () => {
    expect(currentCat([], 4)).toBeNull()
    expect(currentCat([], null)).toBeNull()
  })
})
