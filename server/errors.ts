import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { ZodError } from 'zod'
import { ERROR_CATALOGUE, ERRORS, type ErrorBody, type ErrorCode } from '../shared/errors.ts'
import { Prisma } from './generated/prisma/client.ts'

type TrpcCode = TRPCError['code']

/** tRPC's code for each status the catalogue uses (tRPC maps it back to the same status). */
const TRPC_CODE_BY_STATUS: Record<number, TrpcCode> = {
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

  constructor(code: ErrorCode, options: { message?: string; cause?: unknown } = {}) {
    const entry = ERROR_CATALOGUE[code]
    super({
      code: TRPC_CODE_BY_STATUS[entry.status] ?? 'INTERNAL_SERVER_ERROR',
      message: options.message ?? entry.message,
      cause: options.cause,
    })
    this.appCode = code
  }
}

/** `throw appError('CAT_NOT_FOUND')` */
export function appError(code: ErrorCode, options?: { message?: string; cause?: unknown }): AppError {
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

/**
 * The status, text and code every surface answers for an error: the catalogue's for known failures,
 * and a generic text (never internals) for unknown ones.
 */
export function publicError(error: TRPCError): { status: number; message: string; code: ErrorCode } {
  const status = getHTTPStatusCodeFromError(error)
  if (error.cause instanceof ZodError) {
    return { status, message: describeZodError(error.cause), code: 'INVALID_INPUT' }
  }
  // A server fault says nothing of its cause, whatever text it was raised with.
  if (error instanceof AppError) {
    if (error.appCode === 'UNEXPECTED') return { status, message: ERRORS.unexpected, code: 'UNEXPECTED' }
    return { status, message: error.message, code: error.appCode }
  }
  // Unknown failures (a bug, a dependency's error) are UNEXPECTED and say nothing of their cause.
  if (status >= 500) return { status, message: ERRORS.unexpected, code: 'UNEXPECTED' }
  return { status, message: error.message, code: CODE_BY_TRPC_CODE[error.code] ?? 'INVALID_INPUT' }
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
