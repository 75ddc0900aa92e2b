// activity_level: maps a description of the cat's energy onto the five activity levels of docs/product.md §9.
import { ACTIVITY_LEVELS, type ActivityLevel } from '../../../../shared/options.ts'
import { accept, type Extraction, refuse } from './extraction.ts'
import { normalise } from './text.ts'

/**
 * Each clue scores from +2 (Very Active) to -2 (Very Inactive); the answer is the rounded average,
 * so "lazy but has zoomies at night" lands in the middle. Clues are tried in order and each one
 * blanks out the words it used, which is how "not very active" is never also read as "very active".
 */
const ACTIVITY_CLUES: ReadonlyArray<readonly [RegExp, number]> = [
  // Negations first.
  [/\bnot (?:at all )?(?:active|playful|energetic) at all\b|\bnot at all (?:active|playful|energetic)\b/, -2],
  [
    /\b(?:not|isn'?t|never) (?:very |that |super |really |particularly |too |so |overly |much |all that )?(?:active|playful|energetic|hyper)\b/,
    -1,
  ],
  [/\b(?:not|isn'?t) (?:very |that |really |particularly )?(?:lazy|inactive|sleepy)\b/, 1],
  [/\b(?:doesn'?t|does not|won'?t|never|hardly|barely|hardly ever) (?:really )?(?:move|moves|get up)\b/, -2],
  [
    /\b(?:doesn'?t|does not|won'?t|never|rarely|hardly|barely|hardly ever) (?:really )?(?:play|run|jump)s?\b/,
    -1,
  ],
  // The five titles as written.
  [/\bvery inactive\b|\bextremely inactive\b|\bcompletely inactive\b|\btotally inactive\b/, -2],
  [/\bmostly inactive\b|\bfairly inactive\b|\bquite inactive\b|\binactive\b/, -1],
  [/\bmoderately active\b|\bmoderate(?:ly)?\b/, 0],
  [/\bvery active\b|\bextremely active\b|\bsuper active\b|\bhyper(?:active)?\b/, 2],
  // Everyday descriptions.
  [
    /\bvery playful\b|\bsuper playful\b|\bextremely playful\b|\bruns? (?:around )?all day\b|\bnever stops\b|\bzoomies\b|\bbouncing off the walls\b|\bcrazy\b|\bwild\b|\bhigh energy\b|\btons of energy\b|\bso much energy\b|\bnon-?stop\b|\bconstantly (?:running|playing|on the go)\b|\balways (?:running|playing|on the go)\b/,
    2,
  ],
  [
    /\bcouch potato\b|\bnever moves\b|\bsleeps all day\b|\bsleeps all the time\b|\bvery lazy\b|\bextremely lazy\b|\bso lazy\b|\bsuper lazy\b|\bimmobile\b|\bbed-?ridden\b/,
    -2,
  ],
  [
    /\bquite active\b|\bpretty active\b|\bfairly active\b|\breally active\b|\bactive\b|\bplayful\b|\benergetic\b|\bloves? (?:to )?play(?:ing)?\b|\bplays? a lot\b|\blikes? (?:to )?play(?:ing)?\b|\bcurious\b|\bathletic\b/,
    1,
  ],
  [
    /\bsomewhat\b|\baverage\b|\bnormal\b|\bmedium\b|\bin between\b|\bso-so\b|\bbit of both\b|\bsometimes\b|\bplays? (?:a )?(?:little|bit)\b|\bnow and then\b|\bok(?:ay)?\b|\bbalanced\b|\bmiddle\b/,
    0,
  ],
  [
    /\blazy\b|\bsleeps? (?:a lot|most of the day|most of the time|lots)\b|\bnot much\b|\bcalm\b|\bchill(?:ed)?\b|\blaid[- ]back\b|\brarely\b|\blow energy\b|\bquiet\b|\bmellow\b|\bsleepy\b|\blounges?\b|\bsedentary\b|\bslow\b/,
    -1,
  ],
]

const LEVEL_BY_SCORE: Record<string, ActivityLevel> = {
  '2': 'Very Active',
  '1': 'Active',
  '0': 'Moderately Active',
  '-1': 'Mostly Inactive',
  '-2': 'Very Inactive',
}

export function extractActivityLevel(text: string, catName: string): Extraction {
  let rest = normalise(text)
  const scores: number[] = []
  for (const [clue, score] of ACTIVITY_CLUES) {
    const pattern = new RegExp(clue.source, 'g')
    rest = rest.replace(pattern, () => {
      scores.push(score)
      return ' · '
    })
  }
  if (scores.length === 0) {
    return refuse(
      `How would you describe ${catName}'s energy? Is ${catName} ${ACTIVITY_LEVELS.map((level) =>
        level.toLowerCase(),
      )
        .join(', ')
        .replace(/, ([^,]+)$/, ' or $1')}?`,
    )
  }
  const average = scores.reduce((sum, score) => sum + score, 0) / scores.length
  // Clues that agree reinforce each other ("very playful, curious" is Very Active); clues that
  // disagree ("lazy but loves to play") meet in the middle, so halves round towards 0 then.
  const agree = scores.every((score) => score >= 0) || scores.every((score) => score <= 0)
  const magnitude = agree ? Math.round(Math.abs(average)) : Math.ceil(Math.abs(average) - 0.5)
  const level = LEVEL_BY_SCORE[String(Math.sign(average) * magnitude || 0)]
  return level ? accept(level) : refuse(`How active would you say ${catName} is?`)
}
