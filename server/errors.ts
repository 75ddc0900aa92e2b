// The catalogue's errors on the server (shared/errors.ts): the domain throws them by code. Nothing here
// knows tRPC or HTTP; server/public-error.ts maps an error to what each surface answers.
import type { ZodError } from 'zod'
import { ERROR_CATALOGUE, ERRORS, type ErrorBody, type ErrorCode } from '../shared/errors.ts'
import type { Refusal } from '../shared/schemas/form-upload.ts'
import { Prisma } from './generated/prisma/client.ts'

/** A known failure from the catalogue: its code, its status, and its text (or a more precise one). */
export class AppError extends Error {
  readonly appCode: ErrorCode
  /** The catalogue's HTTP status for the code. */
  readonly status: number
  /** Seconds the client should wait before trying again (429, 503): the real wait when it is known. */
  readonly retryAfterSeconds: number | undefined

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message, { cause: options.cause })
    this.name = 'AppError'
    this.appCode = code
    this.status = ERROR_CATALOGUE[code].status
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

/** A kind of file's refusal (shared/schemas/form-upload.ts FileRule): its code, in its words. */
export function refusalError(refusal: Refusal): AppError {
  return new AppError(refusal.code, { message: refusal.message })
}

/**
 * REST's error body for a catalogue entry, the one place it is shaped (docs/api.md `{error, code}`): with
 * `retry_after_seconds` when the answer says how long to wait (429, 503), the same seconds as its
 * Retry-After header, so a client decides by the number and never by the text.
 */
export function errorBody(code: ErrorCode, message?: string, retryAfterSeconds?: number): ErrorBody {
  return {
    error: message ?? ERROR_CATALOGUE[code].message,
    code,
    ...(retryAfterSeconds ? { retry_after_seconds: retryAfterSeconds } : {}),
  }
}

/** A readable one-liner from a zod failure: "email: Please enter a valid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  if (!issue) return ERRORS.invalidInput
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
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
