// Finds the cat's name in an interview transcript so later questions can use it.
import { FALLBACK_CAT_NAME } from '../../../../shared/constants.ts'
import type { AssistantMessage } from '../types.ts'
import { extractCatName } from './extract-name.ts'

/** The receptionist's name question, and its re-asks, always mention a name or what the cat is called. */
const ASKS_FOR_NAME = /\bname\b|\bcalled\b|\bcall (?:your|him|her|them)\b/i

/**
 * The first name the owner gave after being asked for one. Only answers to a name question
 * count: "It's Oliver" elsewhere in the chat might be about anything.
 */
export function catNameFromInterview(messages: readonly AssistantMessage[]): string | null {
  let askedForName = false
  for (const message of messages) {
    if (message.role === 'assistant') {
      askedForName = ASKS_FOR_NAME.test(message.content)
      continue
    }
    if (!askedForName) continue
    const extraction = extractCatName(message.content)
    if (extraction.ok) return extraction.answer
  }
  return null
}

export function catLabelFromInterview(messages: readonly AssistantMessage[]): string {
  return catNameFromInterview(messages) ?? FALLBACK_CAT_NAME
}
