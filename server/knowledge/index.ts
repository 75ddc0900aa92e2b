// Reviewed advice as data: the urgent signs and the care topics live in the JSON files of
// this folder, each entry with the public guidance it follows, so a vet or a careful owner can review a
// pull request of data. They are checked with zod when the server starts: a bad file stops start-up
// with a message that names the file and the entry.
import { z } from 'zod'
import careTopicsFile from './care-topics.json' with { type: 'json' }
import triageConceptsFile from './triage-concepts.json' with { type: 'json' }
import triageContextFile from './triage-context.json' with { type: 'json' }
import urgentSignsFile from './urgent-signs.json' with { type: 'json' }

const source = z.object({ name: z.string().min(3), url: z.url().optional() })
const sources = z.array(source).min(1, 'every entry names at least one source')

export const URGENCY_LEVELS = ['routine', 'urgent', 'emergency'] as const
export type Urgency = (typeof URGENCY_LEVELS)[number]

/** A rule's condition (docs/triage.md, "Rules over concepts"): a concept id ("vomit"), a negated mention
 * ("!urinate": "can't pee"), either sense ("~at-all"), or a fact of the message or the cat ("@male", "@24h"). */
const atom = z.string().regex(/^(?:[!~]?[a-z0-9-]+|@[a-z0-9]+)$/)

const urgentSign = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  title: z.string().min(3),
  level: z.enum(['urgent', 'emergency']),
  /** A poison: a question about it ("can I give…?") gets `caution`, what happened gets the escalation. */
  toxin: z.boolean().optional(),
  /** A poison-like thing that is answered with the caution even when it happened (cow's milk, tuna). */
  cautionOnly: z.boolean().optional(),
  /** Any one alternative holds when every atom of it holds, its mentions close together. */
  when: z.array(z.array(atom).min(1)).min(1),
  /** A concept that rules the sign out ("not peeing outside the box" is not a blockage). */
  unless: z.array(atom).optional(),
  /** The deciding question when the message lacks the fact that would make it an emergency. */
  ask: z.string().min(10).optional(),
  /** First aid and what to tell the clinic; {name} is the cat, {POISON_ADVICE} the hotlines line. */
  advice: z.array(z.string().min(10)).min(1),
  caution: z.string().min(10).optional(),
  sources,
})

const followUps = z.object({
  keep: z.object({ emergency: z.string(), urgent: z.string() }),
  cost: z.string(),
  better: z.string(),
  wait: z.string(),
  home: z.string(),
  closed: z.string(),
  closing: z.string(),
})

export const urgentSignsSchema = z.object({
  version: z.literal(2),
  reviewedBy: z.string(),
  poisonAdvice: z.string().includes('(888) 426-4435').includes('(855) 764-7661'),
  headlines: z.object({ emergency: z.string(), urgent: z.string() }),
  bring: z.string(),
  closing: z.string(),
  followUps,
  rules: z.array(urgentSign).min(1),
})
export type UrgentSigns = z.infer<typeof urgentSignsSchema>
export type UrgentSign = UrgentSigns['rules'][number]

const topicId = z.enum([
  'feeding',
  'weight',
  'litter-box',
  'vomiting',
  'digestion',
  'appetite',
  'grooming',
  'dental',
  'play',
  'behaviour',
  'scratching',
  'introductions',
  'travel',
  'kittens',
  'seniors',
  'arthritis',
  'kidney',
  'diabetes',
  'hyperthyroidism',
  'urinary',
  'parasites',
  'respiratory',
])
export type TopicId = z.infer<typeof topicId>

export const careTopicSchema = z.object({
  id: topicId,
  title: z.string().min(3),
  /**
   * Words and phrases that point at this topic, matched as whole words that may take a plural or
   * verb ending ("vomit" matches "vomited"). Phrases weigh more than single words.
   */
  keywords: z.array(z.string().min(2)).min(1),
  /** Weaker hints that only tip the balance between topics ("brush" for dental care). */
  related: z.array(z.string().min(2)).optional(),
  /** Health topics get the short not-a-vet note. */
  medical: z.boolean(),
  summary: z.string().min(20),
  tips: z.array(z.string().min(10)).min(1),
  whenToSeeVet: z.string().optional(),
  kittenNote: z.string().optional(),
  seniorNote: z.string().optional(),
  /** The question that ends the reply and keeps the conversation going; {name} is the cat. */
  followUp: z.string(),
  sources,
})
export type CareTopic = z.infer<typeof careTopicSchema>

/** A pattern of an everyday answer: a regular expression over the plain message (shared/rules/plain-text.ts). */
const messagePattern = z.string().refine((pattern) => {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}, 'not a regular expression')

/**
 * An everyday question answered first, in the cat's terms, before its topic's text (docs/triage.md,
 * "Offline answers"): asked when every pattern of one `when` alternative is found in the message.
 */
export const everydayAnswerSchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  topic: topicId,
  when: z.array(z.array(messagePattern).min(1)).min(1),
  /** Patterns that rule the answer out ("eats too fast" is no fast). */
  unless: z.array(messagePattern).optional(),
  /**
   * The answer's first lines. {name}, {age}, {weight}, {weeklyLoss} and {conditions} are the cat's; a
   * line naming a fact the profile and the message do not give is left out, as is a line marked
   * `kitten:` for a cat that is not one.
   */
  lead: z.array(z.string().min(10)).min(1),
  sources,
})
export type EverydayAnswer = z.infer<typeof everydayAnswerSchema>

export const careTopicsSchema = z.object({
  version: z.literal(1),
  reviewedBy: z.string(),
  topics: z
    .array(careTopicSchema)
    .min(1)
    .refine((topics) => new Set(topics.map((t) => t.id)).size === topics.length, 'topic ids repeat'),
  /** In the order they are tried: the first that holds answers. */
  answers: z.array(everydayAnswerSchema).default([]),
})

/** A knowledge file checked against its schema; a bad one throws with the file and the entries named. */
export function checkKnowledgeFile<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    throw new Error(
      `server/knowledge/${file} is not valid, so the server does not start:\n${z.prettifyError(parsed.error)}`,
    )
  }
  return parsed.data
}

export const URGENT_SIGNS: UrgentSigns = checkKnowledgeFile(
  'urgent-signs.json',
  urgentSignsSchema,
  urgentSignsFile,
)
const careTopics = checkKnowledgeFile('care-topics.json', careTopicsSchema, careTopicsFile)

export const CARE_TOPICS: readonly CareTopic[] = careTopics.topics
export const EVERYDAY_ANSWERS: readonly EverydayAnswer[] = careTopics.answers

export const triageConceptsSchema = z.object({
  version: z.literal(1),
  reviewedBy: z.string(),
  /** Each concept's words and phrases, as owners write them; matched after spelling and stemming. */
  concepts: z.record(z.string().regex(/^[a-z0-9-]+$/), z.array(z.string().min(1)).min(1)),
  /** A mention inside a longer one of these concepts is not itself: a "peace lily" is no true lily. */
  shadows: z.record(z.string(), z.array(z.string())),
})

const triageConcepts = checkKnowledgeFile('triage-concepts.json', triageConceptsSchema, triageConceptsFile)
export const TRIAGE_CONCEPTS: Readonly<Record<string, readonly string[]>> = triageConcepts.concepts
export const TRIAGE_SHADOWS: Readonly<Record<string, readonly string[]>> = triageConcepts.shadows

/** Every concept a rule names exists: a typo in a rule would silently never match. */
for (const rule of URGENT_SIGNS.rules) {
  for (const atom of [...rule.when.flat(), ...(rule.unless ?? [])]) {
    const concept = atom.replace(/^[!~]/, '')
    if (!atom.startsWith('@') && !(concept in TRIAGE_CONCEPTS)) {
      throw new Error(
        `server/knowledge/urgent-signs.json: rule ${rule.id} names the unknown concept "${concept}"`,
      )
    }
  }
}

/** A regular expression's source as a context rule holds it ("re:…"), checked so a bad one stops start-up. */
const contextPattern = z
  .string()
  .regex(/^re:/)
  .refine((atom) => {
    try {
      new RegExp(atom.slice(3))
      return true
    } catch {
      return false
    }
  }, 'not a valid regular expression')
const contextAtom = z.union([contextPattern, z.string().regex(/^[a-z0-9-]+$/)])

/**
 * A context rule (docs/triage.md, "Context"): where a sign's word is not about the cat now, literally, it
 * does not count. `signs` are the concepts it reaches ("*": every one); `when` lists alternatives, each
 * holding when all its atoms hold in the sign's sentence: a concept mentioned there, or a pattern over the
 * sentence's words ("re:…") that, with scope "span", must cover the sign's own words.
 */
const contextRule = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  /** The question it answers: whom the sign is about, whether it is meant literally, when, whether it happened. */
  reads: z.enum(['about', 'literal', 'when', 'happened']),
  why: z.string().min(20),
  signs: z.array(z.string().regex(/^(?:\*|[a-z0-9-]+)$/)).min(1),
  scope: z.enum(['span', 'sentence']),
  when: z.array(z.array(contextAtom).min(1)).min(1),
  /** Owner messages the rule reads as no sign, and near ones it must leave alone: its unit tests. */
  talkedDown: z.array(z.string().min(10)).min(1),
  kept: z.array(z.string().min(10)).min(1),
  sources,
})

export const triageContextSchema = z.object({
  version: z.literal(1),
  reviewedBy: z.string(),
  /** Signs no context rule ever talks down (a blocked tom, open-mouth breathing, a true lily…). */
  hardSigns: z.array(z.string()).min(1),
  rules: z
    .array(contextRule)
    .min(1)
    .refine((rules) => new Set(rules.map((r) => r.id)).size === rules.length, 'context rule ids repeat'),
})
export type TriageContextRule = z.infer<typeof contextRule>

export const TRIAGE_CONTEXT = checkKnowledgeFile(
  'triage-context.json',
  triageContextSchema,
  triageContextFile,
)

/** Every hard sign is a rule and every concept a context rule names exists. */
for (const id of TRIAGE_CONTEXT.hardSigns) {
  if (!URGENT_SIGNS.rules.some((rule) => rule.id === id))
    throw new Error(
      `server/knowledge/triage-context.json: the hard sign "${id}" is no rule of urgent-signs.json`,
    )
}
for (const rule of TRIAGE_CONTEXT.rules) {
  for (const concept of [...rule.signs, ...rule.when.flat()]) {
    if (concept === '*' || concept.startsWith('re:') || concept in TRIAGE_CONCEPTS) continue
    throw new Error(
      `server/knowledge/triage-context.json: rule ${rule.id} names the unknown concept "${concept}"`,
    )
  }
}
