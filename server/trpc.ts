import { initTRPC, type TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import type { Context } from './context.ts'
import { AppError, appError } from './errors.ts'
import { publicError, TRPC_CODE_BY_STATUS, toTrpcError } from './public-error.ts'
import type { ProcedureMeta } from './rest/meta.ts'
import { RateLimitedError, type RateLimitName } from './services/rate-limits.ts'
import { isTransientFault } from './transient-faults.ts'

const t = initTRPC
  .meta<ProcedureMeta>()
  .context<Context>()
  .create({
    // Never ship stack traces, whatever NODE_ENV says.
    isDev: false,
    // The one place a failure becomes tRPC's shape; REST's `{error, code}` comes from the same
    // publicError. The HTTP status follows `data.httpStatus` (a transient fault raised before any
    // procedure ran, in the context, is a 503 too).
    errorFormatter({ shape, error }) {
      const { message, code, status } = publicError(error)
      return {
        ...shape,
        message,
        data: {
          code: TRPC_CODE_BY_STATUS[status] ?? shape.data.code,
          /** The catalogue's code (shared/errors.ts): what a client decides by. */
          appCode: code,
          httpStatus: status,
          path: shape.data.path,
          zodError: error.cause instanceof ZodError ? error.cause.flatten() : null,
        },
      }
    },
  })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/**
 * A failure of the procedure as the TRPCError its callers see: a catalogue error (AppError, which knows
 * nothing of tRPC) with its status and text; a rate-limit refusal as 429 with its real wait; a transient
 * fault of the database or Redis as 503. createCaller's callers, the REST adapter among them, see the
 * same codes as /trpc.
 */
function asCatalogueError(result: { ok: boolean; error?: TRPCError }) {
  if (result.ok || !result.error) return
  const { cause } = result.error
  if (cause instanceof AppError) throw toTrpcError(cause)
  if (cause instanceof RateLimitedError) {
    throw toTrpcError(appError('TOO_MANY_REQUESTS', { cause, retryAfterSeconds: cause.retryAfterSeconds }))
  }
  if (isTransientFault(result.error)) throw toTrpcError(appError('SERVICE_UNAVAILABLE', { cause }))
}

/** A streamed answer whose catalogue failures, thrown while it streams, reach callers as TRPCErrors too. */
function catalogueStream<T extends { ok: boolean }>(result: T): T {
  const data = (result as { data?: unknown }).data
  if (!result.ok || !data || typeof (data as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') {
    return result
  }
  const source = data as AsyncIterable<unknown>
  // The stream's return value (the chat's `{urgency}`) is the caller's too.
  async function* converted() {
    try {
      return yield* source
    } catch (error) {
      throw error instanceof AppError ? toTrpcError(error) : error
    }
  }
  return { ...result, data: converted() }
}

/** Procedures that sign in or renew: a stale token the browser still sends must not stop them. */
const SIGN_IN = new Set(['auth.signup', 'auth.signin', 'auth.signinOtp', 'auth.verifyOtp', 'auth.refresh'])

export const publicProcedure = t.procedure.use(async ({ ctx, path, next }) => {
  // A token the server no longer stands behind (revoked, expired, a deleted account) is 401 on every
  // procedure, not silently an anonymous visitor's call.
  if (ctx.tokenRejected && !SIGN_IN.has(path)) {
    throw toTrpcError(appError('NOT_AUTHENTICATED'))
  }
  const result = await next()
  asCatalogueError(result)
  return catalogueStream(result)
})

// One middleware, not two stacked: each tRPC middleware level copies the call's options and context.
export const authedProcedure = t.procedure.meta({ auth: true }).use(async ({ ctx, next }) => {
  const user = ctx.user
  if (!user) throw toTrpcError(appError('NOT_AUTHENTICATED'))
  const result = await next({ ctx: { ...ctx, user } })
  asCatalogueError(result)
  // No guess after a failure: whether the session (and its account) still exists was checked before
  // the procedure ran (tokens.verify). Guessing here turned unrelated failures into 401s on PGlite.
  return catalogueStream(result)
})

/** Spends a point of a named limit; call inside a procedure with the key that limit is about. */
export function limit(ctx: Context, name: RateLimitName, key: string) {
  return ctx.services.limits.consume(name, key)
}
