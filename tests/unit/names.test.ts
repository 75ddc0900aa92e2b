import { describe, expect, it } from 'vitest'
import { greetingName, joinFullName, splitFullName } from '../../shared/rules/names.ts'

describe('full name splitting (docs/product.md §5)', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['Ada Augusta King Lovelace', 'Ada', 'Augusta King Lovelace'],
    ['Cher', 'Cher', ''],
    ['  Grace   Brewster  Hopper ', 'Grace', 'Brewster Hopper'],
    ['', '', ''],
    ['   ', '', ''],
  ])('%j → first %j, last %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName })
  })

  it('joins first and last name with one space', () => {
    expect(joinFullName(' Grace ', ' Hopper ')).toBe('Grace Hopper')
    expect(joinFullName('Cher', '')).toBe('Cher')
    expect(joinFullName('', '')).toBe('')
  })
})

describe('greeting name (docs/product.md §2 Layout)', () => {
  it('uses first_name when there is one', () => {
    expect(greetingName({ first_name: 'Ada', full_name: 'Augusta Lovelace' })).toBe('Ada')
  })
  it('else the first word of full_name', () => {
    expect(greetingName({ full_name: 'Grace Hopper' })).toBe('Grace')
    expect(greetingName({ first_name: '  ', full_name: ' Grace Hopper' })).toBe('Grace')
  })
  it('else nothing', () => {
    expect(greetingName({})).toBe('')
    expect(greetingName(null)).toBe('')
    expect(greetingName({ first_name: 42, full_name: ['x'] })).toBe('')
  })
})
