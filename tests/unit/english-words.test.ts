// The triage's spelling check knows English from a word list built from Hunspell's en_US dictionary
// (scripts/generate-english-words.mjs) instead of loading Hunspell itself (docs/benchmark.md: 13 MB of
// heap). It must say "English" for exactly the words Hunspell (nspell with dictionary-en) accepts: a
// word it wrongly calls unknown would be "corrected" into the triage vocabulary ("purring" read as
// "puking", "weaker" as "wake" in an earlier attempt with stems). Checked word by word over every word of
// both eval splits, through Spelling's own interface.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import nspell from 'nspell'
import { describe, expect, it } from 'vitest'
import { ENGLISH_WORDS_FILE, englishWordsJson } from '../../scripts/generate-english-words.mjs'
import { spelling } from '../../server/domain/triage/concepts.ts'
import { Spelling } from '../../server/domain/triage/spelling.ts'
import dev from '../eval/dev/cases.json' with { type: 'json' }
import holdout from '../eval/holdout/cases.json' with { type: 'json' }

const folder = path.dirname(createRequire(import.meta.url).resolve('dictionary-en'))
const hunspell = nspell({
  aff: fs.readFileSync(path.join(folder, 'index.aff')),
  dic: fs.readFileSync(path.join(folder, 'index.dic')),
})

/** Every distinct lower-case letters-only word of both splits' owner messages, as normalisation cuts them. */
const corpus = [
  ...new Set(
    [...dev.cases, ...holdout.cases].flatMap((c) =>
      c.turns.flatMap((turn: string) => turn.toLowerCase().match(/[a-z]+/g) ?? []),
    ),
  ),
].sort()

/**
 * Whether Spelling takes a word of `words` for English: its vocabulary holds each word with its last
 * letter made a `#` (so no owner's word is in it), one edit away, so it keeps an English word and
 * corrects any other.
 */
function englishAsSpellingSees(words: readonly string[]): (word: string) => boolean {
  const probe = new Spelling(words.map((word) => `${word.slice(0, -1)}#`))
  return (word) => probe.correct(word) === word
}

describe('the English word list', () => {
  it('is what the generator makes from the installed dictionary now', () => {
    expect(fs.readFileSync(ENGLISH_WORDS_FILE, 'utf8')).toBe(englishWordsJson())
  })

  it('agrees with Hunspell on every word of both eval splits that the check is asked about', () => {
    const asked = corpus.filter((word) => word.length >= 4)
    expect(asked.length).toBeGreaterThan(4_000)
    const takenForEnglish = englishAsSpellingSees(asked)
    const disagreements = asked.filter((word) => takenForEnglish(word) !== hunspell.correct(word))
    expect(disagreements).toEqual([])
  }, 120_000)

  it('agrees with Hunspell on inflected forms, dictionary words at both ends, and non-words', () => {
    const words = [
      'purring',
      'weaker',
      'slower',
      'aardvark',
      'zygotes',
      'abandonment',
      'vommiting',
      'siezure',
    ]
    const takenForEnglish = englishAsSpellingSees(words)
    for (const word of words) expect(takenForEnglish(word), word).toBe(hunspell.correct(word))
  })

  it('leaves the inflected words an earlier attempt misread, and still corrects typos', () => {
    for (const word of ['purring', 'weaker', 'slower']) expect(spelling.correct(word)).toBe(word)
    expect(spelling.correct('vommiting')).toBe('vomiting')
    expect(spelling.correct('siezure')).toBe('seizure')
  })
})
