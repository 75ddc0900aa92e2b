// cat_name: pulls a plausible name out of "her name is Luna", "we call him Mr. Whiskers", "Luna".
import { accept, type Extraction, refuse } from './extraction.ts'
import { capitaliseFirst, normalise } from './text.ts'
import { COMMON_WORDS, isGreeting, looksLikeGibberish, soundsUnsure } from './vocabulary.ts'

/** Titles that belong to a name ("Mr. Whiskers", "Little Bear") but are not one by themselves. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'sir',
  'lady',
  'lord',
  'captain',
  'capt',
  'prof',
  'professor',
  'princess',
  'prince',
  'king',
  'queen',
  'little',
  'big',
  'baby',
  'uncle',
  'auntie',
  'aunt',
  'st',
  'saint',
  'general',
  'señor',
  'senor',
  'madame',
  'mister',
])

const MAX_NAME_WORDS = 3

/** A word that can sit in a name: letters, inner apostrophes and hyphens ("Mary-Jane", "O'Malley"). */
const NAME_WORD = /^["'*(]*([\p{L}][\p{L}'-]*)(\.?)/u

/**
 * Phrases after which the owner usually gives the name, strongest first. Each captures the
 * text that follows, which is then cut down to the name itself.
 */
const STRONG_INTRODUCERS: readonly RegExp[] = [
  /\bname(?:'s|\s+is|\s+was|\s*[:=-])\s*(.+)/iu,
  /\b(?:call|calls|called|calling|named|name|goes by|go by|known as)\s+(?:(?:him|her|it|them|the cat|my cat|our cat|this one)\s+)?(.+)/iu,
]

/**
 * Weaker phrases: "It's Oliver" introduces a name, "it's hard to say" does not. They only count
 * when the name is written like one (capitalised), or the owner writes everything in lower case.
 */
const WEAK_INTRODUCERS: readonly RegExp[] = [
  /\b(?:it's|its|it is|this is|that's|that is|meet|say hi to|say hello to)\s+(.+)/iu,
  /\b(?:my|our|the)\s+(?:cat|kitty|kitten|baby|boy|girl|furbaby|fur baby|tom|queen)(?:\s+is)?\s+(.+)/iu,
  /\b(?:she's|he's|she is|he is)\s+(.+)/iu,
]

/** Words that follow "she's" or "it's" in answers that are not names. */
const NOT_NAMES = new Set(
  `hard difficult complicated long story easy funny weird secret private okay alright shy friendly
  playful spayed neutered overweight tiny small big black white grey gray orange tabby healthy
  adopted rescued new mine ours sleeping eating playing asleep outside inside indoors outdoors
  called named years months weeks`.split(/\s+/),
)

/** Reads up to three name words from the start of `text`, stopping at punctuation or a plain word. */
function readName(text: string): string[] {
  const words: string[] = []
  let rest = text.trim()
  while (words.length < MAX_NAME_WORDS && rest.length > 0) {
    const match = NAME_WORD.exec(rest)
    if (!match) break
    const spelled = match[1] ?? ''
    // "Luna's 3" and "Luna's her name": the 's is a contraction or possessive, and ends the name.
    const contracted = /'s$/i.test(spelled)
    const word = contracted ? spelled.slice(0, -2) : spelled
    const dot = match[2] ?? ''
    const lower = word.toLowerCase()
    const isTitle = TITLES.has(lower)
    // A plain word ends the name ("Luna and she is 3" → "Luna"), unless it opens it as a title.
    if (COMMON_WORDS.has(lower) && !isTitle) break
    words.push(isTitle ? word + dot : word)
    rest = rest.slice(match[0].length)
    if (contracted) break
    // A full stop ends the name unless it belongs to a title ("Mr. Whiskers").
    if (dot && !isTitle) break
    if (!/^\s/.test(rest)) break
    rest = rest.trimStart()
  }
  return words
}

function isPlausibleName(words: readonly string[]): boolean {
  const core = words.filter((word) => !TITLES.has(word.replace(/\.$/, '').toLowerCase()))
  if (core.length === 0) return false
  return core.every((word) => {
    const lower = word.toLowerCase()
    return !COMMON_WORDS.has(lower) && !NOT_NAMES.has(lower) && !looksLikeGibberish(word)
  })
}

/** An owner who capitalises anything would capitalise the name too. */
function writtenLikeAName(words: readonly string[], message: string): boolean {
  const ownerUsesCapitals = /\p{Lu}/u.test(message)
  return !ownerUsesCapitals || words.every((word) => /^\p{Lu}/u.test(word))
}

/** "luna" → "Luna", "LUNA" → "Luna", "McFluff" stays, "mary-jane" → "Mary-Jane", short "BB" stays. */
function tidyWord(word: string): string {
  const letters = word.replace(/[^\p{L}]/gu, '')
  const shouting = letters === letters.toUpperCase() && letters.length > 3
  const base = word === word.toLowerCase() || shouting ? word.toLowerCase() : word
  return base
    .split('-')
    .map((part) => capitaliseFirst(part))
    .join('-')
}

function tidyName(words: readonly string[]): string {
  return words.map(tidyWord).join(' ')
}

/** The whole answer is the name ("Luna", "Mr. Whiskers!"), or it leads a sentence ("Luna, she's 3"). */
function bareName(text: string): string[] {
  const lead = text.split(/[,;:!?(]| - /)[0]?.trim() ?? ''
  const cleaned = lead.replace(/[.!]+$/, '')
  const words = readName(cleaned)
  if (/^\S+'s\b/i.test(cleaned) && words.length === 1) return words
  const spelled = cleaned.split(/\s+/).filter(Boolean)
  // Every word must be part of the name ("Luna is sick" is not a bare name); for two cats
  // ("Luna and Leo") the first one is the cat this interview is about.
  const next = spelled[words.length]?.toLowerCase()
  return words.length === spelled.length || next === 'and' || next === '&' ? words : []
}

function nameAfter(introducers: readonly RegExp[], message: string, mustLookLikeName: boolean): string[] {
  for (const introducer of introducers) {
    const following = introducer.exec(message)?.[1]
    if (!following) continue
    const words = readName(following)
    if (!isPlausibleName(words)) continue
    if (mustLookLikeName && !writtenLikeAName(words, message)) continue
    return words
  }
  return []
}

export function extractCatName(text: string): Extraction {
  const trimmed = text.replace(/[\u2018\u2019\u02bc]/g, "'").trim()
  if (!/\p{L}/u.test(trimmed)) {
    return refuse("I didn't catch a name there. What do you call your cat?")
  }
  const introduced = nameAfter(STRONG_INTRODUCERS, trimmed, false)
  if (introduced.length > 0) return accept(tidyName(introduced))
  const weaklyIntroduced = nameAfter(WEAK_INTRODUCERS, trimmed, true)
  if (weaklyIntroduced.length > 0) return accept(tidyName(weaklyIntroduced))
  const bare = bareName(trimmed)
  if (bare.length > 0 && isPlausibleName(bare)) return accept(tidyName(bare))

  if (
    soundsUnsure(trimmed) ||
    /\b(no name|not named|haven'?t named|doesn'?t have a name|nameless)\b/.test(normalise(trimmed))
  ) {
    return refuse(
      "That's completely fine if there's no official name yet. What do you usually call your cat? A nickname is perfect.",
    )
  }
  if (isGreeting(trimmed)) return refuse("Hi there! Before we go on, what's your cat's name?")
  return refuse("I didn't catch a name there. What do you call your cat?")
}
