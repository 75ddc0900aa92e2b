// The product's triage (issue 20): urgent signs are recognised here, on every owner message, before any
// assistant; no model or configuration can turn the escalation off. The signs are reviewed data
// (server/knowledge/urgent-signs.json); this file only reads them.

import { plainText } from '../../../shared/rules/plain-text.ts'
import { URGENCY_LEVELS, URGENT_SIGNS, type Urgency, type UrgentSign } from '../../knowledge/index.ts'

export type { Urgency }

/** One turn as triage reads it: server-written replies carry the urgency they were judged with. */
export interface TriageTurn {
  role: 'user' | 'assistant'
  content: string
  urgency?: Urgency | null
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
}

export function isUrgency(value: unknown): value is Urgency {
  return typeof value === 'string' && (URGENCY_LEVELS as readonly string[]).includes(value)
}

const RANK: Record<Urgency, number> = { routine: 0, urgent: 1, emergency: 2 }

export function higherUrgency(a: Urgency, b: Urgency): Urgency {
  return RANK[b] > RANK[a] ? b : a
}

interface CompiledSign {
  rule: UrgentSign
  any: RegExp[]
  all: RegExp[][]
}

const COMPILED: readonly CompiledSign[] = URGENT_SIGNS.rules.map((rule) => ({
  rule,
  any: rule.signs.map((source) => new RegExp(source)),
  all: (rule.all ?? []).map((group) => group.map((source) => new RegExp(source))),
}))

/** Words that say it already happened: "he ate", "I gave", "she licked". */
const HAPPENED =
  /\b(?:ate|eaten|chewed|chewing|licked|licking|drank|drunk|drinking|swallowed|gave|given|got into|nibbled|bit into|bitten|has had|had some|just had|already|applied|put (?:some|it|the|a|dog)|sprayed|is eating|was eating)\b/

/** A question about something that has not happened: "can I give…?", "are lilies in a vase OK?". */
const PREVENTION =
  /^(?:can|could|should|may|is|are|does|do|what|which|how|would|will)\b|\b(?:safe|ok|okay|alright|all right|allowed|good (?:for|snack|idea|treat)|bad for|toxic|poisonous|dangerous|harmful)\b/

/** Asking to wait after a warning: "can it wait until morning?", "is tomorrow ok?". */
const ASKS_TO_WAIT =
  /\b(?:wait|until (?:the )?morning|till (?:the )?morning|tomorrow|overnight|in the morning|hold off|next week|monday|after work|sleep on it|see how (?:he|she|it|they) (?:is|does))\b/

function sexOf(text: string, gender: string | null | undefined): 'male' | 'female' | 'unknown' {
  const profile = gender?.trim().toLowerCase()
  if (profile === 'male' || profile === 'female') return profile
  if (/\b(?:he|him|his|he's|male|tom|boy)\b/.test(text)) return 'male'
  if (/\b(?:she|her|hers|she's|female|girl|queen)\b/.test(text)) return 'female'
  return 'unknown'
}

function matches(sign: CompiledSign, text: string, sex: ReturnType<typeof sexOf>): boolean {
  if (sign.rule.notFor === 'female' && sex === 'female') return false
  if (sign.any.some((pattern) => pattern.test(text))) return true
  return sign.all.length > 0 && sign.all.every((group) => group.some((pattern) => pattern.test(text)))
}

const POISON_LINE = '{POISON_ADVICE}'
const withHotlines = (line: string) => (line === POISON_LINE ? URGENT_SIGNS.poisonAdvice : line)

/** The rules a message describes, most pressing first, without saying the same thing twice. */
function signsIn(text: string, gender: string | null | undefined): UrgentSign[] {
  const sex = sexOf(text, gender)
  const found = COMPILED.filter((sign) => matches(sign, text, sex)).map((sign) => sign.rule)
  const ids = new Set(found.map((rule) => rule.id))
  // A blocked cat already gets the straining advice; a named toxin already the general poisoning advice;
  // not eating already has its own entry when it comes with hiding and vomiting.
  const redundant = new Set<string>()
  if (ids.has('urinary-blockage')) redundant.add('urinary-straining-male')
  if (found.some((rule) => rule.toxin && rule.id !== 'poisoning')) redundant.add('poisoning')
  if (ids.has('hiding-vomiting-not-eating')) redundant.add('not-eating')
  return found.filter((rule) => !redundant.has(rule.id)).sort((a, b) => RANK[b.level] - RANK[a.level])
}

function section(rule: UrgentSign): string {
  return `**${rule.title}**\n\n${rule.advice.map((line) => `- ${withHotlines(line)}`).join('\n')}`
}

function escalationText(level: Exclude<Urgency, 'routine'>, rules: readonly UrgentSign[]): string {
  return [
    URGENT_SIGNS.headlines[level],
    ...rules.map(section),
    URGENT_SIGNS.bring,
    URGENT_SIGNS.closing,
  ].join('\n\n')
}

/** The most pressing level an earlier reply of the conversation was judged with. */
function earlierWarning(earlier: readonly TriageTurn[]): Urgency {
  return earlier
    .filter((turn) => turn.role === 'assistant')
    .slice(-2)
    .reduce<Urgency>((level, turn) => higherUrgency(level, turn.urgency ?? 'routine'), 'routine')
}

/**
 * Triage of the owner's message `message` about a cat of `gender`, in the light of the turns before it.
 * The texts it returns keep `{name}` for the caller to fill in with the cat's name.
 */
export function triageMessage(
  message: string,
  cat: { gender?: string | null | undefined },
  earlier: readonly TriageTurn[] = [],
): TriageResult {
  const text = plainText(message)
  const found = signsIn(text, cat.gender)
  const question = PREVENTION.test(text) && !HAPPENED.test(text)
  // A question about a poison that has not happened is answered with a clear no; any other sign is urgent.
  const cautions = question ? found.filter((rule) => rule.toxin && rule.caution) : []
  const urgent = found.filter((rule) => !cautions.includes(rule))
  const caution = cautions.length > 0 ? cautions.map((rule) => rule.caution).join('\n\n') : null
  const findings = urgent.map(({ id, title, advice }) => ({ id, title, advice: advice.map(withHotlines) }))
  const level = urgent.reduce<Urgency>((max, rule) => higherUrgency(max, rule.level), 'routine')
  if (level !== 'routine') {
    return { urgency: level, findings, escalation: escalationText(level, urgent), caution }
  }
  // "It's 2 am, can it wait until morning?" right after a warning: no.
  const warned = earlierWarning(earlier)
  if (warned !== 'routine' && ASKS_TO_WAIT.test(text)) {
    const lines = warned === 'emergency' ? URGENT_SIGNS.waitFollowUp : URGENT_SIGNS.waitFollowUpUrgent
    return {
      urgency: warned,
      findings: [],
      escalation: [lines, URGENT_SIGNS.bring, URGENT_SIGNS.closing].join('\n\n'),
      caution: null,
    }
  }
  return { urgency: 'routine', findings: [], escalation: null, caution }
}

/** `{name}` filled in with the cat's name. */
export function forCat(text: string, name: string): string {
  return text.replaceAll('{name}', name)
}
