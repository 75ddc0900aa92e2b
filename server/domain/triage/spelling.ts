// Owners type fast and worried: "asprin", "siezure", "vommiting", "lilly". A word that English does not
// know is replaced by the nearest word of the triage vocabulary (docs/triage.md, "Normalisation"), so
// a misspelt sign still reaches its rule. English words are never "corrected": "guns" stays "guns".
import levenshtein from 'damerau-levenshtein'
import { LRUCache } from 'lru-cache'
import englishWords from '../../knowledge/english-words.json' with { type: 'json' }

/** The same letters in another order: a typed swap. */
const sameLetters = (a: string, b: string) =>
  a.length === b.length && [...a].sort().join('') === [...b].sort().join('')

/**
 * Whether Hunspell's en_US dictionary (dictionary-en, through nspell) accepts `word`, from every
 * lower-case word it accepts, its affix rules expanded at build time (scripts/generate-english-words.mjs),
 * held as one sorted string of lines: 0.7 MB where nspell's tables held about 13 MB (docs/benchmark.md).
 * tests/unit/english-words.test.ts holds it equal to nspell word by word. A binary search over the
 * string's characters: each probe reads the line it lands in.
 */
function isEnglish(word: string, list: string = englishWords.words): boolean {
  // `list` opens and ends with a newline; the last one starts no line.
  let lo = 0
  let hi = list.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const start = list.lastIndexOf('\n', mid) + 1
    const end = list.indexOf('\n', start)
    const line = list.slice(start, end)
    if (line === word) return true
    if (line < word) lo = end + 1
    else hi = start - 1
  }
  return false
}

/** Shorter words are too easy to confuse ("pee" and "bee"); only these lengths are corrected. */
const MIN_LENGTH = 4
/** One edit for short words, two from six letters on (a transposition counts as one). */
const maxEdits = (length: number) => (length >= 6 ? 2 : 1)

export class Spelling {
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

  /** `word` (lower case, letters only) as the owner meant it. */
  correct(word: string): string {
    if (word.length < MIN_LENGTH || this.#vocabulary.has(word) || !/^[a-z]+$/.test(word)) return word
    const cached = this.#cache.get(word)
    if (cached !== undefined) return cached
    const corrected = isEnglish(word) ? word : (this.#nearest(word) ?? word)
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
