import { describe, expect, it } from 'vitest'
import { chunkReply, splitSentences } from '../../shared/rules/chunking.ts'

describe('splitSentences', () => {
  it('splits on full stops, question and exclamation marks', () => {
    expect(splitSentences('Hello there. How old is Luna? Lovely! Thanks.')).toEqual([
      'Hello there.',
      'How old is Luna?',
      'Lovely!',
      'Thanks.',
    ])
  })

  it('keeps decimals, titles, abbreviations and lowercase continuations inside one sentence', () => {
    expect(
      splitSentences(
        'Give 2.5 cups a day. Dr. Olivia agrees, e.g. with wet food. See you at 3 p.m. tomorrow.',
      ),
    ).toEqual([
      'Give 2.5 cups a day.',
      'Dr. Olivia agrees, e.g. with wet food.',
      'See you at 3 p.m. tomorrow.',
    ])
  })

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(splitSentences('She said "yes." Then she left. (It was late.) Bye')).toEqual([
      'She said "yes."',
      'Then she left.',
      '(It was late.)',
      'Bye',
    ])
  })

  it('treats runs of marks and ellipses as one end', () => {
    expect(splitSentences('Really?! Wow... Okay… Fine')).toEqual(['Really?!', 'Wow...', 'Okay…', 'Fine'])
  })

  it('ends a sentence at a blank line even without a mark', () => {
    expect(splitSentences('First line\n\nSecond line. Third')).toEqual([
      'First line',
      'Second line.',
      'Third',
    ])
  })

  it('gives nothing for blank text', () => {
    expect(splitSentences('   \n  ')).toEqual([])
  })
})

describe('chunkReply (docs/product.md §4: more than 3 sentences → groups of two)', () => {
  it('leaves a reply of up to three sentences whole', () => {
    expect(chunkReply('One.')).toEqual(['One.'])
    expect(chunkReply('One. Two? Three!')).toEqual(['One. Two? Three!'])
  })

  it('splits four sentences into two pairs', () => {
    expect(chunkReply('One. Two. Three. Four.')).toEqual(['One. Two.', 'Three. Four.'])
  })

  it('puts an odd last sentence in a group of its own', () => {
    expect(chunkReply('One. Two. Three. Four. Five?')).toEqual(['One. Two.', 'Three. Four.', 'Five?'])
  })

  it('drops an empty reply entirely', () => {
    expect(chunkReply('  ')).toEqual([])
  })

  it('trims the reply it keeps whole', () => {
    expect(chunkReply('  Hi there.  ')).toEqual(['Hi there.'])
  })
})
