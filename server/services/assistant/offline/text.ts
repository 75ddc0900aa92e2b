// Small text helpers shared by the extractors, the receptionist and the specialist.

import { escapeRegExp, plainText } from '../../../../shared/rules/plain-text.ts'
import type { AssistantMessage } from '../types.ts'

/** The content of the owner's most recent message, or '' when the owner has not spoken yet. */
export function lastUserMessage(messages: readonly AssistantMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]
    if (message?.role === 'user') return message.content
  }
  return ''
}

/** The one plain spelling every matcher is written against (shared with the product's triage). */
export const normalise = plainText

/** The alphabetic words of a text, lower-cased; apostrophes stay inside words ("don't"). */
export function wordsOf(text: string): string[] {
  return normalise(text).match(/[a-z\u00c0-\u024f]+(?:'[a-z]+)?/g) ?? []
}

export function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Cuts a text to at most `max` characters on a word boundary, marking the cut with an ellipsis. */
export function truncateOnWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`
}

export { escapeRegExp }

/** "Luna's", but "Mr. Whiskers'" for names that already end in s. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`
}

/** Picks one of several phrasings from a number that grows with the conversation, never at random. */
export function pickVariant<T>(variants: readonly T[], seed: number): T {
  const variant = variants[Math.abs(seed) % variants.length]
  if (variant === undefined) throw new Error('pickVariant needs at least one variant')
  return variant
}
