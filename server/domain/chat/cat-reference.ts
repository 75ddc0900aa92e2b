// Which cat an owner of several cats is talking about. Each message carries the cat chosen in
// the switcher, so a plain message is about that cat; but "my other cat", "one of my cats", "the other
// one" or a name the owner has no cat called is about a cat the message does not say: the specialist
// must ask which rather than answer about the chosen one (and triage must not name the chosen one).
import { escapeRegExp, plainText } from '../../../shared/rules/plain-text.ts'

/** A message about one of the owner's cats that does not say which. */
export interface UnclearCat {
  /** The name the owner used when they have no cat called that ("my cat Bella"); else null. */
  unknownName: string | null
}

/** A cat's name as a whole word, in any case ("Tom" is not in "Tomato"). */
export const namePattern = (name: string) => new RegExp(`(?<![\\w'])${escapeRegExp(name)}(?![\\w'])`, 'gi')

const CAT_WORD = '(?:cat|kitty|kitten|boy|girl|furbaby|fur baby)'
/** "my other cat", "our second kitten", "one of my cats" ("the other cat" may be a neighbour's). */
const ANOTHER_CAT = new RegExp(
  `\\b(?:(?:my|our)\\s+(?:other|second|2nd)\\s+${CAT_WORD}|one\\s+of\\s+(?:my|our|the)\\s+${CAT_WORD}s)\\b`,
)
/** "the other one" as a cat: asked about ("what about the other one?") or doing something. */
const THE_OTHER_ONE =
  /\b(?:(?:what|how)\s+about|and)\s+the\s+other\s+one\b|\bthe\s+other\s+one\s+(?:is|keeps|has|hasn't|hasnt|won't|wont|doesn't|doesnt|isn't|isnt|can't|cant|seems|was|just|also|too|started|stopped|ate|eats|threw|vomited|won|does)\b|^\s*the\s+other\s+one\s*[?.!]*\s*$/
/** "my cat Bella", "our kitten called Bella": the owner naming a cat (the name as written). */
const NAMED_CAT = new RegExp(
  `\\b(?:my|our)\\s+(?:other\\s+|second\\s+)?${CAT_WORD}\\s*,?\\s+(?:(?:called|named)\\s+)?([\\p{L}][\\p{L}'-]+)`,
  'giu',
)
/** Capitalised words after "my cat" that are not names ("My cat Has…" is rare, but not a cat). */
const NOT_NAMES = new Set(
  'and but also too just now today is was has had keeps seems who which that the she he it its they'.split(
    ' ',
  ),
)

const namedIn = (text: string, name: string) => namePattern(name).test(text)

/**
 * The message's unclear reference to one of the owner's cats, or null: an owner of fewer than two cats,
 * a message that names one of their cats, and a plain message (about the chosen cat) are all clear.
 */
export function unclearCatReference(text: string, ownerNames: readonly string[]): UnclearCat | null {
  const names = ownerNames.map((name) => name.trim()).filter((name) => name.length >= 2)
  if (names.length < 2 || names.some((name) => namedIn(text, name))) return null
  for (const match of text.matchAll(NAMED_CAT)) {
    const word = match[1] ?? ''
    const capitalised = word.charAt(0) !== word.charAt(0).toLowerCase()
    if (capitalised && !NOT_NAMES.has(word.toLowerCase())) return { unknownName: word }
  }
  const plain = plainText(text)
  return ANOTHER_CAT.test(plain) || THE_OTHER_ONE.test(plain) ? { unknownName: null } : null
}

/**
 * The message with its unclear reference read as "my cat" (once the owner has said which), so "my other
 * cat keeps sneezing" is about sneezing, not about introducing another cat.
 */
export function asAboutTheCat(text: string): string {
  const anyCat = new RegExp(ANOTHER_CAT.source, 'g')
  return plainText(text)
    .replace(anyCat, 'my cat')
    .replace(/\bthe\s+other\s+one\b/g, 'my cat')
}

/** "Luna or Oscar", "Luna, Oscar or Milo" (or with "and"). */
export function catNameChoice(names: readonly string[], last: 'or' | 'and' = 'or'): string {
  const clean = names.map((name) => name.trim()).filter((name) => name !== '')
  if (clean.length <= 1) return clean.join('')
  return `${clean.slice(0, -1).join(', ')} ${last} ${clean.at(-1)}`
}
