// The product's triage: urgent signs are recognised here, on every owner message, before any assistant;
// no model or configuration can turn the escalation off. How it reads a message (spelling, negation,
// concepts, rules over them) is in docs/triage.md; the signs and concepts are reviewed data in
// server/knowledge/. An escalation stays open through the conversation until the owner says the cat has
// been seen or that it was a mistake.

import { plainText } from '../../../shared/rules/plain-text.ts'
import { URGENCY_LEVELS, URGENT_SIGNS, type Urgency, type UrgentSign } from '../../knowledge/index.ts'
import { readConcepts, spelling } from '../triage/concepts.ts'
import { normaliseMessage } from '../triage/normalise.ts'
import { type SignFound, signsIn, type TriageCat } from '../triage/rules.ts'

export type { TriageCat, Urgency }

/** One turn as triage reads it: server-written replies carry the urgency they were judged with. */
export interface TriageTurn {
  role: 'user' | 'assistant'
  content: string
  urgency?: Urgency | null | undefined
}

export interface TriageFinding {
  id: string
  title: string
  /** First aid and what to tell the clinic; {name} is still to be replaced. */
  advice: readonly string[]
}

export interface TriageResult {
  urgency: Urgency
  findings: TriageFinding[]
  /** What the reply starts with, whatever the assistant writes after it; null when nothing is urgent. */
  escalation: string | null
  /** A clear "no, and why" for a question about a poison that has not happened; null otherwise. */
  caution: string | null
  /** The reply keeps an escalation made earlier in the conversation (a follow-up that puts off the vet). */
  kept: boolean
  /**
   * While the cat's escalation is open and the message is about something else (a toy, a photo, food):
   * the one line the reply opens with, saying the cat still needs the vet; the question is answered as
   * usual below it. Null otherwise.
   */
  reminder?: string | null
  /** The owner says the cat was seen, or that it was a mistake: the open escalation closes. */
  closed?: boolean
}

export function isUrgency(value: unknown): value is Urgency {
  return typeof value === 'string' && (URGENCY_LEVELS as readonly string[]).includes(value)
}

const RANK: Record<Urgency, number> = { routine: 0, urgent: 1, emergency: 2 }

export function higherUrgency(a: Urgency, b: Urgency): Urgency {
  return RANK[b] > RANK[a] ? b : a
}

const POISON_LINE = '{POISON_ADVICE}'
const withHotlines = (line: string) => (line === POISON_LINE ? URGENT_SIGNS.poisonAdvice : line)
/** A reply names at most this many signs: more would bury the first aid that matters. */
const MAX_SECTIONS = 3

/** Rules that say less than another rule found in the same message. */
function withoutRedundant(rules: readonly UrgentSign[]): UrgentSign[] {
  const ids = new Set(rules.map((rule) => rule.id))
  const redundant = new Set<string>()
  if (ids.has('urinary-blockage')) redundant.add('urinary-female')
  if (ids.has('urinary-blockage') || ids.has('urinary-female')) redundant.add('blood-in-urine')
  if (rules.some((rule) => rule.toxin && rule.id !== 'unknown-toxin'))
    redundant.add('poisoning').add('unknown-toxin')
  if (ids.has('eye-out')) redundant.add('eye')
  if (ids.has('urinary-blockage') || ids.has('dystocia')) redundant.add('straining-long')
  if (ids.has('heatstroke')) redundant.add('collapse')
  if (ids.has('not-eating')) redundant.add('not-eating-ask')
  if (ids.has('diabetic-crisis')) redundant.add('head-tilt').add('seizure').add('collapse')
  if (ids.has('neonatal-kitten')) redundant.add('young-kitten').add('not-eating').add('collapse')
  if (ids.has('painkillers')) redundant.add('human-medicines')
  if (['seizure', 'collapse', 'heatstroke', 'diabetic-crisis'].some((id) => ids.has(id)))
    redundant.add('head-tilt')
  if (ids.has('dystocia')) redundant.add('urinary-female').add('urinary-blockage').add('blood-in-urine')
  if (ids.has('black-stool-vomit-blood')) redundant.add('vomiting')
  if (ids.has('snake-sting')) redundant.add('face-swelling')
  if (ids.has('lilies')) redundant.add('lily-pollen-unknown')
  return rules.filter((rule) => !redundant.has(rule.id)).sort((a, b) => RANK[b.level] - RANK[a.level])
}

function section(rule: UrgentSign): string {
  return `**${rule.title}**\n\n${rule.advice.map((line) => `- ${withHotlines(line)}`).join('\n')}`
}

function escalationText(level: Exclude<Urgency, 'routine'>, rules: readonly UrgentSign[]): string {
  const asks = level === 'urgent' ? rules.flatMap((rule) => (rule.ask ? [`**${rule.ask}**`] : [])) : []
  return [
    URGENT_SIGNS.headlines[level],
    ...asks,
    ...rules.slice(0, MAX_SECTIONS).map(section),
    URGENT_SIGNS.bring,
    URGENT_SIGNS.closing,
  ].join('\n\n')
}

/** The level of the escalation still open in the conversation: the latest reply's, if it escalated. */
function openEscalation(earlier: readonly TriageTurn[]): Urgency {
  const last = earlier.filter((turn) => turn.role === 'assistant').at(-1)
  return last?.urgency ?? 'routine'
}

const WORRIES: ReadonlyArray<[keyof typeof URGENT_SIGNS.followUps, RegExp]> = [
  [
    'cost',
    /\b(?:afford|money|expensive|cost|costs|price|pay|broke|cheap|bill|bills|insurance|funds|cash|budget|savings)\b/,
  ],
  [
    'better',
    /\b(?:better|fine|okay|ok|normal|perked up|eating (?:now|again)|ate (?:a bit|something|some|a little)|calmer|improv\w*|recovered|playing|purring|back to (?:himself|herself|normal))\b/,
  ],
  [
    'wait',
    /\b(?:wait|watch|tonight|overnight|morning|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|later|next week|see how|monitor|keep an eye|in a few|hours|days)\b/,
  ],
  [
    'home',
    /\b(?:at home|home remed\w*|remed\w*|instead|give (?:him|her|them|it)|washed|wash|rinse|rinsed|bath|made (?:him|her) (?:sick|vomit|throw up)|make (?:him|her) (?:sick|vomit|throw up)|peroxide|salt|milk|oil|cranberry|natural|herbal|cbd|benadryl|tea|honey|home)\b/,
  ],
  [
    'closed',
    /\b(?:closed|no vet|not open|nobody open|after hours|out of hours|appointment|booked|nearest)\b/,
  ],
]

/** The one line above every other answer while the cat's escalation is open (docs/product.md §4). */
const REMINDER: Record<Exclude<Urgency, 'routine'>, string> = {
  emergency:
    '**Reminder: {name} still needs a vet now** for what you told me earlier; please go as soon as you can.',
  urgent: '**Reminder: {name} still needs to be seen by a vet today** for what you told me earlier.',
}

/** Words that make a message about the emergency itself, beside the worries above. */
const ABOUT_THE_VET =
  /\b(?:vets?|clinic|hospital|emergency|er|urgent|symptoms?|sign|signs|worse|dying|die|dead|pain|hurt\w*|breath\w*|pee\w*|urin\w*|straining|blocked|poison\w*|vomit\w*|bleed\w*|blood|swell\w*|wound|lump|limp\w*|injur\w*|broken|sick|ill|letharg\w*|serious|dangerous|overreact\w*|panic\w*|worried|worry|normal|happy|okay|ok|fine|safe)\b/

/** Everyday care a question can be about while the cat waits for the vet: toys, photos, food, grooming. */
const EVERYDAY =
  /\b(?:toys?|play\w*|games?|puzzles?|wand|laser|catnip|scratch\w*|tree|tower|bed|beds|brush\w*|groom\w*|nails?|claws?|food|foods|kibble|treats?|diet|brand|recipes?|photos?|pictures?|pics?|names?|breeds?|cute|bored|busy|enrichment|carrier|travel)\b/

const QUESTION =
  /\?\s*$|^(?:what|which|how|can|could|should|is|are|do|does|any|where|when|who|why|would|will|recommend|suggest)\b/

/**
 * An everyday question (a toy, a photo, food) rather than one about the open emergency: only these are
 * answered as usual below the reminder; anything else, and every message that plays the emergency down,
 * keeps the escalation's own answer (docs/triage.md: the follow-ups that keep it).
 */
function everydayQuestion(text: string): boolean {
  if (ABOUT_THE_VET.test(text) || WORRIES.some(([, pattern]) => pattern.test(text))) return false
  return EVERYDAY.test(text) && QUESTION.test(text.trim())
}

/** A reply to a follow-up while an escalation is open: the level holds, and the worry is answered. */
function keptEscalation(level: Exclude<Urgency, 'routine'>, text: string): TriageResult {
  const worries = WORRIES.filter(([, pattern]) => pattern.test(text)).map(
    ([key]) => URGENT_SIGNS.followUps[key],
  )
  return {
    urgency: level,
    findings: [],
    escalation: [
      URGENT_SIGNS.followUps.keep[level],
      ...worries,
      URGENT_SIGNS.bring,
      URGENT_SIGNS.closing,
    ].join('\n\n'),
    caution: null,
    kept: true,
  }
}

/**
 * Triage of the owner's message `message` about `cat`, in the light of the turns before it. The texts
 * it returns keep `{name}` for the caller to fill in with the cat's name.
 */
export function triageMessage(
  message: string,
  cat: TriageCat,
  earlier: readonly TriageTurn[] = [],
  /**
   * The level of the cat's open escalation, as the chat stores it per cat (server/domain/chat/escalations.ts).
   * With it, a message about something else is answered below a reminder line instead of the kept
   * escalation; without it (a direct call), the latest reply in `earlier` holds the level, as it always did.
   */
  held?: Urgency,
): TriageResult {
  const normalised = normaliseMessage(plainText(message), spelling)
  const found = signsIn(normalised, cat)
  const cautions = found.filter((sign) => sign.asQuestion && sign.rule.caution)
  const urgent = withoutRedundant(found.filter((sign) => !sign.asQuestion).map((sign) => sign.rule))
  const caution = cautions.length > 0 ? cautions.map(cautionFor).join('\n\n') : null
  const level = urgent.reduce<Urgency>((max, rule) => higherUrgency(max, rule.level), 'routine')
  const open = held ?? openEscalation(earlier)
  if (level !== 'routine' && RANK[level] >= RANK[open]) {
    const findings = urgent.map(({ id, title, advice }) => ({ id, title, advice: advice.map(withHotlines) }))
    return { urgency: level, findings, escalation: escalationText(level, urgent), caution, kept: false }
  }
  if (open !== 'routine') {
    const closes = readConcepts(normalised).mentions.some((m) => m.concept === 'closing' && !m.negated)
    if (closes)
      return { urgency: 'routine', findings: [], escalation: null, caution, kept: false, closed: true }
    if (held === undefined || level !== 'routine' || !everydayQuestion(normalised.text))
      return keptEscalation(open, normalised.text)
    return {
      urgency: 'routine',
      findings: [],
      escalation: null,
      caution,
      kept: false,
      reminder: REMINDER[open],
    }
  }
  return { urgency: 'routine', findings: [], escalation: null, caution, kept: false }
}

/** The rule's calm "no", naming the thing in the owner's own words when the rule's text does not. */
function cautionFor(sign: SignFound): string {
  const text = sign.rule.caution ?? ''
  const named = sign.named
  if (!named || text.toLowerCase().includes(named)) return text
  return text.replace(/^(\*\*[^*]+\*\*)/, `$1 That goes for ${named} too.`)
}

/** `{name}` filled in with the cat's name. */
export function forCat(text: string, name: string): string {
  return text.replaceAll('{name}', name)
}
