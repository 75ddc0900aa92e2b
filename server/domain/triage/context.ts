// Each sign read in its context before it counts (docs/triage.md, "Context"): whom its words are about
// (the cat, a toy, prey, a person, a screen), whether they are meant literally (a flop onto a lap, a
// joke, "then ran off fine"), and when (years ago). The rules are reviewed data,
// server/knowledge/triage-context.json; hard signs are never talked down (rules.ts asks HARD_SIGNS).
import { TRIAGE_CONTEXT, type TriageContextRule } from '../../knowledge/index.ts'
import type { Mention } from './concepts.ts'
import type { NormalisedMessage, Token } from './normalise.ts'

/** The rules of urgent-signs.json no context may talk down: a blocked tom, open-mouth breathing, a lily… */
export const HARD_SIGNS: ReadonlySet<string> = new Set(TRIAGE_CONTEXT.hardSigns)

interface Compiled {
  rule: TriageContextRule
  reaches: (concept: string) => boolean
  alternatives: Array<{ concepts: string[]; patterns: RegExp[] }>
}

const RULES: readonly Compiled[] = TRIAGE_CONTEXT.rules.map((rule) => ({
  rule,
  reaches: rule.signs.includes('*') ? () => true : (concept: string) => rule.signs.includes(concept),
  alternatives: rule.when.map((alternative) => ({
    concepts: alternative.filter((atom) => !atom.startsWith('re:')),
    patterns: alternative
      .filter((atom) => atom.startsWith('re:'))
      .map((atom) => new RegExp(atom.slice(3), 'g')),
  })),
}))

interface Sentence {
  text: string
  /** Each token's first character in `text`, by its index in the message. */
  starts: Map<number, number>
}

function sentencesOf(tokens: readonly Token[]): Map<number, Sentence> {
  const sentences = new Map<number, Sentence>()
  tokens.forEach((token, index) => {
    const sentence = sentences.get(token.sentence) ?? { text: '', starts: new Map() }
    if (sentence.text !== '') sentence.text += ' '
    sentence.starts.set(index, sentence.text.length)
    sentence.text += token.word
    sentences.set(token.sentence, sentence)
  })
  return sentences
}

/** The character ranges where `pattern` matches the sentence. */
function spans(pattern: RegExp, text: string): Array<[number, number]> {
  return [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length])
}

/**
 * The mentions that context reads as no sign of the cat's: each named by a rule whose alternative holds
 * in the mention's sentence (a pattern with scope "span" covering the mention's own words).
 */
export function talkedDown(
  message: NormalisedMessage,
  words: readonly Token[],
  mentions: readonly Mention[],
): Set<Mention> {
  const down = new Set<Mention>()
  const candidates = mentions.filter((m) => !m.negated && RULES.some((r) => r.reaches(m.concept)))
  if (candidates.length === 0) return down
  const position = new Map(message.tokens.map((token, index) => [token, index]))
  const sentences = sentencesOf(message.tokens)
  for (const mention of candidates) {
    const sentence = sentences.get(mention.sentence)
    if (!sentence) continue
    const first = position.get(words[mention.start] as Token) ?? -1
    const last = position.get(words[mention.end] as Token) ?? -1
    const from = sentence.starts.get(first) ?? -1
    const to = (sentence.starts.get(last) ?? -1) + (words[mention.end]?.word.length ?? 0)
    const heard = (concept: string) =>
      mentions.some((m) => m.concept === concept && m.sentence === mention.sentence && !m.negated)
    const holds = ({ rule, alternatives }: Compiled) =>
      alternatives.some(
        ({ concepts, patterns }) =>
          concepts.every(heard) &&
          patterns.every((pattern) =>
            spans(pattern, sentence.text).some(
              ([start, end]) => rule.scope === 'sentence' || (start < to && end > from),
            ),
          ),
      )
    if (RULES.some((compiled) => compiled.reaches(mention.concept) && holds(compiled))) down.add(mention)
  }
  return down
}
