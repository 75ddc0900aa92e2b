// What each surface answers for an error, in one place: REST's `{error, code}` with its status and
// Retry-After (server/rest/adapter.ts, server/http/plugins/error-answers.ts), and tRPC's error shape (server/trpc.ts's formatter, which
// sets the HTTP status through `data.httpStatus`). Catalogue errors (AppError) by their code; a
// transient fault of the database or Redis as 503; anything else as a generic 500.
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { ZodError } from 'zod'
import { ERROR_CATALOGUE, ERRORS, type ErrorCode } from '../shared/errors.ts'
import { issueRefusal } from '../shared/schemas/form-upload.ts'
import { AppError, describeZodError } from './errors.ts'
import { RateLimitedError } from './services/rate-limits.ts'
import { isTransientFault, TRANSIENT_RETRY_AFTER_SECONDS } from './transient-faults.ts'

type TrpcCode = TRPCError['code']

/** tRPC's code for each status the catalogue uses (tRPC maps it back to the same status). */
export const TRPC_CODE_BY_STATUS: Record<number, TrpcCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
}

/** The AppError as the TRPCError a tRPC caller (createCaller, the client) sees: same status, same text. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({
    code: TRPC_CODE_BY_STATUS[error.status] ?? 'INTERNAL_SERVER_ERROR',
    message: error.message,
    cause: error,
  })
}

// The server throws every failure it knows by code (appError). The only other errors with a 4xx status
// are the frameworks' own refusals of a request they cannot route or read (tRPC's bad JSON, no such
// procedure, wrong method; Fastify's body limit, content type, global rate limit): their code follows
// the status, never the text, by this one table.
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'TOO_LARGE',
  415: 'JSON_ONLY',
  429: 'TOO_MANY_REQUESTS',
}

/** The catalogue's code for a framework's 4xx refusal. */
export const codeForStatus = (status: number): ErrorCode => CODE_BY_STATUS[status] ?? 'INVALID_INPUT'

/** What every surface answers for an error. */
export interface PublicError {
  status: number
  message: string
  code: ErrorCode
  /** Seconds for the Retry-After header (429 and 503 only). */
  retryAfterSeconds?: number
}

/** Without a known wait: a rate limit's window is at most this long for most budgets. */
const DEFAULT_RATE_LIMIT_RETRY_SECONDS = 60
/** Without a known wait: a saturated server or an outside service that is down. */
const DEFAULT_BUSY_RETRY_SECONDS = 2

function retryAfterFor(status: number, known: number | undefined): number | undefined {
  if (status === 429) return known ?? DEFAULT_RATE_LIMIT_RETRY_SECONDS
  if (status === 503) return known ?? DEFAULT_BUSY_RETRY_SECONDS
  return undefined
}

function rateLimitWait(error: unknown): number | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof RateLimitedError) return current.retryAfterSeconds
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * A zod failure: 400 described, unless its first issue is a refusal the catalogue knows by code (an
 * upload's file too large or of the wrong type, shared/schemas/form-upload.ts), answered as that entry.
 */
function zodAnswer(error: ZodError): PublicError {
  const first = error.issues[0]
  const code = issueRefusal(first)
  if (code && first) return { status: ERROR_CATALOGUE[code].status, message: first.message, code }
  return { status: 400, message: describeZodError(error), code: 'INVALID_INPUT' }
}

/** A catalogue error's answer; a zod failure it carries (an input checked inside a procedure) described. */
function catalogueAnswer(known: AppError): PublicError {
  if (known.cause instanceof ZodError) return zodAnswer(known.cause)
  // A server fault says nothing of its cause, whatever text it was raised with.
  const message = known.appCode === 'UNEXPECTED' ? ERRORS.unexpected : known.message
  const retryAfterSeconds = retryAfterFor(known.status, known.retryAfterSeconds ?? rateLimitWait(known.cause))
  return {
    status: known.status,
    message,
    code: known.appCode,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  }
}

/**
 * The status, text, code and Retry-After every surface answers for an error: the catalogue's for known
 * failures (thrown as they are, or as the cause tRPC wrapped them in), 503 for a transient fault of the
 * database or Redis, and a generic text (never internals) for unknown ones.
 */
export function publicError(error: unknown): PublicError {
  if (error instanceof AppError) return catalogueAnswer(error)
  if (error instanceof TRPCError && error.cause instanceof AppError) return catalogueAnswer(error.cause)
  if (error instanceof TRPCError && error.cause instanceof ZodError) return zodAnswer(error.cause)
  if (isTransientFault(error)) {
    return {
      status: 503,
      message: ERRORS.serverBusy,
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: TRANSIENT_RETRY_AFTER_SECONDS,
    }
  }
  const status = error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500
  // Unknown failures (a bug, a dependency's error) are UNEXPECTED and say nothing of their cause.
  if (status >= 500 || !(error instanceof TRPCError)) {
    return { status, message: ERRORS.unexpected, code: 'UNEXPECTED' }
  }
  const retryAfterSeconds = retryAfterFor(status, rateLimitWait(error))
  return {
    status,
    message: error.message,
    code: codeForStatus(status),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  }
}
