// Whether the owner says the cat is not eating. A cat that is not eating is never given a diet (the
// nutrition rule's 'not eating' question, shared/rules/nutrition.ts): fatty liver disease can follow a
// few days without food, and cutting calories would make it worse. Triage (server/domain/chat/triage.ts)
// decides how urgent it is; this only keeps the specialist's food advice off a diet.
import type { AssistantMessage } from '../types.ts'
import { normalise } from './text.ts'

const NOT_EATING: readonly RegExp[] = [
  // "not eating", "isn't eating", "hasn't eaten", "won't eat", "stopped eating", "refuses to eat",
  // "hasn't been eating", "doesn't want to eat", "hasn't really eaten"
  /(?:\bnot|n't|\bnever|\bstopped|\bquit|\brefus(?:es|ed|ing)(?: to)?)\s+(?:(?:been|really|want(?:ed)? to|even)\s+)*eat(?:s|en|ing)?\b/,
  /\b(?:off|refus(?:es|ed|ing)|won't touch|not touching|hasn't touched|didn't touch)\s+(?:her|his|its|their|the|any)?\s*food\b/,
  /\b(?:no|lost (?:her|his|its|their)?\s*|lost all|lack of|loss of)\s*appetite\b/,
  /\bnothing to eat\b|\bhasn't had (?:any(?:thing)?|a bite)\b|\bnot had (?:any(?:thing)?|a bite)\b/,
]

/** How many of the owner's latest messages are read: a not-eating cat mentioned just before still counts. */
const RECENT_OWNER_MESSAGES = 3

/** The text says the cat is not eating. */
export function saysNotEating(text: string): boolean {
  const plain = normalise(text)
  return NOT_EATING.some((pattern) => pattern.test(plain))
}

/** One of the owner's latest messages says the cat is not eating. */
export function ownerSaysNotEating(history: readonly AssistantMessage[]): boolean {
  return history
    .filter((message) => message.role === 'user')
    .slice(-RECENT_OWNER_MESSAGES)
    .some((message) => saysNotEating(message.content))
}
