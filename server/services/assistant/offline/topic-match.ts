// Finds the knowledge-base topics an owner's message is about, by weighted keyword scoring.
import { type CareTopic, KNOWLEDGE_BASE } from './knowledge.ts'
import { escapeRegExp, normalise } from './text.ts'

export interface TopicMatch {
  topic: CareTopic
  score: number
}

const WORD_WEIGHT = 2
/** Longer phrases are more specific: "not eating" outweighs "food", "straining in the litter box" outweighs "litter box". */
const phraseWeight = (words: number): number => WORD_WEIGHT + words
const RELATED_WEIGHT = 1
/** A topic needs at least one real keyword; related hints alone never pick a topic. */
const MIN_SCORE = WORD_WEIGHT
/** A runner-up is worth mentioning only when it is nearly as relevant as the best match. */
const RUNNER_UP_SHARE = 0.4
const MAX_TOPICS = 2

/** Whole words with an optional plural or verb ending: "vomit" → vomits, vomited, vomiting. */
function keywordPattern(keyword: string): RegExp {
  const body = keyword.split(/\s+/).map(escapeRegExp).join('\\s+')
  return new RegExp(`(?<![\\w'])${body}(?:s|es|d|ed|ing)?(?![\\w'])`)
}

interface Clue {
  pattern: RegExp
  weight: number
}

const COMPILED: ReadonlyArray<{ topic: CareTopic; clues: readonly Clue[] }> = KNOWLEDGE_BASE.map((topic) => ({
  topic,
  clues: [
    ...topic.keywords.map((keyword) => ({
      pattern: keywordPattern(keyword),
      weight: keyword.includes(' ') ? phraseWeight(keyword.split(' ').length) : WORD_WEIGHT,
    })),
    ...(topic.related ?? []).map((word) => ({ pattern: keywordPattern(word), weight: RELATED_WEIGHT })),
  ],
}))

/**
 * Adds up a topic's clues, counting each stretch of the message once: "litter box" scores as the
 * phrase, not also as "litter", and "scratching" not as both "scratch" and "scratching".
 */
function topicScore(text: string, clues: readonly Clue[]): { score: number; strong: boolean } {
  const found = clues
    .map((clue) => {
      const match = clue.pattern.exec(text)
      return match ? { start: match.index, end: match.index + match[0].length, weight: clue.weight } : null
    })
    .filter((hit) => hit !== null)
    .sort((a, b) => b.weight - a.weight || b.end - b.start - (a.end - a.start))
  const counted: typeof found = []
  for (const hit of found) {
    if (counted.some((other) => hit.start < other.end && other.start < hit.end)) continue
    counted.push(hit)
  }
  return {
    score: counted.reduce((sum, hit) => sum + hit.weight, 0),
    strong: counted.some((hit) => hit.weight >= MIN_SCORE),
  }
}

export function scoreTopics(message: string): TopicMatch[] {
  const text = normalise(message)
  const matches: TopicMatch[] = []
  for (const { topic, clues } of COMPILED) {
    const { score, strong } = topicScore(text, clues)
    if (strong) matches.push({ topic, score })
  }
  // Stable sort: equal scores keep knowledge-base order, so results never depend on chance.
  return matches.sort((a, b) => b.score - a.score)
}

/** The best topic and, when it is close behind, one runner-up. */
export function matchTopics(message: string): CareTopic[] {
  const [best, ...others] = scoreTopics(message)
  if (!best) return []
  const runnersUp = others.filter((match) => match.score >= best.score * RUNNER_UP_SHARE)
  return [best, ...runnersUp].slice(0, MAX_TOPICS).map((match) => match.topic)
}
