// Billing's refusals, each a catalogued text (shared/errors.ts) with its status.
import { TRPCError } from '@trpc/server'
import { ERRORS } from '../../../shared/errors.ts'
import { Prisma } from '../../generated/prisma/client.ts'

export const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: ERRORS.notFound })

export const badRequest = (message: string, cause?: unknown) =>
  new TRPCError({ code: 'BAD_REQUEST', message, cause })

export const conflict = (message: string, cause?: unknown) =>
  new TRPCError({ code: 'CONFLICT', message, cause })

/** A server fault: logged with its cause, answered with the given (generic) text. */
export const serverFault = (message: string, cause?: unknown) =>
  new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message, cause })

export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
