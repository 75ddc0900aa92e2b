// The specialist's reply: generated apart from any request, readable from any instance while
// it is written, stored once when it completes or is stopped.

import { appError } from '../../errors.ts'
import type { Cat } from '../../generated/prisma/client.ts'
import { firstAidSituationFor } from '../../knowledge/first-aid.ts'
import type { MessageReading, TriageForAssistant } from '../../services/assistant/types.ts'
import { followReply, ReplyFailedError, ReplyLostError } from '../../services/streams/follow.ts'
import { weightLogForSpecialist } from '../care/specialist-weights.ts'
import { answerFollowUpInChat } from '../follow-ups/chat-answer.ts'
import { scheduleFollowUp } from '../follow-ups/store.ts'
import { currentMedications } from '../record/medications.ts'
import type { ChatDeps } from './deps.ts'
import { type EarlyReply, startEarly } from './early-reply.ts'
import { closeEscalation, holdEscalation } from './escalations.ts'
import { appendAssistantMessage, messageByClientId, recentHistory } from './message-store.ts'
import { serverClientId } from './messages.ts'
import { triageQuestion } from './safety.ts'
import {
  askSecondReader,
  combineLevels,
  type ProductLevel,
  raisedOpening,
  recordDisagreement,
  SECOND_READER_SIGN,
} from './second-reader.ts'
import { catProfile, withCurrentMedications, withWeightLog } from './specialist-cat.ts'
import { higherUrgency, isUrgency, type Urgency } from './triage.ts'

/**
 * The key of a reply's stream: its conversation and its id. Reply ids come from clients (docs/product.md §3:
 * the message ids), so two conversations may use the same one; their streams must never mix.
 */
export function replyStreamId(conversationId: number, replyId: string): string {
  return `${conversationId}:${replyId}`
}

export interface ReplyRequest {
  conversationId: number
  cat: Cat | null
  questionId: number
  replyClientId?: string | undefined
}

/**
 * Starts the specialist's reply to the owner's message `questionId`, apart from any request, and returns
 * its id; a retry while it is being written gets the same id (one generation per message). Readers
 * follow it with `replyPieces`. The reply is stored once, when it completes or is stopped (what was
 * written so far); an upstream failure stores nothing and lets a retry start again.
 */
export async function startSpecialistReply(deps: ChatDeps, request: ReplyRequest): Promise<string> {
  const { streams, log } = deps
  const key = `question:${request.questionId}`
  const wanted = request.replyClientId ?? serverClientId()
  // The claim holds the stream id (conversation and reply id); the caller gets the reply id back.
  const claimed = await streams.claim(key, replyStreamId(request.conversationId, wanted))
  const replyId = claimed.slice(`${request.conversationId}:`.length)
  if (replyId !== wanted) return replyId
  await streams.setActive(request.conversationId, replyId)
  void generateReply(deps, request, key, replyId).catch((error: unknown) =>
    log.error({ err: error, replyId }, 'reply generation failed unexpectedly'),
  )
  return replyId
}

async function generateReply(deps: ChatDeps, request: ReplyRequest, key: string, replyId: string) {
  const { db, streams, log } = deps
  const streamId = replyStreamId(request.conversationId, replyId)
  const controller = new AbortController()
  const offStop = await streams.onStop(streamId, () => controller.abort())
  let text = ''
  let said = ''
  let urgency: Urgency = 'routine'
  let sign: string | null = null
  let catId: number | null = null
  let held: Urgency = 'routine'
  let closes = false
  let kept = false
  let failed = false
  let reading: Promise<MessageReading | null> | null = null
  /** The product's own level and rule, before the model's reading: a disagreement is measured from it. */
  let product: ProductLevel | null = null
  let early: EarlyReply | null = null
  try {
    const history = await recentHistory(db, request.conversationId, request.questionId)
    // "Yes, the vet said it was cystitis" after a follow-up answers it (docs/follow-ups.md).
    await answerFollowUpInChat(db, request.conversationId, request.questionId).catch((error: unknown) =>
      log.warn({ err: error, replyId }, 'a follow-up could not be answered from the chat'),
    )
    // Safety is the product's: the owner's message is triaged here, before any assistant, and what
    // triage says opens the reply whatever the assistant writes after it.
    const safety = await triageQuestion(db, request.cat, history)
    urgency = safety.triage.urgency
    sign = safety.triage.findings[0]?.id ?? null
    catId = safety.cat?.id ?? null
    product = { level: urgency, sign }
    held = safety.held
    closes = safety.triage.closed === true
    // A follow-up while an escalation is open is answered by the product alone: no assistant may turn
    // "he seems fine now" into "see how it goes", and no model is asked to read it.
    kept = safety.triage.kept
    // The second reader starts now, beside the reads below and the reply's own request.
    reading = kept
      ? null
      : askSecondReader(
          deps.assistant,
          { cat: catProfile(safety.cat), history, signal: controller.signal },
          log,
        )
    const cat = withCurrentMedications(
      withWeightLog(catProfile(safety.cat), await weightLogForSpecialist(db, safety.cat)),
      safety.cat ? await currentMedications(db, safety.cat.id) : [],
    )
    const askAssistant = (triage: TriageForAssistant) =>
      startEarly(
        (signal) =>
          deps.assistant.reply({
            cat,
            history,
            signal,
            triage,
            onUrgency: (level) => {
              // Under the reminder, the level the cat already holds is the escalation's, not this
              // question's: only a higher one is the model's own finding.
              if (safety.reminder && higherUrgency(held, level) === held) return
              urgency = higherUrgency(urgency, level)
            },
          }),
        controller.signal,
      )
    const signs = safety.triage.findings.map((finding) => finding.title)
    let opening = safety.opening
    // While the cat's escalation is open, a question about something else is answered as usual below
    // one line that the cat still needs the vet (docs/product.md §4); the model is told it is held.
    const heldForAssistant = safety.reminder && held !== 'routine' ? { held } : {}
    early = kept ? null : askAssistant({ urgency, said: opening, signs, ...heldForAssistant })
    let reminder = safety.reminder
    // Nothing is written before the reading is in, unless the product already says emergency (the
    // reading cannot raise it): the opening must carry the level the reply is given.
    if (reading && urgency !== 'emergency') {
      const read = await reading
      const combined = combineLevels(urgency, read)
      // Under the reminder, a reading at the level the cat already holds is the escalation's, not this
      // question's (as for the model's own level above): the everyday question stays routine below the
      // one line. Only a higher level is a new finding, and its escalation replaces the reminder.
      const heldAlready = reminder !== null && higherUrgency(held, combined.urgency) === held
      if (read && combined.raised && combined.urgency !== 'routine' && !heldAlready) {
        early?.cancel()
        reminder = null
        const question = history.at(-1)?.content ?? ''
        opening = raisedOpening(
          { level: combined.urgency, reading: read },
          { level: urgency, opening },
          question,
          safety.name,
        )
        urgency = combined.urgency
        // The product's rule, when it found one, stays the sign (its follow-up and scoreboard row).
        sign = sign ?? SECOND_READER_SIGN
        early = askAssistant({ urgency, said: opening, signs: read.sign ? [read.sign] : [] })
      }
    }
    const lead = [reminder, opening].filter((part): part is string => part !== null)
    if (lead.length > 0) {
      said = `${lead.join('\n\n')}\n\n`
      text += said
      await streams.append(streamId, said)
    }
    const assistantPieces = early?.pieces ?? []
    for await (const piece of assistantPieces) {
      if (!piece) continue
      text += piece
      await streams.append(streamId, piece)
      await streams.touch(key)
    }
  } catch (error) {
    if (!controller.signal.aborted) {
      // An escalation already written reaches the owner even when the assistant fails after it; a
      // routine reply (a poison question's clear no included) fails as any other and can be retried.
      failed = said === '' || urgency === 'routine'
      log.warn({ err: error, replyId }, 'the assistant failed while replying')
    }
  } finally {
    offStop()
    // A reply given up half-way (a failed write) must not run on upstream.
    early?.cancel()
    if (!failed && text.trim() !== '') {
      try {
        // A reply that is only the escalation keeps it without the gap left for what would follow.
        const stored = text.trim() === said.trim() ? said.trimEnd() : text
        const reply = await appendAssistantMessage(db, request.conversationId, stored, {
          questionId: request.questionId,
          clientId: replyId,
          urgency,
          sign: urgency === 'routine' ? null : sign,
        })
        await keepCatEscalation(db, {
          catId,
          conversationId: request.conversationId,
          reply,
          kept,
          closes,
        }).catch((error: unknown) =>
          log.error({ err: error, replyId }, "the cat's escalation could not be kept"),
        )
        // Every escalation is followed up later: did the cat see a vet? (docs/follow-ups.md)
        await scheduleFollowUp(db, {
          conversationId: request.conversationId,
          messageId: reply.id,
          catId,
          urgency: reply.urgency === 'emergency' || reply.urgency === 'urgent' ? reply.urgency : 'routine',
          sign: reply.sign,
        }).catch((error: unknown) =>
          log.error({ err: error, replyId }, 'the follow-up could not be scheduled'),
        )
      } catch (error) {
        failed = true
        log.error({ err: error, replyId }, 'the reply could not be stored')
      }
    }
    await storeDisagreement(deps, { questionId: request.questionId, product, reading, replyLevel: urgency })
    if (failed || text.trim() === '') await streams.release(key)
    await streams.end(streamId, failed ? 'failed' : 'done')
    await streams.clearActive(request.conversationId, replyId)
  }
}

/** Where the model's reading differs from the product's triage, for the safety scoreboard. */
async function storeDisagreement(
  { db, log }: Pick<ChatDeps, 'db' | 'log'>,
  row: {
    questionId: number
    product: ProductLevel | null
    reading: Promise<MessageReading | null> | null
    replyLevel: Urgency
  },
) {
  const { product, reading } = row
  if (!reading || !product) return
  const save = async (read: MessageReading | null) => {
    if (!read || !combineLevels(product.level, read).disagree) return
    await recordDisagreement(db, { ...row, product, reading: read }).catch((error: unknown) =>
      log.error(
        { err: error, questionId: row.questionId },
        "the second reader's disagreement could not be stored",
      ),
    )
  }
  // A reading already in is stored before the reply's stream ends; one still on its way (an emergency
  // reply does not wait for it) is stored when it comes, without holding the end of the reply back. Of two
  // settled promises, a race takes the first listed.
  const settled = await Promise.race([reading, Promise.resolve(STILL_READING)])
  if (settled === STILL_READING) void reading.then(save)
  else await save(settled)
}

const STILL_READING = Symbol('still reading')

/**
 * The cat's escalation after a stored reply: an urgent or emergency reply that is not a kept one opens
 * it (or raises it); a reply to "the vet saw him" closes it; anything else leaves it as it is.
 */
async function keepCatEscalation(
  db: ChatDeps['db'],
  after: {
    catId: number | null
    conversationId: number
    reply: { id: number; urgency: string | null; sign: string | null }
    kept: boolean
    closes: boolean
  },
): Promise<void> {
  if (after.catId === null) return
  if (after.closes) return closeEscalation(db, after.catId)
  const level = after.reply.urgency
  if (after.kept || (level !== 'urgent' && level !== 'emergency')) return
  await holdEscalation(db, {
    catId: after.catId,
    conversationId: after.conversationId,
    messageId: after.reply.id,
    urgency: level,
    sign: after.reply.sign,
  })
}

/** What a reply stream returns when it ends: how urgent the stored reply was judged. */
export interface ReplyEnd {
  urgency: Urgency
  /** On an urgent reply: the first-aid situation for its sign (docs/first-aid.md), when there is one. */
  first_aid?: string
}

/** A stored reply's end: its urgency, and the first-aid situation of the sign that escalated it. */
function replyEnd(urgency: string | null | undefined, sign?: string | null): ReplyEnd {
  const level = isUrgency(urgency) ? urgency : 'routine'
  const firstAid = level === 'routine' ? null : firstAidSituationFor(sign)
  return firstAid ? { urgency: level, first_aid: firstAid } : { urgency: level }
}

export type ReplyStream = AsyncGenerator<string, ReplyEnd, undefined>

/**
 * A reply's pieces for a client, with a failed generation as the catalogue's 503; its return value is
 * the urgency stored with the reply.
 */
export async function* replyPieces(
  deps: Pick<ChatDeps, 'db' | 'streams'>,
  conversationId: number,
  replyId: string,
  signal?: AbortSignal,
): ReplyStream {
  try {
    yield* followReply(deps.streams, replyStreamId(conversationId, replyId), signal)
  } catch (error) {
    if (error instanceof ReplyFailedError || error instanceof ReplyLostError) {
      throw appError('ASSISTANT_UNAVAILABLE', { cause: error })
    }
    throw error
  }
  const stored = await messageByClientId(deps.db, conversationId, replyId)
  return replyEnd(stored?.urgency, stored?.sign)
}

/** A text already known (a stored reply) as a stream of one piece; an empty text is no piece at all. */
export async function* onePiece(text: string, urgency?: string | null, sign?: string | null): ReplyStream {
  if (text) yield text
  return replyEnd(urgency, sign)
}
