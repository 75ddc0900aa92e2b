// The chat's weight offer: a weight the owner writes ("she's 9.2 lbs today") is found by
// these rules, offline and online alike; losses, targets and food are not weighings.
import { describe, expect, it } from 'vitest'
import { weightMention } from '../../shared/rules/weight-mention.ts'

describe('weightMention', () => {
  it.each([
    ["she's 9.2 lbs today", { weight: 9.2, unit: 'Lbs' }],
    ['Luna weighs 4,1 kg now', { weight: 4.1, unit: 'Kg' }],
    ['He is 12 pounds', { weight: 12, unit: 'Lbs' }],
    ['weighed her: 3.6kg', { weight: 3.6, unit: 'Kg' }],
    ['Mochi is at 10.5 lb this morning', { weight: 10.5, unit: 'Lbs' }],
    ['4 kilos', { weight: 4, unit: 'Kg' }],
  ])('finds the weighing in %j', (text, expected) => {
    expect(weightMention(text)).toEqual(expected)
  })

  it.each([
    'How much should a 10 lb cat eat?',
    'she lost 2 lbs this month',
    'her target is 9 lbs',
    'I bought a 5 lb bag of food',
    'she gained 1 kg',
    'she is 0 lbs',
    'he is 80 lbs',
    'she is 9 years old',
    'My cat is sleeping a lot',
  ])('finds nothing in %j', (text) => {
    expect(weightMention(text)).toBeNull()
  })
})
