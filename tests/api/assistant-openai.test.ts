// The OpenAI-backed assistant through the real SDK, over real HTTP, against the local double.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AssistantUnavailableError } from '../../server/services/assistant/errors.ts'
import { CHECK_RETRY, createOpenAiAssistant } from '../../server/services/assistant/openai.ts'
import type { Assistant, AssistantMessage } from '../../server/services/assistant/types.ts'
import { EXPERT_NAME, RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { type OpenAiDouble, type RecordedRequest, startOpenAiDouble } from '../doubles/openai-server.ts'
import { collectPieces } from '../helpers/streams.ts'

const API_KEY = 'sk-test-0123456789abcdef-secret'
const MODEL = 'gpt-kitty-test'

interface SentBody {
  model: string
  stream?: boolean
  messages: Array<{ role: string; content: string }>
  response_format?: { type: string; json_schema?: { name: string; strict: boolean } }
}

const sentBody = (request: RecordedRequest | undefined): SentBody => request?.body as SentBody
const userSays = (content: string): AssistantMessage[] => [
  { role: 'assistant', content: "What is your cat's name?" },
  { role: 'user', content },
]

const collect = collectPieces

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

let double: OpenAiDouble
let assistant: Assistant

/** The assistant on the real SDK against the double, giving up on the upstream after `timeoutMs`. */
const assistantWithTimeout = (timeoutMs: number) =>
  createOpenAiAssistant({ apiKey: API_KEY, baseURL: double.url, model: MODEL, timeoutMs })

beforeAll(async () => {
  double = await startOpenAiDouble()
  assistant = assistantWithTimeout(2000)
})

afterAll(async () => {
  await double.close()
})

beforeEach(() => {
  double.reset()
})

describe('reply (streaming)', () => {
  it('streams several pieces in order, joined they give the reply', async () => {
    double.setNext({ reply: ['Luna ', 'needs ', 'fresh ', 'water.'] })
    const pieces = await collect(assistant.reply({ cat: null, history: userSays('Luna') }))
    expect(pieces).toEqual(['Luna ', 'needs ', 'fresh ', 'water.'])
  })

  it('hands over the first piece before the upstream has finished', async () => {
    double.setNext({ reply: ['First', ' second', ' third'], tokenDelayMs: 150 })
    const iterator = assistant.reply({ cat: null, history: userSays('hi') })[Symbol.asyncIterator]()
    const first = await iterator.next()
    expect(first.value).toBe('First')
    expect(double.requests[0]?.outcome).toBe('pending')
    const rest: string[] = []
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) rest.push(step.value)
    expect(rest).toEqual([' second', ' third'])
  })

  it("sends the persona and the cat's set profile fields, then the history as given", async () => {
    double.setNext({ reply: 'Sure.' })
    const history = userSays('Why does she scratch the sofa?')
    await collect(
      assistant.reply({
        cat: {
          name: 'Whiskers',
          breed: 'Maine Coon',
          age: 4,
          weight: 0,
          medications: null,
          goals: ['Scratching Less'],
        },
        history,
      }),
    )
    const body = sentBody(double.requests[0])
    expect(body.stream).toBe(true)
    const [system, ...rest] = body.messages
    expect(system?.role).toBe('system')
    expect(system?.content).toContain(EXPERT_NAME)
    // The profile is owner-typed, so it reaches the model as a fenced JSON data block.
    const profile = /```json\n([\s\S]*?)\n```/.exec(system?.content ?? '')?.[1] ?? '{}'
    expect(JSON.parse(profile)).toEqual({
      name: 'Whiskers',
      breed: 'Maine Coon',
      age: '4 years',
      goals: 'Scratching Less',
    })
    expect(system?.content).toMatch(/vet/i)
    expect(rest).toEqual(history)
  })

  it('sends the configured model and the bearer key', async () => {
    double.setNext({ reply: 'Hi.' })
    await collect(assistant.reply({ cat: null, history: userSays('hi') }))
    const request = double.requests[0]
    expect(request?.path).toBe('/v1/chat/completions')
    expect(sentBody(request).model).toBe(MODEL)
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`)
  })

  it('stops quietly on abort and the upstream sees the connection closed', async () => {
    double.setNext({ reply: Array.from({ length: 50 }, (_, i) => `w${i} `), tokenDelayMs: 50 })
    const controller = new AbortController()
    const pieces: string[] = []
    for await (const piece of assistant.reply({
      cat: null,
      history: userSays('hi'),
      signal: controller.signal,
    })) {
      pieces.push(piece)
      if (pieces.length === 2) controller.abort()
    }
    expect(pieces.length).toBeLessThan(50)
    expect(await double.requests[0]?.settled).toBe('aborted')
  })

  it('an abort before the first token also ends quietly', async () => {
    double.setNext({ hang: true })
    // Aborted once the upstream has the request (a fixed 100 ms could end before it was even sent).
    const controller = new AbortController()
    const reading = collect(
      assistant.reply({ cat: null, history: userSays('hi'), signal: controller.signal }),
    )
    await expect.poll(() => double.requests.length).toBe(1)
    controller.abort()
    expect(await reading).toEqual([])
    expect(await double.requests[0]?.settled).toBe('aborted')
  })

  it('a stream that goes silent past the time-out fails as unavailable', async () => {
    const quick = assistantWithTimeout(200)
    double.setNext({ reply: ['Hello', ' there'], tokenDelayMs: 2000 })
    const error = await failureOf(collect(quick.reply({ cat: null, history: userSays('hi') })))
    expect(error).toBeInstanceOf(AssistantUnavailableError)
    expect(await double.requests[0]?.settled).toBe('aborted')
  })
})

describe('checkAnswer (structured output)', () => {
  it('asks for strict JSON and returns a valid answer', async () => {
    double.setNext({ json: { satisfied: 'true', answer: 'Luna', reason: '' } })
    const result = await assistant.checkAnswer({ field: 'cat_name', messages: userSays('her name is luna') })
    expect(result).toEqual({ satisfied: 'true', answer: 'Luna', reason: '' })
    const body = sentBody(double.requests[0])
    expect(body.response_format?.type).toBe('json_schema')
    expect(body.response_format?.json_schema?.strict).toBe(true)
    expect(body.messages[0]?.content).toContain("cat's name")
  })

  it('passes a not-satisfied verdict and its reason through', async () => {
    const reason = 'Could you tell me how old she is in years?'
    double.setNext({ json: { satisfied: 'false', answer: '', reason } })
    const result = await assistant.checkAnswer({ field: 'age', messages: userSays('why?') })
    expect(result).toEqual({ satisfied: 'false', answer: '', reason })
  })

  it('maps breeds to the quiz list', async () => {
    double.setNext({ json: { satisfied: 'true', answer: 'maine coon', reason: '' } })
    expect((await assistant.checkAnswer({ field: 'breed', messages: userSays('a maine coon') })).answer).toBe(
      'Maine Coon',
    )
  })

  it('falls back to "answer again" on invalid JSON', async () => {
    double.setNext({ reply: 'Sure! Her name is Luna.' })
    const result = await assistant.checkAnswer({ field: 'cat_name', messages: userSays('Luna') })
    expect(result).toEqual(CHECK_RETRY)
  })

  it('falls back to "answer again" on a wrong shape', async () => {
    double.setNext({ json: { satisfied: true, answer: 'Luna' } })
    const result = await assistant.checkAnswer({ field: 'cat_name', messages: userSays('Luna') })
    expect(result).toEqual(CHECK_RETRY)
  })

  it("is always satisfied for 'none' without a round trip", async () => {
    const result = await assistant.checkAnswer({ field: 'none', messages: userSays('thanks!') })
    expect(result.satisfied).toBe('true')
    expect(double.requests).toHaveLength(0)
  })
})

describe('interviewTurn', () => {
  it('returns the receptionist text, non-streamed, asking for the field', async () => {
    double.setNext({ reply: 'Lovely! And how old is Luna?' })
    const text = await assistant.interviewTurn({ field: 'age', messages: userSays('Luna') })
    expect(text).toBe('Lovely! And how old is Luna?')
    const body = sentBody(double.requests[0])
    expect(body.stream).not.toBe(true)
    expect(body.messages[0]?.content).toContain(RECEPTIONIST_NAME)
    expect(body.messages[0]?.content).toContain('age')
  })

  it('re-asks with the reason', async () => {
    double.setNext({ reply: 'No worries, roughly how many years?' })
    await assistant.interviewTurn({
      field: 'age',
      messages: userSays('dunno'),
      reason: 'An estimate is fine.',
    })
    expect(sentBody(double.requests[0]).messages[0]?.content).toContain('An estimate is fine.')
  })
})

describe('upstream failures', () => {
  it('a 500 becomes AssistantUnavailableError', async () => {
    double.setNext({ status: 500 }, 2)
    const error = await failureOf(assistant.interviewTurn({ field: 'cat_name', messages: [] }))
    expect(error).toBeInstanceOf(AssistantUnavailableError)
    expect((error as AssistantUnavailableError).status).toBe(500)
  })

  it('a 401 echoing the key becomes AssistantUnavailableError without the key', async () => {
    double.setNext({ status: 401 })
    const error = await failureOf(collect(assistant.reply({ cat: null, history: userSays('hi') })))
    expect(error).toBeInstanceOf(AssistantUnavailableError)
    const shown = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`
    expect(shown).not.toContain(API_KEY)
    expect(shown).not.toContain('Incorrect API key')
    expect((error as Error).message).toBe(
      'The assistant is not available right now. Please try again in a moment.',
    )
  })

  it('a hanging upstream times out as AssistantUnavailableError', async () => {
    const quick = assistantWithTimeout(150)
    double.setNext({ hang: true }, 2)
    const error = await failureOf(quick.checkAnswer({ field: 'cat_name', messages: userSays('Luna') }))
    expect(error).toBeInstanceOf(AssistantUnavailableError)
    expect((error as AssistantUnavailableError).failure).toBe('timeout')
  })

  it('an empty stream is a failure, not an empty reply', async () => {
    double.setNext({ reply: [] })
    const error = await failureOf(collect(assistant.reply({ cat: null, history: userSays('hi') })))
    expect(error).toBeInstanceOf(AssistantUnavailableError)
  })
})
