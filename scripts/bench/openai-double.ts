// A real OpenAI-compatible HTTP server for tests, the benchmark and browser runs. It speaks the wire format
// of POST /v1/chat/completions (plain JSON and SSE streaming) so the real `openai` SDK can be used against it.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the double does with one request. Timing fields override the server-wide defaults. */
export type OpenAiDoubleBehaviour =
  /** Assistant text. A string streams word by word; an array streams exactly those pieces. */
  | { reply: string | string[]; firstTokenDelayMs?: number; tokenDelayMs?: number }
  /** Structured output: the content is JSON.stringify(json), sent in one piece. */
  | { json: unknown; firstTokenDelayMs?: number }
  /** An OpenAI-style error body with this status; `message` defaults to a realistic one. */
  | { status: number; message?: string }
  /** Accept the request and never answer, not even the headers (for time-outs). */
  | { hang: true }

export interface RecordedRequest {
  path: string
  body: unknown
  headers: Record<string, string | string[] | undefined>
  /** Epoch milliseconds with sub-millisecond precision, comparable across processes. */
  receivedAt: number
  /** When the first non-empty content piece was written (the upstream's own first token). */
  firstTokenAt?: number
  /** How many content pieces of a streamed reply were written so far. */
  piecesSent: number
  /** 'aborted' when the client closed the connection before the answer was complete. */
  outcome: 'pending' | 'finished' | 'aborted'
  /** Resolves once the exchange is over either way. */
  settled: Promise<'finished' | 'aborted'>
}

/** The structured-output name of the second reader's request (server/services/assistant/openai-reading.ts). */
const READING_FORMAT_NAME = 'triage_reading'

/** The second reader's answer in the wire's own shape. */
export interface DoubleReading {
  level: 'routine' | 'urgent' | 'emergency'
  sign: string
  evidence: string
  about_this_cat_now: boolean
}

/** What a reading gets by default: nothing read, so the product's triage decides alone. */
export const NOTHING_READ: DoubleReading = {
  level: 'routine',
  sign: '',
  evidence: '',
  about_this_cat_now: false,
}

export interface OpenAiDouble {
  /** Base URL ending in /v1, as the SDK's `baseURL` expects. */
  url: string
  /** Every request but the second reader's readings. */
  requests: RecordedRequest[]
  /**
   * The second reader's requests (response_format named `triage_reading`), apart: they run beside the
   * reply's own, so their order among `requests` would be a race.
   */
  readings: RecordedRequest[]
  /** Queues what the next `times` readings get (a reading, an error, a hang); its own queue. */
  setNextReading(behaviour: DoubleReading | OpenAiDoubleBehaviour, times?: number): void
  /** What readings get once their queue is empty (NOTHING_READ unless set). */
  setDefaultReading(behaviour: DoubleReading | OpenAiDoubleBehaviour): void
  /** Queues a behaviour for the next `times` requests (the SDK retries, so failures often need 2). */
  setNext(behaviour: OpenAiDoubleBehaviour, times?: number): void
  /** What requests get once the queue is empty. */
  setDefault(behaviour: OpenAiDoubleBehaviour): void
  /** Forgets queued behaviours and recorded requests, so one test's leftovers cannot leak into the next. */
  reset(): void
  close(): Promise<void>
}

export interface OpenAiDoubleOptions {
  firstTokenDelayMs?: number
  tokenDelayMs?: number
}

const DEFAULT_REPLY = 'Hello from the test double.'

const now = (): number => performance.timeOrigin + performance.now()
const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()

export async function startOpenAiDouble(options: OpenAiDoubleOptions = {}): Promise<OpenAiDouble> {
  const queue: OpenAiDoubleBehaviour[] = []
  let fallback: OpenAiDoubleBehaviour = { reply: DEFAULT_REPLY }
  const requests: RecordedRequest[] = []
  const readingQueue: OpenAiDoubleBehaviour[] = []
  let readingFallback: OpenAiDoubleBehaviour = { json: NOTHING_READ }
  const readings: RecordedRequest[] = []

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy())
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req)
    const path = req.url ?? '/'
    let resolveSettled: (outcome: 'finished' | 'aborted') => void = () => {}
    const record: RecordedRequest = {
      path,
      body: parseJson(raw),
      headers: { ...req.headers },
      receivedAt: now(),
      outcome: 'pending',
      piecesSent: 0,
      settled: new Promise((resolve) => {
        resolveSettled = resolve
      }),
    }
    const reading = isReadingRequest(record.body)
    ;(reading ? readings : requests).push(record)
    res.on('close', () => {
      record.outcome = res.writableFinished ? 'finished' : 'aborted'
      resolveSettled(record.outcome)
    })

    if (req.method !== 'POST' || path.split('?')[0] !== '/v1/chat/completions') {
      sendError(res, 404, `Unknown request URL: ${req.method} ${path}.`)
      return
    }
    const behaviour = reading ? (readingQueue.shift() ?? readingFallback) : (queue.shift() ?? fallback)
    if ('hang' in behaviour) return
    if ('status' in behaviour) {
      sendError(res, behaviour.status, behaviour.message ?? defaultErrorMessage(behaviour.status, req))
      return
    }

    const body = isRecord(record.body) ? record.body : {}
    const model = typeof body.model === 'string' ? body.model : 'gpt-test'
    const pieces = 'json' in behaviour ? [JSON.stringify(behaviour.json)] : toPieces(behaviour.reply)
    const firstDelay = behaviour.firstTokenDelayMs ?? options.firstTokenDelayMs ?? 0
    const tokenDelay =
      ('tokenDelayMs' in behaviour ? behaviour.tokenDelayMs : undefined) ?? options.tokenDelayMs ?? 0

    if (body.stream === true) {
      const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true
      await streamCompletion(res, record, { model, pieces, firstDelay, tokenDelay, includeUsage })
    } else {
      await sleep(firstDelay)
      if (res.destroyed) return
      record.firstTokenAt = now()
      sendJson(res, 200, completion(model, pieces.join('')))
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    readings,
    setNextReading(behaviour, times = 1) {
      for (let i = 0; i < times; i++) readingQueue.push(asBehaviour(behaviour))
    },
    setDefaultReading(behaviour) {
      readingFallback = asBehaviour(behaviour)
    },
    setNext(behaviour, times = 1) {
      for (let i = 0; i < times; i++) queue.push(behaviour)
    },
    setDefault(behaviour) {
      fallback = behaviour
    },
    reset() {
      queue.length = 0
      requests.length = 0
      readingQueue.length = 0
      readings.length = 0
    },
    close() {
      // Hanging requests keep their sockets open; close() alone would wait for them forever.
      server.closeAllConnections()
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}

async function streamCompletion(
  res: ServerResponse,
  record: RecordedRequest,
  run: { model: string; pieces: string[]; firstDelay: number; tokenDelay: number; includeUsage: boolean },
): Promise<void> {
  const id = `chatcmpl-${randomUUID().replaceAll('-', '')}`
  const created = Math.floor(Date.now() / 1000)
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: run.model,
    service_tier: 'default',
    system_fingerprint: 'fp_double',
    choices,
    ...extra,
  })
  const choice = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finishReason,
  })
  const write = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`)

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': `req_${randomUUID()}`,
  })
  // OpenAI opens every stream with an empty role-only delta before the first real token.
  write(chunk([choice({ role: 'assistant', content: '', refusal: null })]))

  for (const [index, piece] of run.pieces.entries()) {
    await sleep(index === 0 ? run.firstDelay : run.tokenDelay)
    if (res.destroyed) return
    if (record.firstTokenAt === undefined) record.firstTokenAt = now()
    write(chunk([choice({ content: piece })]))
    record.piecesSent++
  }
  write(chunk([choice({}, 'stop')]))
  if (run.includeUsage) write(chunk([], { usage: usage(run.pieces.join('')) }))
  res.end('data: [DONE]\n\n')
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: usage(content),
    service_tier: 'default',
    system_fingerprint: 'fp_double',
  }
}

function usage(content: string) {
  const completionTokens = Math.max(1, Math.ceil(content.length / 4))
  return { prompt_tokens: 10, completion_tokens: completionTokens, total_tokens: 10 + completionTokens }
}

/** Word-sized pieces keep the spaces, so joining them gives the text back unchanged. */
function toPieces(reply: string | string[]): string[] {
  if (Array.isArray(reply)) return reply
  return reply.match(/\S+\s*|\s+/g) ?? ['']
}

function defaultErrorMessage(status: number, req: IncomingMessage): string {
  // Like OpenAI, echo the key back on 401, so tests can prove it never reaches the app's users.
  if (status === 401) {
    const key = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
    return `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`
  }
  if (status === 429) return 'Rate limit reached for requests.'
  if (status >= 500) return 'The server had an error while processing your request. Sorry about that!'
  return 'Invalid request.'
}

function sendError(res: ServerResponse, status: number, message: string): void {
  const type =
    status === 401 ? 'invalid_request_error' : status >= 500 ? 'server_error' : 'invalid_request_error'
  const code = status === 401 ? 'invalid_api_key' : null
  sendJson(res, status, { error: { message, type, param: null, code } })
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = []
  for await (const part of req) parts.push(part as Buffer)
  return Buffer.concat(parts).toString('utf8')
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return text
  }
}

function isReadingRequest(body: unknown): boolean {
  if (!isRecord(body) || !isRecord(body.response_format)) return false
  const schema = body.response_format.json_schema
  return isRecord(schema) && schema.name === READING_FORMAT_NAME
}

/** A bare reading is answered as structured output. */
function asBehaviour(behaviour: DoubleReading | OpenAiDoubleBehaviour): OpenAiDoubleBehaviour {
  return 'level' in behaviour ? { json: behaviour } : behaviour
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
