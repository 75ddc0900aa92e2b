// Owners type fast and worried: "asprin", "siezure", "vommiting", "lilly". A word that English does not
// know is replaced by the nearest word of the triage vocabulary (docs/triage.md, "Normalisation"), so
// a misspelt sign still reaches its rule. English words are never "corrected": "guns" stays "guns".
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import levenshtein from 'damerau-levenshtein'
import { LRUCache } from 'lru-cache'
import nspell from 'nspell'

type Speller = ReturnType<typeof nspell>

/** The same letters in another order: a typed swap. */
const sameLetters = (a: string, b: string) =>
  a.length === b.length && [...a].sort().join('') === [...b].sort().join('')

/** dictionary-en's Hunspell files, read when first needed (its own module reads them with top-level await). */
function englishDictionary(): { aff: Buffer; dic: Buffer } {
  const folder = path.dirname(createRequire(import.meta.url).resolve('dictionary-en'))
  return {
    aff: readFileSync(path.join(folder, 'index.aff')),
    dic: readFileSync(path.join(folder, 'index.dic')),
  }
}

/** Shorter words are too easy to confuse ("pee" and "bee"); only these lengths are corrected. */
const MIN_LENGTH = 4
/** One edit for short words, two from six letters on (a transposition counts as one). */
const maxEdits = (length: number) => (length >= 6 ? 2 : 1)

export class Spelling {
  #speller: Speller | null = null
  readonly #vocabulary: ReadonlySet<string>
  readonly #byLength = new Map<number, string[]>()
  readonly #cache = new LRUCache<string, string>({ max: 5_000 })

  constructor(vocabulary: Iterable<string>) {
    this.#vocabulary = new Set(vocabulary)
    for (const word of this.#vocabulary) {
      const list = this.#byLength.get(word.length) ?? []
      list.push(word)
      this.#byLength.set(word.length, list)
    }
  }

  /** The Hunspell dictionary takes about a second to read, so it is read on the first word, once. */
  get #english(): Speller {
    this.#speller ??= nspell(englishDictionary())
    return this.#speller
  }

  /** `word` (lower case, letters only) as the owner meant it. */
  correct(word: string): string {
    if (word.length < MIN_LENGTH || this.#vocabulary.has(word) || !/^[a-z]+$/.test(word)) return word
    const cached = this.#cache.get(word)
    if (cached !== undefined) return cached
    const corrected = this.#english.correct(word) ? word : (this.#nearest(word) ?? word)
    this.#cache.set(word, corrected)
    return corrected
  }

  #nearest(word: string): string | null {
    const limit = maxEdits(word.length)
    let best: string | null = null
    let bestSteps = limit + 1
    for (let length = word.length - limit; length <= word.length + limit; length++) {
      for (const candidate of this.#byLength.get(length) ?? []) {
        // Typos rarely change both of the first two letters; this keeps the search small.
        if (candidate[0] !== word[0] && candidate[1] !== word[1]) continue
        // Ties go to the word that starts like the typed one ("yelow" is "yellow", not "below"), then to
        // the one with the typed letters swapped ("tinsle" is "tinsel", not "tinkle").
        const { steps } = levenshtein(word, candidate)
        const tied =
          steps === bestSteps &&
          best !== null &&
          ((best[0] !== word[0] && candidate[0] === word[0]) ||
            (best[0] === candidate[0] && !sameLetters(best, word) && sameLetters(candidate, word)))
        if (steps < bestSteps || tied) {
          best = candidate
          bestSteps = steps
        }
      }
    }
    return bestSteps <= limit ? best : null
  }
}
