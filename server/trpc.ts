import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import { ERRORS } from '../shared/errors.ts'
import type { Context } from './context.ts'
import { publicError } from './errors.ts'
import type { ProcedureMeta } from './rest/meta.ts'
import { RateLimitedError, type RateLimitName } from './services/rate-limits.ts'

const t = initTRPC
  .meta<ProcedureMeta>()
  .context<Context>()
  .create({
    // Never ship stack traces, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const { message, code } = publicError(error)
      return {
        ...shape,
        message,
        data: {
          code: shape.data.code,
          /** The catalogue's code (shared/errors.ts): what a client decides by. */
          appCode: code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          zodError: error.cause instanceof ZodError ? error.cause.flatten() : null,
        },
      }
    },
  })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** A rate-limit refusal from inside a procedure, as 429 with the catalogue's text. */
function refusedByRateLimit(result: { ok: boolean; error?: TRPCError }) {
  if (!result.ok && result.error?.cause instanceof RateLimitedError) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: ERRORS.tooManyRequests,
      cause: result.error.cause,
    })
  }
}

export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next()
  refusedByRateLimit(result)
  return result
})

// One middleware, not two stacked: each tRPC middleware level copies the call's options and context.
export const authedProcedure = t.procedure.meta({ auth: true }).use(async ({ ctx, next }) => {
  const user = ctx.user
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERRORS.notAuthenticated })
  const result = await next({ ctx: { ...ctx, user } })
  refusedByRateLimit(result)
  // A valid token whose account has since been deleted makes writes fail on the owner's foreign key.
  // That is a session problem (401), not a server fault; the lookup runs on this failure path only.
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const exists = await ctx.services.db.user.count({ where: { id: user.id } }).catch(() => 1)
    if (!exists) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERRORS.notAuthenticated })
  }
  return result
})

/** Spends a point of a named limit; call inside a procedure with the key that limit is about. */
export function limit(ctx: Context, name: RateLimitName, key: string) {
  return ctx.services.limits.consume(name, key)
}
