import { initTRPC, type TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import { emailSchema } from '../shared/schemas/primitives.ts'
import type { Context } from './context.ts'
import { AppError, appError } from './errors.ts'
import { publicError, TRPC_CODE_BY_STATUS, toTrpcError } from './public-error.ts'
import type { ProcedureMeta } from './rest/meta.ts'
import { budgetKey, RateLimitedError } from './services/rate-limits.ts'
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
      const { message, code, status, retryAfterSeconds } = publicError(error)
      return {
        ...shape,
        message,
        data: {
          code: TRPC_CODE_BY_STATUS[status] ?? shape.data.code,
          /** The catalogue's code (shared/errors.ts): what a client decides by. */
          appCode: code,
          httpStatus: status,
          /** Seconds to wait before trying again (429, 503), as Retry-After says: what a client waits by. */
          retryAfterSeconds: retryAfterSeconds ?? null,
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
  const known = catalogueError(result.error.cause, result.error)
  if (known) throw known
}

/** `cause` (or the error wrapping it) as the catalogue's TRPCError, or null for an unknown failure. */
function catalogueError(cause: unknown, wrapper: unknown = cause): TRPCError | null {
  if (cause instanceof AppError) return toTrpcError(cause)
  if (cause instanceof RateLimitedError) {
    return toTrpcError(appError('TOO_MANY_REQUESTS', { cause, retryAfterSeconds: cause.retryAfterSeconds }))
  }
  if (isTransientFault(wrapper)) return toTrpcError(appError('SERVICE_UNAVAILABLE', { cause }))
  return null
}

/** The address an `email` budget is keyed by: the owner's on authed procedures, else the input's. */
async function budgetEmail(ctx: Context, meta: ProcedureMeta | undefined, rawInput: () => Promise<unknown>) {
  if (meta?.auth) return ctx.user?.email
  const input = await rawInput()
  // Read as the input's own schema reads it; an invalid address is refused by that schema next.
  const parsed = emailSchema.safeParse((input as { email?: unknown } | undefined)?.email)
  return parsed.success ? parsed.data : undefined
}

/**
 * Spends the budgets the procedure declares in its meta (`rateLimit`), together, before it runs: the
 * one place a procedure's rate limits are applied, for /trpc and the REST rows alike. A refusal is 429
 * with the budget's real wait.
 */
async function spendDeclaredBudgets(
  ctx: Context,
  meta: ProcedureMeta | undefined,
  rawInput: () => Promise<unknown>,
): Promise<void> {
  const budgets = meta?.rateLimit
  if (!budgets?.length) return
  try {
    const needsEmail = budgets.some((b) => b.by === 'email' || b.by === 'emailIp')
    const subject = {
      ip: ctx.ip,
      userId: ctx.user?.id,
      email: needsEmail ? await budgetEmail(ctx, meta, rawInput) : undefined,
    }
    // All at once: each budget may wait on Redis while it is unreachable (then this instance's memory
    // answers), and one after another those waits added up past what a frozen Redis may cost a request.
    await Promise.all(
      budgets.map((budget) => {
        if (budget.visitorsOnly && ctx.user) return null
        const key = budgetKey(budget.by, subject)
        return key === null ? null : ctx.services.limits.consume(budget.name, key)
      }),
    )
  } catch (error) {
    throw catalogueError(error) ?? error
  }
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

export const publicProcedure = t.procedure.use(async ({ ctx, path, meta, getRawInput, next }) => {
  // A token the server no longer stands behind (revoked, expired, a deleted account) is 401 on every
  // procedure, not silently an anonymous visitor's call.
  if (ctx.tokenRejected && !SIGN_IN.has(path)) {
    throw toTrpcError(appError('NOT_AUTHENTICATED'))
  }
  await spendDeclaredBudgets(ctx, meta, getRawInput)
  const result = await next()
  asCatalogueError(result)
  return catalogueStream(result)
})

// One middleware, not two stacked: each tRPC middleware level copies the call's options and context.
export const authedProcedure = t.procedure
  .meta({ auth: true })
  .use(async ({ ctx, meta, getRawInput, next }) => {
    const user = ctx.user
    if (!user) throw toTrpcError(appError('NOT_AUTHENTICATED'))
    await spendDeclaredBudgets(ctx, meta, getRawInput)
    const result = await next({ ctx: { ...ctx, user } })
    asCatalogueError(result)
    // No guess after a failure: whether the session (and its account) still exists was checked before
    // the procedure ran (tokens.verify). Guessing here turned unrelated failures into 401s on PGlite.
    return catalogueStream(result)
  })
