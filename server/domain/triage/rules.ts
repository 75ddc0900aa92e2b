// Rules over concepts (docs/triage.md, "Rules over concepts"): which reviewed signs of
// server/knowledge/urgent-signs.json a message describes, told apart from a question about a danger
// that has not happened ("can I give…?", "how do I stop him getting hit by a car?").
import { URGENT_SIGNS, type UrgentSign } from '../../knowledge/index.ts'
import { type Mention, readConcepts } from './concepts.ts'
import type { Facts, NormalisedMessage, Token } from './normalise.ts'

/** What triage knows about the cat besides the message. */
export interface TriageCat {
  gender?: string | null | undefined
  /** Years; 0 is the quiz's Kitten band. */
  age?: number | null | undefined
  weight?: number | null | undefined
  weightUnit?: string | null | undefined
  medicalConditions?: string | null | undefined
}

export interface SignFound {
  rule: UrgentSign
  /** A question about a danger that has not happened: answered with the rule's caution, calmly. */
  asQuestion: boolean
  /** The owner's own words for a poison ("tea tree oil"), so the answer names what was asked. */
  named?: string
}

/** Mentions further apart than this many counted words are about different things. */
const WINDOW = 24

/** Said as something that already happened: "I used", "she has pollen on her face", "one is missing". */
const HAPPENED =
  /\b(?:(?:he|she|they|it|cat|kitten) (?:just |already )?bit|(?<!(?:can|should|could|may|do|would|will|to|if) )i (?:give|put|apply|spray|rub) (?:him|her|it|my cat|the cat|them|some)|(?<!(?:can|should|could|may|do|would|will|to|if) )i use (?:it |this |that |some )?on (?:him|her|my cat|the cat|them)|(?<!(?:does|do|did|can|could|will|would|should|may|might|to|if|not) )(?:he|she|cat|kitten|it|kitty) (?:eat|drink|lick|chew|bite|swallow)s?\b|not there|can not find|gone missing|(?:is|are) gone|came out|(?:going|went) to town on|got splashed|ate|eaten|chewed|licked|lapped|drank|swallowed|nibbled|bitten|munched|gnawed|tasted|got into|gotten into|knocked over|spilled|spilt|stepped in|walked (?:in|through)|rolled in|(?:i|we|he|she|they|you|someone|my \w+) (?:just |already |accidentally )?used|used (?:it|some|the|a|an|his|her|my|our|their|dog|a bit) |applied|sprayed|rubbed|gave (?:him|her|it|them|my cat|the cat|some|a|an|one|half)\b|(?:has|have|had|was|been) given (?:him|her|it|them|my cat|the cat|some)\b|missing|(?:is|are|was) (?:now )?empty|found (?:him|her|it|them)|caught (?:him|her|them)|dropped|stole|pinched|inhaled|ingested|scoffed|wolfed|gobbled|treated (?:him|her)|bathed (?:him|her)|washed (?:him|her)|been (?:eating|licking|chewing|drinking)|(?:is|was|are|were) (?:eating|licking|chewing|drinking|playing|sniffing)|just (?:had|got)|had (?:some|a|one|two|an|half)|what (?:should|do|can) (?:i|we) do(?! if)|(?:on|all over) (?:his|her|its|the) (?:fur|face|paws?|nose|coat|mouth|tongue|feet|body|whiskers)|covered in|(?<!(?:can|could|should|would|will|may|to|do|did|if) )(?:^|i |we |he |she |someone |they |partner )(?:just |already |accidentally )?put\b[^.?!;]{0,60}? (?:on|onto)\b(?! (?:the )?(?:yard|garden|kitchen|shed|garage|cupboard|loft|floor|table|shelf|counter|collar))|saw (?:him |her |it |them )?(?:eating|chewing|licking|drinking)|caught (?:him|her|them) (?:eating|chewing|licking|drinking))\b/
/** Asked before anything happened: "can I give…", "is it safe…", "are tulips OK…". */
const QUESTION =
  /^(?:can|could|should|may|is|are|does|do|what|which|how|would|will|any)\b|\b(?:safe|ok|okay|alright|all right|allowed|good (?:for|snack|idea|treat)|bad for|toxic|poisonous|dangerous|harmful)\b|\bhow (?:bad|dangerous|toxic|serious|risky)\b|\bthinking (?:of|about)\b|\b(?:i|we) (?:want|plan|intend|am planning|are planning|am going|are going) to\b|\b(?:want|wants|planning|plan) to\b|\bbefore (?:i|we) (?:buy|use|put|get|apply)\b|\b(?:keeps|always) (?:trying|tries) to\b|\btries to\b|\bshould (?:i|we)\b|\bdo (?:i|we) (?:need|have) to\b|\bneed to worry\b|\bis (?:it|that|this) (?:bad|ok|okay|safe|a problem)\b|\bwondering\b|\b(?:is|are) (?:it|that|this|they|these|those) (?:ok|okay|safe|bad|fine|alright|a problem)\b|\bany (?:danger|risk)\b|\b(?:would|could) (?:it|that) be\b|\bthinks? it (?:would )?be\b/
/** A sentence about what might happen, or how to prevent it: its signs are not happening. */
const HYPOTHETICAL =
  /\b(?:how (?:do|can|could|should|would|to) (?:i |we |you )?(?:stop|prevent|keep|protect|avoid|make sure|tell|know|spot|recogni[sz]e|cat ?proof)|what (?:should|do|would) (?:i|we) do if|what if|in case|what happens if|signs of|symptoms of|warning signs|prevent\w*|avoid\w*|safe from|ways? to|tips? (?:for|on|to)|risk of|risks of|worried (?:he|she|they) (?:might|will|could)|(?:might|could) (?:he|she|they) (?:get|be)|if (?:he|she|it|they) ever|should (?:he|she|it|they) ever|never (?:had|has)|might (?:have|get|be|eat|chew)|when should|should \w+ (?:\w+ )?worry me|dangerous for (?:a |an )?(?:\w+ )?cat|why is it (?:dangerous|bad)|(?:do|can|are|will|would|could|does) cats\b|in (?:the )?future|prepared|what to do (?:during|if|when)|what is the right thing to do|horror stories|stories about|(?:i|we) (?:have )?(?:read|heard) (?:about|that|of)|reduce the (?:chance|risk)|lower the (?:risk|chance)|chances? of|(?:dangerous|safe|bad|risky|harmful|a risk|a problem|hazards?) (?:for|to) (?:cats|a cat|kittens)|thinking (?:of|about) (?:buying|getting)|so (?:he|she|it|they) (?:does|do|will|can) not|(?:does|do|will) not get (?:poisoned|hurt|sick|hit)|^(?:can|should|could|may|is it ok to|is it okay to) (?:i|we) (?:just )?(?:skip|stop feeding|not give|not feed|cut (?:out|back)|fast|starve|withhold)|(?:i|we) (?:want|plan|am planning|are planning|was thinking|am thinking) (?:to|of) (?:not give|not feed|skip|fast|starve|stop feeding))\b/
const SENIOR =
  /\b(?:senior|elderly|geriatric|old (?:boy|girl|lady|man|cat|guy))\b|\b(?:1[2-9]|2\d) ?(?:years?|yrs?|yo)\b/
const OVERWEIGHT = /\b(?:overweight|obese|fat|chonky|chonk|chunky|heavy|fatty|plump|porky)\b/
const KITTEN = /\bkittens?\b/

function poundsOf(cat: TriageCat, text: string): number | null {
  const said = /\b(\d{1,2}(?:\.\d+)?) ?(lb|lbs|pound|pounds|kg|kgs|kilos?)\b/.exec(text)
  if (said) return said[2]?.startsWith('k') ? Number(said[1]) * 2.2046 : Number(said[1])
  if (cat.weight == null) return null
  return cat.weightUnit?.toLowerCase().startsWith('k') ? cat.weight * 2.2046 : cat.weight
}

function sexOf(text: string, gender: string | null | undefined): 'male' | 'female' | 'unknown' {
  const profile = gender?.trim().toLowerCase()
  if (profile === 'male' || profile === 'female') return profile
  if (/\b(?:he|him|his|himself|male|tom|boy)\b/.test(text)) return 'male'
  if (/\b(?:she|her|hers|herself|female|girl|queen)\b/.test(text)) return 'female'
  return 'unknown'
}

/** The facts of the cat and the message an atom such as "@male" or "@24h" names. */
function contextOf(cat: TriageCat, message: NormalisedMessage, facts: Facts): Set<string> {
  const text = message.text
  const context = new Set<string>()
  const sex = sexOf(text, cat.gender)
  context.add(`@${sex}`)
  if (sex !== 'female') context.add('@notfemale')
  const kitten = cat.age === 0 || (facts.ageWeeks !== null && facts.ageWeeks < 52) || KITTEN.test(text)
  if (kitten) context.add('@kitten').add('@young')
  if (facts.ageWeeks !== null && facts.ageWeeks < 4) context.add('@neonate')
  if ((cat.age ?? 0) >= 11 || SENIOR.test(text)) context.add('@senior')
  if ((poundsOf(cat, text) ?? 0) >= 15 || OVERWEIGHT.test(text)) context.add('@overweight')
  if (/diabet/i.test(cat.medicalConditions ?? '')) context.add('@diabetic')
  if (
    /\b(?:never (?:been )?spayed|not (?:been )?spayed|unspayed|is not spayed|intact female|entire female)\b/.test(
      text,
    )
  )
    context.add('@unspayed')
  const hours = facts.hours ?? 0
  if (hours >= 0.5) context.add('@30m')
  if (hours >= 1) context.add('@1h')
  if (hours >= 2) context.add('@2h')
  if (hours >= 12) context.add('@12h')
  if (hours >= 24) context.add('@24h')
  if ((facts.times ?? 0) >= 3) context.add('@3times')
  const bodyTemperature = /\b(?:his|her|its|body|rectal|cat) temp/.test(text)
  if ((facts.celsius ?? 0) >= 30 && !bodyTemperature) context.add('@hot')
  return context
}

interface Reading {
  mentions: Mention[]
  context: Set<string>
}

/** Mentions of `atom`'s concept with the right sense ("!urinate" wants "can't pee", "vomit" not "no vomiting"). */
function mentionsOf(atom: string, mentions: readonly Mention[]): Mention[] {
  const sense = atom[0] === '!' ? true : atom[0] === '~' ? null : false
  const concept = sense === false ? atom : atom.slice(1)
  return mentions.filter((m) => m.concept === concept && (sense === null || m.negated === sense))
}

/** One mention for each atom, all close together (one sentence, or within WINDOW words). */
function together(groups: readonly Mention[][]): Mention[] | null {
  const [first, ...rest] = groups
  if (!first) return []
  for (const anchor of first) {
    const picked = [anchor]
    for (const group of rest) {
      const near = group.find(
        (m) =>
          m.sentence === anchor.sentence ||
          Math.max(m.end, ...picked.map((p) => p.end)) - Math.min(m.start, ...picked.map((p) => p.start)) <=
            WINDOW,
      )
      if (!near) break
      picked.push(near)
    }
    if (picked.length === groups.length) return picked
  }
  return null
}

function holds(alternative: readonly string[], reading: Reading): Mention[] | null {
  const concepts = alternative.filter((atom) => !atom.startsWith('@'))
  if (!alternative.filter((atom) => atom.startsWith('@')).every((atom) => reading.context.has(atom)))
    return null
  return together(concepts.map((atom) => mentionsOf(atom, reading.mentions)))
}

/** Each clause's words, by clause ("she got splashed by boiling water, anyway any tips for…": two). */
function clauseTexts(words: readonly Token[]): Map<number, string> {
  const texts = new Map<number, string[]>()
  for (const token of words) texts.set(token.clause, [...(texts.get(token.clause) ?? []), token.word])
  return new Map([...texts].map(([clause, list]) => [clause, list.join(' ')]))
}

/** Asking how to prevent something: "getting bitten" in it is not a report of a bite. */
const PREVENTION =
  /\bhow (?:do|can|could|should) (?:i|we) (?:stop|prevent|keep|protect|avoid|lower|reduce|make sure)\b|\bprevent\w*|\bavoid\w*|\blower the (?:risk|chance)|\breduce the (?:risk|chance)/

/** A condition or a relative clause is not what happened: "toxic if a cat chews one", "a mouse that ate poison". */
const NOT_REPORTED = /\b(?:if|when|whenever|in case|unless|after|before|once)\b[^.?!;]*/g
/** "a mouse that ate poison": what another animal did. */
const RELATIVE = /\b(?:that|which|who) (?:ate|had eaten|licked|drank|got into)\b[^.?!;,]*/g

/** "…bad if he licked a little?": a condition in the past tense still reports what happened. */
const REPORTED_IN_CONDITION =
  /\b(?:licked|ate|eaten|chewed|drank|swallowed|got into|bit|lapped|nibbled|has had|had some)\b/

/** "the cat licks my toothbrush sometimes": a habit is asked about, not reported. */
const HABIT = /\b(?:sometimes|always|usually|often|every (?:day|time|morning|night)|keeps trying|tries to)\b/
const PRESENT = /\b(?:he|she|cat|kitten|it|kitty) (?:eat|drink|lick|chew|bite|swallow)s?\b/g
const withoutHabits = (text: string) => (HABIT.test(text) ? text.replace(PRESENT, ' ') : text)

/** A sentence about the past that is over: "years ago he was hit by a car, all healed now". */
const PAST_CONCEPT = 'past'

/** The reviewed signs `message` describes, each marked as happened or asked about. */
export function signsIn(message: NormalisedMessage, cat: TriageCat): SignFound[] {
  const { mentions, words } = readConcepts(message)
  const clauses = clauseTexts(message.tokens)
  const hypothetical = new Set(
    [...clauses]
      .filter(([, text]) => HYPOTHETICAL.test(text) && (PREVENTION.test(text) || !HAPPENED.test(text)))
      .map(([n]) => n),
  )
  const context = contextOf(cat, message, message.facts)
  const over = new Set(
    mentions.filter((m) => m.concept === PAST_CONCEPT && !m.negated).map((m) => m.sentence),
  )
  const current = mentions.filter((m) => !over.has(m.sentence))
  const all: Reading = { mentions: current, context }
  const happening: Reading = { mentions: current.filter((m) => !hypothetical.has(m.clause)), context }
  const sentences = new Map<number, string[]>()
  for (const token of message.tokens) {
    if (!over.has(token.sentence))
      sentences.set(token.sentence, [...(sentences.get(token.sentence) ?? []), token.word])
  }
  const happened = [...sentences.values()].some((list) =>
    HAPPENED.test(
      withoutHabits(list.join(' '))
        .replace(RELATIVE, ' ')
        .replace(NOT_REPORTED, (clause) => (REPORTED_IN_CONDITION.test(clause) ? clause : ' ')),
    ),
  )
  const symptom = current.some((m) => m.concept === 'symptom' && !m.negated)
  const questionOnly = (QUESTION.test(message.text) || message.typed.includes('?')) && !happened
  const found: SignFound[] = []
  for (const rule of URGENT_SIGNS.rules) {
    if ((rule.unless ?? []).some((atom) => holds([atom], all))) continue
    if (rule.toxin) {
      // A poison named at all is answered ("can't cats have dog flea treatment?"); whether it happened
      // is decided below, not by the negation.
      const eitherSense = (alternative: readonly string[]) =>
        alternative.map((atom) =>
          atom.startsWith('@') || atom.startsWith('~') ? atom : `~${atom.replace(/^!/, '')}`,
        )
      const hit = rule.when
        .map((alternative) => holds(eitherSense(alternative), all))
        .find((mention) => mention !== null)
      if (!hit) continue
      const exposed = current.some((m) => m.concept === 'exposure' && !m.negated)
      const asQuestion = rule.cautionOnly === true || !(happened || symptom || (exposed && !questionOnly))
      const [first] = hit
      const named = first
        ? words
            .slice(first.start, first.end + 1)
            .map((token) => token.word)
            .join(' ')
        : undefined
      found.push({ rule, asQuestion, ...(named ? { named } : {}) })
      continue
    }
    if (rule.when.some((alternative) => holds(alternative, happening) !== null))
      found.push({ rule, asQuestion: false })
  }
  return found
}
