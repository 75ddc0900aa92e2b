// An owner's message as triage reads it (docs/triage.md, "Normalisation"): one spelling of each word,
// its stem, whether it is negated, where its sentence starts, and the facts that decide a rule
// (how long, how hot, how old).
import { stemmer } from 'stemmer'
import { plainText } from '../../../shared/rules/plain-text.ts'
import type { Spelling } from './spelling.ts'

export interface Token {
  /** The word as the owner meant it (spelling corrected, contractions undone). */
  word: string
  /** Porter's stem; words of three letters stay whole ("ate" would otherwise be "at"). */
  stem: string
  /** A "not", "no", "never", "stopped"… shortly before it, in the same clause. */
  negated: boolean
  sentence: number
  /** Clauses end at commas and at words such as "but" and "anyway". */
  clause: number
}

export interface Facts {
  /** The longest stretch of time the message speaks of, in hours ("since Saturday", "48 hrs"). */
  hours: number | null
  /** The warmest temperature it names, in °C ("37 degrees in the flat", "100F"). */
  celsius: number | null
  /** An age it names in weeks ("3 week old", "newborn"). */
  ageWeeks: number | null
  /** How many times something happened, the highest count named ("5 times", "twice"). */
  times: number | null
  /** Breaths a minute, when the owner counted them ("breathing 60 times a minute", "48 bpm"). */
  breathsPerMinute: number | null
}

export interface NormalisedMessage {
  /** Every word, in order (determiners included: "my pills" is not "his pills"). */
  tokens: Token[]
  /** The corrected text, one space between words. */
  text: string
  /** The owner's text as typed (lower case, punctuation kept): a "?" says it is a question. */
  typed: string
  facts: Facts
}

/** Contractions and SMS spellings, written out ("hasnt" → "has not", "2nite" → "tonight"). */
const EXPANSIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bcan'?t\b|\bcannot\b/g, 'can not'],
  [/\bwon'?t\b/g, 'will not'],
  [/\bain'?t\b/g, 'is not'],
  [/\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need)n'?t\b/g, '$1 not'],
  [/\b(he|she|it|that|there|what)'?s\b/g, '$1 is'],
  [/\bi'?m\b/g, 'i am'],
  [/'(ve|re|ll|d)\b/g, ' '],
  [/'s\b/g, ''],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\b(?:pls|plz|plse)\b/g, 'please'],
  [/\b2day\b/g, 'today'],
  [/\b(?:2nite|2night|tonite)\b/g, 'tonight'],
  [/\b(?:tmrw|tmr|tmrow|2moro|2morrow|tomoz)\b/g, 'tomorrow'],
  [/\b(\d+) ?(?:h|hrs?|hs)\b/g, '$1 hours'],
  [/\b(\d+) ?d\b/g, '$1 days'],
  [/\b(\d+) ?(?:wks?|w)\b/g, '$1 weeks'],
  [/\b(?:hrs|hr|hs)\b/g, 'hours'],
  [/\b(?:yrs|yr)\b/g, 'years'],
  [/\b(?:mins|min)\b/g, 'minutes'],
  [/\b(?:b4)\b/g, 'before'],
  [/\b(?:coz|cuz|bc|bcoz)\b/g, 'because'],
  [/\b(?:r)\b/g, 'are'],
  [/\b(?:n)\b/g, 'and'],
  [/\bw\//g, 'with '],
  [/\b(?:thru)\b/g, 'through'],
  [/\b(?:frm)\b/g, 'from'],
  [/\b(?:abt)\b/g, 'about'],
  [/\b(?:smth|sth)\b/g, 'something'],
  [/\b(?:v)\b/g, 'very'],
  [/\b(?:idk)\b/g, 'i do not know'],
  // A laughing face is a joke marker, read as one (docs/triage.md, "Context").
  [/[\u{1F602}\u{1F923}\u{1F639}\u{1F606}\u{1F605}\u{1F61C}\u{1F61D}\u{1F92A}]/gu, ' lol '],
  // "a bit" is an amount, not a bite ("can she have a bit?", "a bit off her jumping").
  [/\ba bit\b/g, 'slightly'],
  [/\b(?:evrything|everythin|evrythin|evrythng)\b/g, 'everything'],
]

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  once: 1,
  two: 2,
  twice: 2,
  couple: 2,
  three: 3,
  few: 3,
  several: 4,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  half: 0.5,
}

/** Words that turn the next few words around ("not eating", "stopped breathing", "no urine"). */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'without',
  'nor',
  'stop',
  'stopped',
  'quit',
  'refuse',
  'refused',
  'refuses',
  'refusing',
  'zero',
  'barely',
  'hardly',
  'scarcely',
])
/** After a negator, words that take the negation for themselves alone. */
const SELF_CONTAINED = new Set([
  'neuter',
  'neutered',
  'spayed',
  'spay',
  'fixed',
  'sure',
  'only',
  'just',
  'entire',
  'certain',
])
/** How far back a negator reaches ("has not been able to pee": four words). */
const NEGATION_REACH = 4
/** Where a clause ends for negation: "not eating and vomiting" negates only the eating. */
/** A negation is about the thing before these ("no blood in his pee": the pee is there). */
const SCOPE_ENDS = new Set(['in', 'on', 'from', 'at', 'into', 'onto', 'around', 'near', 'under'])
const CLAUSE_WORDS = new Set([
  'but',
  'and',
  'although',
  'though',
  'however',
  'yet',
  'so',
  'then',
  'now',
  'because',
])
/** Where a new thought starts: a question after a report ("…boiling water, anyway any tips?") is its own. */
const TOPIC_WORDS = new Set(['anyway', 'anyways', 'but', 'also', 'btw', 'however', 'meanwhile'])

const UNIT_HOURS: Record<string, number> = {
  minute: 1 / 60,
  hour: 1,
  day: 24,
  night: 12,
  week: 168,
  month: 720,
}
const DAYS_SINCE: ReadonlyArray<[RegExp, number]> = [
  [
    /\b(?:since|from|for) (?:yesterday|last night)\b|\ball (?:day|night) yesterday\b|\byesterday and today\b|\btoday and yesterday\b/,
    24,
  ],
  [/\bsince (?:this|early this) morning\b/, 8],
  [/\bsince (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend|last week)\b/, 48],
  [/\bfor days\b|\bdays now\b|\bin days\b/, 48],
  [/\ball day\b|\bthe whole day\b/, 12],
  [/\ball night\b|\bovernight\b/, 10],
]

function numberAt(word: string | undefined): number | null {
  if (word === undefined) return null
  if (/^\d+(?:[.,]\d+)?$/.test(word)) return Number(word.replace(',', '.'))
  return NUMBER_WORDS[word] ?? null
}

function factsOf(text: string): Facts {
  let hours: number | null = null
  for (const match of text.matchAll(
    // "a day" counts only as a stretch of time ("for a day", "over a day"), never as a rate ("a cup a day").
    /((?<=\b(?:for|over|about|almost|nearly|than|past|last|whole|entire|in|like|around|roughly) )(?:a|an)|\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|couple|few|several|half))(?: of)? (?:more |whole |full )?(minute|hour|day|night|week|month)s?\b/g,
  )) {
    const count = numberAt(match[1])
    const unit = UNIT_HOURS[match[2] as string]
    if (count !== null && unit !== undefined) hours = Math.max(hours ?? 0, count * unit)
  }
  for (const [pattern, value] of DAYS_SINCE) if (pattern.test(text)) hours = Math.max(hours ?? 0, value)
  let celsius: number | null = null
  for (const match of text.matchAll(
    /\b(\d{2,3}(?:[.,]\d)?) ?(?:°|degrees?|deg)? ?(c|f|celsius|fahrenheit)?\b/g,
  )) {
    const unit = match[2]
    if (!unit && !/degree|deg|°/.test(match[0])) continue
    const value = Number((match[1] as string).replace(',', '.'))
    const c = unit?.startsWith('f') || (!unit && value > 50) ? ((value - 32) * 5) / 9 : value
    if (c > 0 && c < 60) celsius = Math.max(celsius ?? 0, c)
  }
  let ageWeeks: number | null = null
  const age = /\b(\d+|a|one|two|three|four|five|six|seven|eight|few|couple) ?(day|week|wk)s?[ -]?old\b/.exec(
    text,
  )
  if (age) {
    const count = numberAt(age[1]) ?? 1
    ageWeeks = age[2] === 'day' ? count / 7 : count
  } else if (
    /\bkittens?\b/.test(text) &&
    /\b(\d+|two|three|four|five|six|seven|eight) ?(?:weeks?|wks?)\b/.test(text)
  ) {
    ageWeeks =
      numberAt(/\b(\d+|two|three|four|five|six|seven|eight) ?(?:weeks?|wks?)\b/.exec(text)?.[1]) ?? null
  } else if (/\bnew ?born\b|\bjust born\b|\bneonat/.test(text)) ageWeeks = 0
  let times: number | null = null
  for (const match of text.matchAll(
    /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|several|few) times\b|\b(twice)\b/g,
  )) {
    const count = numberAt(match[1] ?? match[2])
    if (count !== null) times = Math.max(times ?? 0, count)
  }
  const counted =
    /\b(\d{2,3}) ?(?:breaths?|times)? ?(?:a|per|every|in a|in one) minute\b|\b(\d{2,3}) ?(?:bpm|breaths)\b/.exec(
      text,
    )
  const breathsPerMinute = counted ? Number(counted[1] ?? counted[2]) : null
  return { hours, celsius, ageWeeks, times, breathsPerMinute }
}

/** The owner's message, spelled out, corrected, stemmed and marked for negation. */
export function normaliseMessage(message: string, spelling: Spelling): NormalisedMessage {
  let text = plainText(message)
  for (const [pattern, replacement] of EXPANSIONS) text = text.replace(pattern, replacement)
  const tokens: Token[] = []
  let sentence = 0
  let clause = 0
  let clauseStart = 0
  for (const match of text.matchAll(/[a-z]+|\d+(?:[.,]\d+)?|[.!?;:,\n]|\s-\s/g)) {
    const piece = match[0]
    if (/^[.!?;:,\n]$|^\s-\s$/.test(piece)) {
      if (/[.!?;\n]/.test(piece)) sentence++
      clause++
      clauseStart = tokens.length
      continue
    }
    const word = spelling.correct(piece)
    if (CLAUSE_WORDS.has(word) || SCOPE_ENDS.has(word)) clauseStart = tokens.length + 1
    if (TOPIC_WORDS.has(word)) clause++
    let negators = 0
    for (let back = Math.max(clauseStart, tokens.length - NEGATION_REACH); back < tokens.length; back++) {
      // "not neutered", "not sure": the negation ends with the word it is about.
      const next = tokens[back + 1]?.word ?? word
      if (
        NEGATORS.has((tokens[back] as Token).word) &&
        !(back + 1 < tokens.length && SELF_CONTAINED.has(next))
      )
        negators++
    }
    tokens.push({
      word,
      stem: word.length > 3 ? stemmer(word) : word,
      negated: negators % 2 === 1,
      sentence,
      clause,
    })
  }
  const corrected = tokens.map((token) => token.word).join(' ')
  return { tokens, text: corrected, typed: text, facts: factsOf(text) }
}
