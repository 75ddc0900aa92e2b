// Finds the concepts of server/knowledge/triage-concepts.json in a normalised message (docs/triage.md,
// "Concepts"). A concept's phrases are normalised the same way as the message, so "vomiting",
// "vommited" and "vomits" are one stem, and words that change nothing ("the", "his", "very") are passed
// over on both sides: "pawing at his mouth" is the phrase "paw at mouth".
import { TRIAGE_CONCEPTS, TRIAGE_SHADOWS } from '../../knowledge/index.ts'
import { type NormalisedMessage, normaliseMessage, type Token } from './normalise.ts'
import { Spelling } from './spelling.ts'

/** Words that never decide a phrase: articles, possessives other than "my", intensifiers. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'his',
  'her',
  'its',
  'their',
  'your',
  'our',
  'this',
  'that',
  'these',
  'those',
  'some',
  'very',
  'really',
  'so',
  'quite',
  'just',
  'pretty',
  'super',
  'real',
  'proper',
  'kinda',
  'kind',
  'sort',
])

export interface Mention {
  concept: string
  /** Position of its first and last word among the message's words that count (filler left out). */
  start: number
  end: number
  negated: boolean
  sentence: number
  clause: number
}

interface Phrase {
  concept: string
  stems: string[]
}

/** Every word of every phrase: the vocabulary a misspelt word is corrected to. */
const vocabulary = new Set(
  Object.values(TRIAGE_CONCEPTS).flatMap((phrases) =>
    phrases.flatMap((phrase) => phrase.toLowerCase().match(/[a-z]+/g) ?? []),
  ),
)

export const spelling = new Spelling(vocabulary)

function counted(tokens: readonly Token[]): Token[] {
  return tokens.filter((token) => !FILLER.has(token.word))
}

/** The phrases by their first stem, so a message is scanned once. */
const PHRASES: ReadonlyMap<string, Phrase[]> = (() => {
  const byFirst = new Map<string, Phrase[]>()
  for (const [concept, phrases] of Object.entries(TRIAGE_CONCEPTS)) {
    for (const phrase of phrases) {
      const stems = counted(normaliseMessage(phrase, spelling).tokens).map((token) => token.stem)
      const first = stems[0]
      if (first === undefined) continue
      const list = byFirst.get(first) ?? []
      list.push({ concept, stems })
      byFirst.set(first, list)
    }
  }
  return byFirst
})()

export interface ConceptReading {
  mentions: Mention[]
  /** The message's words that count, as the mentions' positions index them. */
  words: Token[]
}

/** Every mention of every concept in the message, phrases overlapping as they may. */
export function readConcepts(message: NormalisedMessage): ConceptReading {
  const words = counted(message.tokens)
  const mentions: Mention[] = []
  const seen = new Set<string>()
  for (let start = 0; start < words.length; start++) {
    const first = words[start] as Token
    for (const phrase of PHRASES.get(first.stem) ?? []) {
      const length = phrase.stems.length
      if (start + length > words.length) continue
      let same = true
      for (let offset = 1; offset < length && same; offset++) {
        same = (words[start + offset] as Token).stem === phrase.stems[offset]
      }
      if (!same) continue
      const key = `${phrase.concept}:${start}:${length}`
      if (seen.has(key)) continue
      seen.add(key)
      mentions.push({
        concept: phrase.concept,
        start,
        end: start + length - 1,
        negated: first.negated,
        sentence: first.sentence,
        clause: first.clause,
      })
    }
  }
  return { mentions: mentions.filter((m) => !shadowed(m, mentions)), words }
}

/** "peace lily" holds the word "lily", but the owner did not write about a true lily. */
function shadowed(mention: Mention, all: readonly Mention[]): boolean {
  return all.some(
    (other) =>
      (TRIAGE_SHADOWS[other.concept] ?? []).includes(mention.concept) &&
      other.start <= mention.start &&
      other.end >= mention.end &&
      other.end - other.start > mention.end - mention.start,
  )
}
