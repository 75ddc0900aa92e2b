// The assistant backed by any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, the test double).

import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { z } from 'zod'
import { CHAT_HISTORY_WINDOW, MAX_CAT_AGE } from '../../../shared/constants.ts'
import { ACTIVITY_LEVELS, CAT_BREEDS, type InterviewField } from '../../../shared/options.ts'
import { dropEmptyMessages } from '../../../shared/rules/interview-flow.ts'
import { recommendationsSchema } from '../../../shared/schemas/cat.ts'
import { AssistantUnavailableError } from './errors.ts'
import { groundingFor } from './grounding.ts'
import { withImageParts } from './openai-images.ts'
import { checkAnswerSystemPrompt, interviewSystemPrompt, specialistSystemPrompt } from './openai-prompts.ts'
import { READING_FORMAT, readingPrompt, readingTurns } from './openai-reading.ts'
import {
  RECOMMENDATIONS_FORMAT,
  RECOMMENDATIONS_REQUEST,
  recommendationPrompt,
} from './openai-recommendations.ts'
import type { Assistant, AssistantMessage, CheckResult } from './types.ts'
import { withoutUrgencyLine } from './urgency-line.ts'

export interface OpenAiAssistantOptions {
  apiKey: string
  baseURL?: string
  model: string
  /** Per request before the answer starts, and the longest silence allowed inside a stream. */
  timeoutMs?: number
  /**
   * The second reader's whole request (docs/triage.md): a reading later than this is not waited for,
   * and the product's triage stands alone.
   */
  readingTimeoutMs?: number
  /** The SDK uses the platform fetch; a custom one is deliberately not accepted. */
  fetch?: never
}

const DEFAULT_TIMEOUT_MS = 30_000
/** A reading runs beside the reply's own request; past this it would hold the first token back. */
const DEFAULT_READING_TIMEOUT_MS = 2_500

/** docs/product.md §4: what the client shows when an answer check cannot be used. */
export const CHECK_RETRY: Readonly<CheckResult> = Object.freeze({
  satisfied: 'false',
  answer: '',
  reason: "I'm sorry, can you please answer again?",
})

const checkResultSchema = z.object({
  satisfied: z.enum(['true', 'false']),
  answer: z.string(),
  reason: z.string(),
})

/** The same shape for the model: strict structured output needs every key required and no extras. */
const CHECK_RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'interview_answer_check',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        satisfied: { type: 'string', enum: ['true', 'false'] },
        answer: { type: 'string' },
        reason: { type: 'string' },
      },
      required: ['satisfied', 'answer', 'reason'],
      additionalProperties: false,
    },
  },
} as const

export function createOpenAiAssistant(options: OpenAiAssistantOptions): Assistant {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const { model } = options
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: timeoutMs,
    maxRetries: 1,
  })

  async function complete(
    messages: ChatCompletionMessageParam[],
    responseFormat?: typeof CHECK_RESPONSE_FORMAT,
  ): Promise<string | null> {
    try {
      const completion = await client.chat.completions.create({
        model,
        messages,
        ...(responseFormat ? { response_format: responseFormat } : {}),
      })
      const message = completion.choices[0]?.message
      // A refusal is an answer the model chose to give, not an outage.
      if (message?.refusal) return null
      const content = message?.content?.trim()
      if (!content) throw new AssistantUnavailableError('empty')
      return content
    } catch (error) {
      throw toUnavailable(error)
    }
  }

  return {
    async checkAnswer({ field, messages }) {
      // Nothing is being asked, so there is nothing to judge: no round trip needed.
      if (field === 'none') return { satisfied: 'true', answer: lastUserText(messages), reason: '' }
      const content = await complete(
        [{ role: 'system', content: checkAnswerSystemPrompt(field) }, ...recent(messages)],
        CHECK_RESPONSE_FORMAT,
      )
      return content === null ? { ...CHECK_RETRY } : parseCheck(field, content)
    },

    async recommend(cat) {
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            messages: [{ role: 'system', content: recommendationPrompt(cat) }],
            response_format: RECOMMENDATIONS_FORMAT,
          },
          RECOMMENDATIONS_REQUEST,
        )
        const content = completion.choices[0]?.message?.content ?? ''
        const parsed = recommendationsSchema.safeParse(JSON.parse(content))
        if (!parsed.success) throw new AssistantUnavailableError('invalid')
        return parsed.data
      } catch (error) {
        throw toUnavailable(error)
      }
    },

    async interviewTurn({ field, messages, reason }) {
      const content = await complete([
        { role: 'system', content: interviewSystemPrompt(field, reason) },
        ...recent(messages),
      ])
      if (content === null) throw new AssistantUnavailableError('empty')
      return content
    },

    async readMessage({ cat, history, signal }) {
      try {
        const completion = await client.chat.completions.parse(
          {
            model,
            messages: [{ role: 'system', content: readingPrompt(cat) }, ...readingTurns(history)],
            response_format: READING_FORMAT,
          },
          // One try within the bound: a retry would only be later than the reply it is meant to inform.
          { timeout: options.readingTimeoutMs ?? DEFAULT_READING_TIMEOUT_MS, maxRetries: 0, signal },
        )
        const parsed = completion.choices[0]?.message.parsed
        if (!parsed) throw new AssistantUnavailableError('empty')
        return {
          level: parsed.level,
          sign: parsed.sign.trim(),
          evidence: parsed.evidence.trim(),
          aboutThisCatNow: parsed.about_this_cat_now,
        }
      } catch (error) {
        throw toUnavailable(error)
      }
    },

    reply({ cat, history, signal, triage, onUrgency }) {
      const pieces = streamReply(
        [
          {
            role: 'system',
            content: specialistSystemPrompt(cat, { triage, grounding: groundingFor(history) }),
          },
          // Only the turns and the owner's photos: the stored urgency is the app's, not the model's.
          ...withImageParts(history),
        ],
        signal,
      )
      return withoutUrgencyLine(pieces, (level) => onUrgency?.(level))
    },
  }

  async function* streamReply(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal | undefined,
  ): AsyncGenerator<string, void, undefined> {
    if (signal?.aborted) return
    // Our own controller, so a silent stream can be cut as well as the caller's Stop.
    const controller = new AbortController()
    const stop = () => controller.abort()
    signal?.addEventListener('abort', stop, { once: true })
    // The SDK's timeout ends when the headers arrive; a stream that then goes quiet needs its own limit.
    let idleTimer: ReturnType<typeof setTimeout> | undefined
    let timedOut = false
    const armIdleTimer = () => {
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, timeoutMs)
    }
    let yielded = false
    try {
      const stream = await client.chat.completions.create(
        { model, messages, stream: true },
        { signal: controller.signal },
      )
      armIdleTimer()
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content
        if (!piece) continue
        // A slow reader downstream is not a silent upstream: pause the clock while the caller holds the piece.
        clearTimeout(idleTimer)
        yielded = true
        yield piece
        armIdleTimer()
      }
    } catch (error) {
      if (timedOut) throw new AssistantUnavailableError('timeout')
      if (signal?.aborted) return
      throw toUnavailable(error)
    } finally {
      clearTimeout(idleTimer)
      signal?.removeEventListener('abort', stop)
      controller.abort()
    }
    if (timedOut) throw new AssistantUnavailableError('timeout')
    if (!yielded && !signal?.aborted) throw new AssistantUnavailableError('empty')
  }
}

function parseCheck(field: InterviewField, content: string): CheckResult {
  let json: unknown
  try {
    json = JSON.parse(content)
  } catch {
    return { ...CHECK_RETRY }
  }
  const parsed = checkResultSchema.safeParse(json)
  if (!parsed.success) return { ...CHECK_RETRY }
  const { satisfied, reason } = parsed.data
  if (satisfied === 'false') return { satisfied, answer: '', reason: reason.trim() || CHECK_RETRY.reason }
  const answer = normaliseAnswer(field, parsed.data.answer)
  return answer === null ? { ...CHECK_RETRY } : { satisfied, answer, reason: '' }
}

/** The stored value must fit the quiz's own options, whatever the model wrote; null means ask again. */
function normaliseAnswer(field: InterviewField, raw: string): string | null {
  const answer = raw.trim()
  if (answer === '') return null
  switch (field) {
    case 'age': {
      const years = Number(/\d+/.exec(answer)?.[0])
      return Number.isInteger(years) && years <= MAX_CAT_AGE ? String(years) : null
    }
    case 'breed':
      return matchOption(CAT_BREEDS, answer) ?? 'Other'
    case 'activity_level':
      return matchOption(ACTIVITY_LEVELS, answer)
    default:
      return answer
  }
}

function matchOption(options: readonly string[], answer: string): string | null {
  const wanted = answer.toLowerCase()
  return options.find((option) => option.toLowerCase() === wanted) ?? null
}

/** Interview transcripts are not windowed by the caller; empty turns only confuse the model. */
function recent(messages: AssistantMessage[]): AssistantMessage[] {
  return dropEmptyMessages(messages).slice(-CHAT_HISTORY_WINDOW)
}

function lastUserText(messages: AssistantMessage[]): string {
  return messages.findLast((message) => message.role === 'user')?.content.trim() ?? ''
}

/** Only the kind of failure survives: upstream messages can quote the API key or the prompt. */
function toUnavailable(error: unknown): AssistantUnavailableError {
  if (error instanceof AssistantUnavailableError) return error
  if (error instanceof APIConnectionTimeoutError) return new AssistantUnavailableError('timeout')
  if (error instanceof APIError && typeof error.status === 'number') {
    return new AssistantUnavailableError('upstream', error.status)
  }
  return new AssistantUnavailableError('upstream')
}
