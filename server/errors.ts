import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { ZodError } from 'zod'
import { ERROR_CATALOGUE, ERRORS, type ErrorBody, type ErrorCode } from '../shared/errors.ts'
import { Prisma } from './generated/prisma/client.ts'
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
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
}

/** A known failure from the catalogue: its code, its status, and its text (or a more precise one). */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode
  /** Seconds the client should wait before trying again (429, 503): the real wait when it is known. */
  readonly retryAfterSeconds: number | undefined

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[code]
    super({
      code: TRPC_CODE_BY_STATUS[entry.status] ?? 'INTERNAL_SERVER_ERROR',
      message: options.message ?? entry.message,
      cause: options.cause,
    })
    this.appCode = code
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export interface AppErrorOptions {
  message?: string
  cause?: unknown
  retryAfterSeconds?: number
}

/** `throw appError('CAT_NOT_FOUND')` */
export function appError(code: ErrorCode, options?: AppErrorOptions): AppError {
  return new AppError(code, options)
}

/** The REST body for a catalogue entry, for answers that never reach a procedure (limits, parsers). */
export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { error: message ?? ERROR_CATALOGUE[code].message, code }
}

/** A readable one-liner from a zod failure: "email: Please enter a valid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  if (!issue) return ERRORS.invalidInput
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

// The server throws every failure it knows by code (appError). The only other TRPCErrors are tRPC's
// own refusals of a request it cannot route or read (bad JSON, no such procedure, wrong method): their
// code follows tRPC's, never the text.
const CODE_BY_TRPC_CODE: Partial<Record<TrpcCode, ErrorCode>> = {
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'JSON_ONLY',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
}

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
 * The status, text, code and Retry-After every surface answers for an error: the catalogue's for known
 * failures, 503 for a transient fault of the database or Redis, and a generic text (never internals)
 * for unknown ones.
 */
export function publicError(error: unknown): PublicError {
  const known =
    error instanceof AppError
      ? error
      : error instanceof TRPCError && error.cause instanceof AppError
        ? error.cause
        : null
  if (known) {
    const status = ERROR_CATALOGUE[known.appCode].status
    // A server fault says nothing of its cause, whatever text it was raised with.
    const message = known.appCode === 'UNEXPECTED' ? ERRORS.unexpected : known.message
    const retryAfterSeconds = retryAfterFor(status, known.retryAfterSeconds ?? rateLimitWait(known.cause))
    return { status, message, code: known.appCode, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) }
  }
  if (error instanceof TRPCError && error.cause instanceof ZodError) {
    return { status: 400, message: describeZodError(error.cause), code: 'INVALID_INPUT' }
  }
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
    code: CODE_BY_TRPC_CODE[error.code] ?? 'INVALID_INPUT',
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  }
}

/**
 * A valid token whose account no longer exists (deleted meanwhile): creating a row for it breaks the
 * owner's foreign key. That is a session problem (401), not a server fault.
 */
export async function asOwner<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create()
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') {
      throw appError('NOT_AUTHENTICATED')
    }
    throw error
  }
}
