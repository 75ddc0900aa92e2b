// docs/product.md §4 Interview: a receptionist reply of more than three sentences is shown as several
// messages of two sentences each. Pure, so the browser and the tests split exactly the same way.
import { CHUNKING } from '../constants.ts'

/** Words that end in a full stop without ending the sentence ("Dr. Olivia", "e.g. tuna"). */
const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'mx',
  'st',
  'prof',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'approx',
  'appt',
  'no',
  'lb',
  'lbs',
  'oz',
  'kg',
  'min',
  'mins',
  'hr',
  'hrs',
  'jr',
  'sr',
])

/**
 * A sentence ends at '.', '!', '?' or '…' (possibly repeated, possibly followed by closing quotes or
 * brackets) when whitespace and then a new sentence follow; a blank line always ends one. Decimals
 * ("2.5 cups"), abbreviations, initials and a full stop followed by a lowercase word do not end one.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = []
  for (const paragraph of text.split(/\n\s*\n/)) {
    const source = paragraph.trim()
    if (!source) continue
    let start = 0
    const boundary = /([.!?…]+)(["'”’)\]]*)(\s+)(?=\S)/g
    for (let match = boundary.exec(source); match; match = boundary.exec(source)) {
      const end = match.index + match[1]!.length + match[2]!.length
      const before = source.slice(start, match.index)
      if (match[1] === '.' && !match[2] && endsWithAbbreviation(before)) continue
      // After a single '.', a lowercase word continues the sentence ("3 p.m. tomorrow", "approx. five").
      const next = source[match.index + match[0].length] ?? ''
      if (match[1] === '.' && /\p{Ll}/u.test(next)) continue
      const sentence = source.slice(start, end).trim()
      if (sentence) sentences.push(sentence)
      start = match.index + match[0].length
    }
    const rest = source.slice(start).trim()
    if (rest) sentences.push(rest)
  }
  return sentences
}

function endsWithAbbreviation(before: string): boolean {
  const word = /(\S+)$/
    .exec(before)?.[1]
    ?.toLowerCase()
    .replace(/^[("'“‘[]+/, '')
  if (!word) return false
  if (ABBREVIATIONS.has(word)) return true
  // A single capital letter is an initial ("J. Smith").
  return /^[A-Z]$/.test(/(\S+)$/.exec(before)?.[1] ?? '')
}

/**
 * The messages to show for one reply: the reply itself when it has at most three sentences, else
 * groups of two sentences (the last group may hold one). Empty text gives no message at all.
 */
export function chunkReply(text: string): string[] {
  const trimmed = text.trim()
  if (!trimmed) return []
  const sentences = splitSentences(trimmed)
  if (sentences.length <= CHUNKING.splitOverSentences) return [trimmed]
  const chunks: string[] = []
  for (let i = 0; i < sentences.length; i += CHUNKING.sentencesPerChunk) {
    chunks.push(sentences.slice(i, i + CHUNKING.sentencesPerChunk).join(' '))
  }
  return chunks
}
