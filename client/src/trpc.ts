import { createTRPCClient, httpBatchStreamLink, TRPCClientError, type TRPCLink } from '@trpc/client'
import { createTRPCReact } from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import type { AppRouter } from '../../server/routers/index.ts'
import { clearAll, readText } from './storage.ts'

export const trpc = createTRPCReact<AppRouter>()

/**
 * A stored session the server no longer accepts (expired or revoked): sign out with a short
 * explanation instead of letting every call fail.
 */
const sessionExpiredLink: TRPCLink<AppRouter> = () => {
  return ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error: (error) => {
          if (error.data?.code === 'UNAUTHORIZED' && readText('token')) {
            clearAll()
            window.location.assign('/login?expired=1')
          }
          observer.error(error)
        },
      }),
    )
}

function links() {
  return [
    sessionExpiredLink,
    httpBatchStreamLink({
      url: '/trpc',
      headers() {
        const token = readText('token')
        return token ? { authorization: `Bearer ${token}` } : {}
      },
    }),
  ]
}

export function createReactClient() {
  return trpc.createClient({ links: links() })
}

/** For calls outside React (payment flow steps, streaming chat). */
export const api = createTRPCClient<AppRouter>({ links: links() })

/** SPEC §7: the server's error text, else the caller's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message)
    return error.message
  if (error instanceof Error && error.name === 'AbortError') return fallback
  return fallback
}

export function errorCode(error: unknown): string | null {
  return error instanceof TRPCClientError
    ? ((error.data as { code?: string } | undefined)?.code ?? null)
    : null
}

/** The catalogue's code of a failed call (shared/errors.ts ERROR_CATALOGUE), null when there is none. */
export function appErrorCode(error: unknown): string | null {
  return error instanceof TRPCClientError
    ? ((error.data as { appCode?: string } | undefined)?.appCode ?? null)
    : null
}
