// issues_faced: keeps the owner's own words as a short summary; "nothing really" is an answer too.
import { accept, type Extraction, refuse } from './extraction.ts'
import { capitaliseFirst, normalise, truncateOnWord, wordsOf } from './text.ts'
import { FILLER_ANSWERS, isGreeting, looksLikeGibberish, soundsUnsure } from './vocabulary.ts'

export const NO_SPECIFIC_ISSUES = 'No specific issues'
const MAX_SUMMARY_CHARS = 200

/** An owner with a happy cat is a valid answer, stored as one recognisable phrase. */
const NOTHING_WRONG =
  /^(no(ne|pe|thing)?|nah|n\/a|not really|nothing (really|much|at all|in particular|specific|major)|no (issues?|problems?|concerns?|worries)( (really|at all))?( at the moment| right now)?|(she|he|it|they)('s| is| are) (fine|perfect|healthy|great|good)|all (good|fine)|none (really|at all)|everything('s| is) (fine|good|great))[\s.!]*$/

/** Spoken fillers that open a sentence but say nothing ("um, well, she scratches…"). */
const LEADING_FILLER = /^(?:(?:um+|uh+|er+|well|so|hmm+|ok(?:ay)?|oh)\b[\s,.]*)+/i

export function extractIssues(text: string, catName: string): Extraction {
  const plain = normalise(text)
  if (NOTHING_WRONG.test(plain)) return accept(NO_SPECIFIC_ISSUES)

  const words = wordsOf(text)
  const meaningful = words.filter((word) => !FILLER_ANSWERS.has(word) && !looksLikeGibberish(word))
  const askAgain = `What's the main thing you'd like help with for ${catName}? For example scratching, weight, litter box habits or tummy troubles.`
  if (soundsUnsure(text) && meaningful.length <= 4) {
    return refuse(`No worries! Is there anything at all you'd like to improve? ${askAgain}`)
  }
  if (isGreeting(text)) return refuse(`Hello again! ${askAgain}`)
  if (meaningful.length === 0 || (meaningful.length === 1 && (meaningful[0]?.length ?? 0) < 3)) {
    return refuse(`I didn't quite get that. ${askAgain}`)
  }

  const summary = text.replace(/\s+/g, ' ').trim().replace(LEADING_FILLER, '')
  return accept(truncateOnWord(capitaliseFirst(summary), MAX_SUMMARY_CHARS))
}
