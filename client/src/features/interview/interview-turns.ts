// The interview's turns (docs/product.md §4), each a plain async function over the driver's context: scripted
// lines with their delays, a question (the receptionist's generated line for a signed-in owner, else the
// scripted one) shown in pairs of sentences 4.75 s apart, and the check of the owner's answer with the
// triage's escalation said before the next question. No React, no storage, no server client: what they need
// comes in through TurnContext (interview-driver.ts builds it).
import { INTERVIEW } from '../../../../shared/constants.ts'
import { ERRORS } from '../../../../shared/errors.ts'
import type { InterviewField } from '../../../../shared/options.ts'
import { chunkReply } from '../../../../shared/rules/chunking.ts'
import { applyCheck } from '../../../../shared/rules/interview-flow.ts'
import {
  CHECK_FAILED_REASON,
  HOLDING_MESSAGE,
  type ScriptedMessage,
  scriptedQuestion,
} from '../../../../shared/scripts.ts'
import { message } from '../../chat-message.ts'
import {
  catNameSoFar,
  type InterviewAction,
  type ScriptedPart,
  type StoredInterview,
} from './interview-state.ts'
import { transcript } from './transcript.ts'

type Transcript = ReturnType<typeof transcript>

/**
 * interview.check's answer (docs/product.md §3), with the triage's urgency line when the answer names a sign.
 */
export interface CheckResult {
  satisfied: string
  answer: string
  reason: string
  escalation?: string | undefined
}

/** The server calls the interview makes; the React binding hands in its tRPC mutations. */
export interface InterviewServer {
  reply(
    input: { field: InterviewField; messages: Transcript; reason?: string },
    signal: AbortSignal,
  ): Promise<{ message: string; assistantResponses: string[] }>
  check(
    input: { field: InterviewField; messages: Transcript; cat_name?: string },
    signal: AbortSignal,
  ): Promise<CheckResult>
  /** Sends the stored interview to the server's copy (never fails: the browser's copy is the one used). */
  sync(): Promise<void>
}

export interface TurnContext {
  stored(): StoredInterview
  dispatch(action: InterviewAction): void
  /** Dispatches a change of the conversation and sends it to the server's copy. */
  say(action: InterviewAction): void
  server: InterviewServer
  signedIn(): boolean
  /** A scripted delay (docs/product.md §9), rejected when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>
  skip: SkipControl
}

/** Skip: the scripted lines still to come show at once; the delay being waited now ends. */
export class SkipControl {
  skipping = false
  private wake: (() => void) | null = null

  skip() {
    this.skipping = true
    this.wake?.()
  }

  /** A scripted line's delay, ended early by skip(). */
  delay(ctx: TurnContext, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.wake = resolve
      ctx.wait(ms, signal).then(resolve, reject)
    }).finally(() => {
      this.wake = null
    })
  }
}

const typing = (ctx: TurnContext, on: boolean) => ctx.dispatch({ type: 'typing', on })

/** Plays scripted lines with their delays and the typing indicator, from the part's stored index. */
export async function playLines(
  ctx: TurnContext,
  lines: readonly ScriptedMessage[],
  part: ScriptedPart,
  signal: AbortSignal,
) {
  const stored = ctx.stored()
  const from = part === 'intro' ? stored.introIndex : stored.finalIndex
  try {
    for (let index = from; index < lines.length; index++) {
      if (!ctx.skip.skipping) {
        typing(ctx, true)
        try {
          await ctx.skip.delay(ctx, lines[index]!.delayMs, signal)
        } finally {
          typing(ctx, false)
        }
      }
      if (signal.aborted) throw signal.reason
      ctx.say({ type: 'line-played', part, index, message: message('assistant', lines[index]!.text) })
    }
  } finally {
    ctx.skip.skipping = false
  }
}

/**
 * The receptionist's line from the server (signed in; docs/product.md §6), with the two
 * attempts of docs/product.md §4.
 */
async function generatedTurn(
  ctx: TurnContext,
  field: InterviewField,
  reason: string | undefined,
  signal: AbortSignal,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const input = { field, messages: transcript(ctx.stored().messages), ...(reason ? { reason } : {}) }
      const out = await ctx.server.reply(input, signal)
      const text = (out.message || out.assistantResponses[0] || '').trim()
      if (!text) throw new Error('The receptionist gave no answer')
      return text
    } catch (error) {
      if (signal.aborted) throw error
      console.warn(`Interview reply attempt ${attempt} failed`, error)
      if (attempt >= INTERVIEW.maxAttempts) throw new Error(ERRORS.failedAfterAttempts)
      await ctx.wait(INTERVIEW.retryWaitMs, signal)
      ctx.say({ type: 'said', message: message('assistant', HOLDING_MESSAGE) })
      typing(ctx, true)
      await ctx.wait(INTERVIEW.holdWaitMs, signal)
    }
  }
}

/** Asks `field` (again, with `reason`), showing a long reply in pairs of sentences 4.75 s apart. */
export async function askField(
  ctx: TurnContext,
  field: InterviewField,
  reason: string | undefined,
  signal: AbortSignal,
) {
  typing(ctx, true)
  try {
    const text = ctx.signedIn()
      ? await generatedTurn(ctx, field, reason, signal)
      : scriptedQuestion(field, catNameSoFar(ctx.stored()), reason)
    const chunks = chunkReply(text)
    ctx.dispatch({ type: 'question-started' })
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0) {
        typing(ctx, true)
        await ctx.wait(INTERVIEW.chunkGapMs, signal)
      }
      ctx.say({ type: 'said', message: message('assistant', chunk) })
    }
  } finally {
    typing(ctx, false)
  }
}

/**
 * Checks the owner's last answer, then asks the next field or the same again; a failed check counts as
 * not satisfied (docs/product.md §4).
 */
export async function checkAnswer(ctx: TurnContext, field: InterviewField, signal: AbortSignal) {
  typing(ctx, true)
  const list = ctx.stored().messages
  const lastUserIndex = list.findLastIndex((m) => m.role === 'user')
  const lastUser = list[lastUserIndex]
  let result: CheckResult
  try {
    const catName = catNameSoFar(ctx.stored())
    result = await ctx.server.check(
      { field, messages: transcript(list), ...(catName ? { cat_name: catName } : {}) },
      signal,
    )
  } catch (error) {
    if (signal.aborted) throw error
    console.warn('The answer check failed', error)
    result = { satisfied: 'false', answer: '', reason: CHECK_FAILED_REASON }
  }
  const outcome = applyCheck(
    ctx.stored().answers,
    field,
    result,
    lastUser?.content ?? '',
    CHECK_FAILED_REASON,
  )
  // An urgent sign in the answer (the product's triage): the vet first, then the interview.
  if (result.escalation) ctx.say({ type: 'said', message: message('assistant', result.escalation) })
  if (lastUser) {
    ctx.dispatch({
      type: 'answer-checked',
      index: lastUserIndex,
      ...(outcome.kind === 'again' ? { reason: outcome.reason } : {}),
    })
  }
  if (outcome.kind === 'accepted') {
    ctx.say({ type: 'answer-accepted', field, value: outcome.value })
    if (outcome.next) await askField(ctx, outcome.next, undefined, signal)
  } else {
    await askField(ctx, field, outcome.reason, signal)
  }
}
