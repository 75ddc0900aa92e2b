// The second reader (docs/triage.md "The second reader"): with a model configured, the model reads every
// owner message too. The reply's level is the higher of the product's triage and the model's reading, so
// a model can raise a level and never lower one; where the two differ, it is stored for the safety
// scoreboard (docs/follow-ups.md).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import { URGENT_SIGNS } from '../../knowledge/index.ts'
import type {
  Assistant,
  AssistantMessage,
  CatProfileForAssistant,
  MessageReading,
} from '../../services/assistant/types.ts'
import { forCat, higherUrgency, type Urgency } from './triage.ts'

/** The sign stored on a reply the model's reading raised (no rule of the product's found it). */
export const SECOND_READER_SIGN = 'second-reader'
/** A quote longer than this is not a quote of a sign. */
const MAX_EVIDENCE_CHARS = 200

/**
 * The model's reading of the owner's last message; null with no model, or when the reading failed or
 * was too late (the assistant bounds it): the product's triage then stands alone. Never rejects.
 */
export function askSecondReader(
  assistant: Assistant,
  input: { cat: CatProfileForAssistant | null; history: AssistantMessage[]; signal: AbortSignal },
  log: FastifyBaseLogger,
): Promise<MessageReading | null> | null {
  if (!assistant.readMessage) return null
  return assistant.readMessage(input).catch((error: unknown) => {
    if (!input.signal.aborted) log.warn({ err: error }, 'the second reader gave no reading')
    return null
  })
}

/** The model's level for this cat now: a sign it read as not this cat's, or not now, is no sign. */
function modelLevel(reading: MessageReading): Urgency {
  return reading.aboutThisCatNow ? reading.level : 'routine'
}

export interface CombinedLevel {
  urgency: Urgency
  /** The model's reading made the reply more urgent than the product's triage. */
  raised: boolean
  /** The two readings differ (either way). */
  disagree: boolean
}

export function combineLevels(product: Urgency, reading: MessageReading | null): CombinedLevel {
  if (!reading) return { urgency: product, raised: false, disagree: false }
  const model = modelLevel(reading)
  const urgency = higherUrgency(product, model)
  return { urgency, raised: urgency !== product, disagree: model !== product }
}

/** The model's quote, only when it is truly the owner's words (a model may paraphrase or invent). */
function quotedEvidence(reading: MessageReading, question: string): string | null {
  const evidence = reading.evidence.replace(/^["“']+|["”']+$/g, '').trim()
  if (evidence.length < 3 || evidence.length > MAX_EVIDENCE_CHARS) return null
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ')
  return squash(question).includes(squash(evidence)) ? evidence : null
}

/**
 * What a reply the model raised opens with: the product's own headline for that level, the owner's words
 * it rests on, then the product's escalation if it made one (its sections, under the higher headline), or
 * what to bring. No first aid is invented: the product's sections belong to its own rules.
 */
export function raisedOpening(
  raised: { level: Exclude<Urgency, 'routine'>; reading: MessageReading },
  product: { level: Urgency; opening: string | null },
  question: string,
  name: string,
): string {
  const quoted = quotedEvidence(raised.reading, question)
  const head = [
    forCat(URGENT_SIGNS.headlines[raised.level], name),
    quoted ? `You wrote: “${quoted}”. That needs a vet's eyes, not a wait at home.` : null,
  ]
  const urgentHead = forCat(URGENT_SIGNS.headlines.urgent, name)
  // An urgent escalation raised to an emergency: one headline, the higher, over the same sections.
  if (product.level === 'urgent' && product.opening?.startsWith(urgentHead)) {
    return [...head, product.opening.slice(urgentHead.length).trim()].filter((line) => line).join('\n\n')
  }
  const own = [...head, forCat(URGENT_SIGNS.bring, name), forCat(URGENT_SIGNS.closing, name)]
  // A poison question's calm "no" (a routine caution) still follows.
  if (product.opening) own.push(product.opening)
  return own.filter((line) => line).join('\n\n')
}

/** The product's own level for a message and the rule that decided it. */
export interface ProductLevel {
  level: Urgency
  sign: string | null
}

/** Stores a disagreement once per owner message (a retried reply finds it there). */
export async function recordDisagreement(
  db: Db,
  row: {
    questionId: number
    product: ProductLevel
    reading: MessageReading
    replyLevel: Urgency
  },
): Promise<void> {
  await db.triageDisagreement.createMany({
    data: [
      {
        questionId: row.questionId,
        productLevel: row.product.level,
        productSign: row.product.sign,
        modelLevel: modelLevel(row.reading),
        modelSign: row.reading.sign.slice(0, MAX_EVIDENCE_CHARS),
        evidence: row.reading.evidence.slice(0, MAX_EVIDENCE_CHARS),
        aboutThisCatNow: row.reading.aboutThisCatNow,
        replyLevel: row.replyLevel,
      },
    ],
    skipDuplicates: true,
  })
}
