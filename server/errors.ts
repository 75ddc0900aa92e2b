import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { ZodError } from 'zod'
import { ERRORS } from '../shared/errors.ts'
import { Prisma } from './generated/prisma/client.ts'

/** A readable one-liner from a zod failure: "email: Please enter a valid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  if (!issue) return ERRORS.invalidInput
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

/**
 * The status and message every surface answers for an error: tRPC's own code → status map, our
 * catalogue's text for known failures, and a generic text (never internals) for unknown ones.
 */
export function publicError(error: TRPCError): { status: number; message: string } {
  const status = getHTTPStatusCodeFromError(error)
  if (error.cause instanceof ZodError) return { status, message: describeZodError(error.cause) }
  // Unknown failures say nothing of their cause; a 5xx a procedure raised on purpose (503 'assistant
  // not available') carries a catalogue text meant for the user.
  if (error.code === 'INTERNAL_SERVER_ERROR') return { status, message: ERRORS.unexpected }
  return { status, message: error.message }
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
      throw new TRPCError({ code: 'UNAUTHORIZED', message: ERRORS.notAuthenticated })
    }
    throw error
  }
}
