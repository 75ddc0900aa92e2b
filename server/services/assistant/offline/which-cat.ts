// The offline specialist's "which cat?": an owner of several cats wrote about one of them
// without saying which, so the reply asks, by name, instead of answering about the cat in the switcher.
import { asAboutTheCat, catNameChoice, type UnclearCat } from '../../../domain/chat/cat-reference.ts'
import type { AssistantMessage } from '../types.ts'

/** Recognisable opening of the question; also how the owner's next message is known to answer it. */
export const WHICH_CAT_OPENING = 'Which of your cats'

export function whichCatReply(names: readonly string[], unclear: UnclearCat): string {
  const choice = catNameChoice(names)
  const question = `${WHICH_CAT_OPENING} is this about: ${choice}? Tell me their name (or pick them in the cat switcher) and I'll answer for that cat.`
  if (!unclear.unknownName) return question
  return `I don't have a cat called ${unclear.unknownName} among yours: I know ${catNameChoice(names, 'and')}. ${question}`
}

/**
 * When the reply before the owner's last message asked which cat, the owner's question that reply
 * answered (the last message says which cat it was about); else null.
 */
export function answeredWhichCat(history: readonly AssistantMessage[]): string | null {
  const [question, asked, answer] = history.slice(-3)
  if (answer?.role !== 'user' || asked?.role !== 'assistant' || question?.role !== 'user') return null
  return asked.content.includes(WHICH_CAT_OPENING) ? asAboutTheCat(question.content) : null
}
