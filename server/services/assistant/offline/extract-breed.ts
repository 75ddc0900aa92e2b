// breed: matches the owner's words to a quiz breed, forgiving case and typos ("maine coone").
import { CAT_BREEDS } from '../../../../shared/options.ts'
import {
  BREED_ALIASES,
  BREED_FILLER,
  NON_BREED_DESCRIPTIONS,
  type QuizBreed,
  UNLISTED_BREEDS,
} from './breed-vocabulary.ts'
import { accept, type Extraction, refuse } from './extraction.ts'
import { allowedTypos, editDistance } from './similarity.ts'
import { normalise, wordsOf } from './text.ts'
import { soundsUnsure } from './vocabulary.ts'

const OTHER: QuizBreed = 'Other'
const MAX_WINDOW_WORDS = 3

interface BreedSpelling {
  /** Compared without spaces, so "british short hair" and "britishshorthair" are the same. */
  key: string
  breed: QuizBreed
}

const squash = (text: string): string => text.replace(/[^a-z]/g, '')

// Unlisted breeds come first: "exotic shorthair" must win over the alias "shorthair".
const SPELLINGS: readonly BreedSpelling[] = [
  ...UNLISTED_BREEDS.map((name) => ({ key: squash(name), breed: OTHER })),
  ...CAT_BREEDS.map((breed) => ({ key: squash(breed.toLowerCase()), breed })),
  ...Object.entries(BREED_ALIASES).map(([alias, breed]) => ({ key: squash(alias), breed })),
]

function closestBreed(phrase: string): QuizBreed | null {
  const key = squash(phrase)
  const exact = SPELLINGS.find((spelling) => spelling.key === key)
  if (exact) return exact.breed
  let best: { breed: QuizBreed; distance: number } | null = null
  for (const spelling of SPELLINGS) {
    const allowed = allowedTypos(spelling.key.length)
    // The lengths alone bound the distance from below: most spellings need no distance table at all.
    if (Math.abs(key.length - spelling.key.length) > allowed) continue
    const distance = editDistance(key, spelling.key)
    if (distance > allowed) continue
    if (!best || distance < best.distance) best = { breed: spelling.breed, distance }
  }
  return best?.breed ?? null
}

/**
 * Tries every run of one to three words, longest runs first, so "british short hair" is read as a
 * whole before "short hair" alone can match. A named breed wins over "mix": a Siamese mix still
 * benefits from Siamese advice.
 */
function breedIn(words: readonly string[]): QuizBreed | null {
  for (let size = Math.min(MAX_WINDOW_WORDS, words.length); size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const breed = closestBreed(words.slice(start, start + size).join(' '))
      if (breed) return breed
    }
  }
  return null
}

export function extractBreed(text: string, catName: string): Extraction {
  const plain = normalise(text)
  const words = wordsOf(plain).filter((word) => !BREED_FILLER.has(word))
  const breed = breedIn(words)
  if (breed) return accept(breed)
  if (soundsUnsure(plain) || words.some((word) => NON_BREED_DESCRIPTIONS.has(word))) return accept(OTHER)
  if (words.length === 0 && /\b(cat|kitty|mix)\b/.test(plain)) return accept(OTHER)
  return refuse(
    `I'm not sure I recognise that breed. Is ${catName} one of these: ${CAT_BREEDS.slice(0, -1).join(', ')}? If not, just say "other" or "mixed".`,
  )
}
