// Word lists the extractors share to tell a real answer from small talk or a shrug.
import { EXPERT_NAME, RECEPTIONIST_NAME } from '../../../../shared/constants.ts'
import { escapeRegExp, normalise } from './text.ts'

/**
 * Everyday English words that are never a cat's name on their own. A candidate name made only
 * of these ("I don't know", "she is sick") is refused. Pet-name classics such as Kitty,
 * Tiger or Lucky are deliberately left out.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `a about actually after again all also am an and any anything are as ask at be because been
  being but by can can't cannot cat cats could did didn't do does doesn't don't dont done dunno
  female fine for from get got good great had has hasn't have haven't he he's hello help her here
  hers hey hi him his hiya how i i'm idea idk if ill im in is isn't it it's its just kitten kittens
  know knows like lol male maybe me my n/a na name named names need no none nope not nothing now of
  ok okay on one or our really she she's sick so some something sorry sure tell thanks thank that
  that's the their them then there they this to too two um uh unknown unsure very was we well were
  what when where which who why will with would yeah yes yep yet you your please question lazy old
  young fat cute sweet boy girl cat's is has was hmm hm ummm eh huh`.split(/\s+/),
)

const PERSONA_NAMES = [RECEPTIONIST_NAME, EXPERT_NAME].map((name) => escapeRegExp(normalise(name))).join('|')

/** Openers that carry no answer: the owner is saying hello ("Hi Mia!"), not answering. */
const GREETING = new RegExp(
  `^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|yo|sup)\\b[\\s!.,]*(there|everyone|${PERSONA_NAMES})?[\\s!.]*$`,
)

export function isGreeting(text: string): boolean {
  return GREETING.test(normalise(text))
}

/** "I don't know", "not sure", "no idea"… the owner is honest that they can't answer. */
const UNSURE =
  /\b(i\s*(do\s*n[o']?t|dont|really don't) know|don'?t know|not (really )?sure|no idea|unsure|idk|dunno|can'?t remember|no clue|not certain|haven'?t (a clue|decided)|who knows)\b/

export function soundsUnsure(text: string): boolean {
  return UNSURE.test(normalise(text))
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890']

/**
 * Keyboard mashing ("asdf", "jjjj", "qwerty", "zxcv") rather than words: four letters in keyboard
 * order, a letter repeated three times, or a longer word with no vowel at all.
 */
export function looksLikeGibberish(word: string): boolean {
  const letters = word.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (letters.length === 0) return true
  if (/(.)\1\1/.test(letters)) return true
  if (letters.length >= 4 && !/[aeiouy]/.test(letters)) return true
  for (let start = 0; start + 4 <= letters.length; start++) {
    const chunk = letters.slice(start, start + 4)
    if (KEYBOARD_ROWS.some((row) => row.includes(chunk))) return true
  }
  return false
}

/** Filler that says "carry on" rather than answering anything. */
export const FILLER_ANSWERS: ReadonlySet<string> = new Set([
  'ok',
  'okay',
  'k',
  'yes',
  'yeah',
  'yep',
  'sure',
  'no',
  'hmm',
  'hm',
  'um',
  'uh',
  'lol',
  'what',
  'why',
  'huh',
  'whatever',
  'test',
  'testing',
  'thanks',
  'thank you',
])
