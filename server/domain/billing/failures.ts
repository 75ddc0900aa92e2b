// Billing's refusals are catalogue codes (shared/errors.ts, thrown with server/errors.ts appError).
import { appError } from '../../errors.ts'
import { Prisma } from '../../generated/prisma/client.ts'

export const notFound = () => appError('NOT_FOUND')

/** A server fault: logged with its cause, answered with the generic text. */
export const serverFault = (cause?: unknown) => appError('UNEXPECTED', { cause })

export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
