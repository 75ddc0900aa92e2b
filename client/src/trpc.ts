import {
  httpBatchStreamLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client'
import { createTRPCReact } from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import type { AppRouter } from '../../server/routers/index.ts'
import type { ErrorCode } from '../../shared/errors.ts'
import { currentToken, refusedSessionPath, renewSession } from './session.ts'
import { clearAll, readText } from './storage.ts'

export const trpc = createTRPCReact<AppRouter>()

/**
 * A stored session the server no longer accepts (expired or revoked): sign out with a short
 * explanation instead of letting every call fail.
 */
const sessionExpiredLink: TRPCLink<AppRouter> = () => {
  return ({ next, op }) =>
    observable((observer) => {
      // Only a refusal of the session this browser still holds ends it: an answer to a call sent with
      // no token, or with a token since replaced (a new sign-in, a renewal), says nothing about it.
      let sentWith = ''
      let retried = false
      let current: { unsubscribe(): void } | null = null
      const attempt = () => {
        sentWith = readText('token')
        current = next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error) => {
            const refused =
              errorCode(error) === 'NOT_AUTHENTICATED' && sentWith !== '' && readText('token') === sentWith
            // Logout answers for itself: the owner is leaving either way (useLogout signs out).
            if (!refused || op.path === 'auth.logout') return observer.error(error)
            // Once: renew with the refresh token and send the call again (a mutation too: it was refused
            // before it ran). Then, a session the server still refuses is over.
            if (!retried && readText('refreshToken')) {
              retried = true
              void renewSession(true).then((ok) => (ok ? attempt() : end(error)))
              return
            }
            end(error)
          },
        })
      }
      const end = (error: Parameters<typeof observer.error>[0]) => {
        // "Expired" only when the session's time ran out; a session ended early is said as such.
        const path = refusedSessionPath(sentWith)
        clearAll()
        window.location.assign(path)
        observer.error(error)
      }
      attempt()
      return () => current?.unsubscribe()
    })
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await currentToken()
  return token ? { authorization: `Bearer ${token}` } : {}
}

function links() {
  return [
    sessionExpiredLink,
    // The app's uploads (a FormData with the file as bytes) go one call per request, as
    // multipart/form-data: each has a route of its own with a larger body limit, and the server takes
    // only a few photo calls at a time (a batch of them would be refused). Everything else is JSON,
    // batched (docs/api.md "Photos and documents").
    splitLink({
      condition: (op) => isNonJsonSerializable(op.input),
      true: httpLink({ url: '/trpc', headers: authHeaders }),
      false: httpBatchStreamLink({ url: '/trpc', headers: authHeaders }),
    }),
  ]
}

export function createReactClient() {
  return trpc.createClient({ links: links() })
}

/** docs/product.md §7: the server's error text, else the caller's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message)
    return error.message
  return fallback
}

/**
 * The seconds to wait before asking for another one-time code, when the call was refused because one
 * went out moments ago (RESEND_TOO_SOON, its wait in the error's data); null for any other outcome.
 */
export function resendWait(error: unknown): number | null {
  if (errorCode(error) !== 'RESEND_TOO_SOON') return null
  const seconds = (error as TRPCClientError<AppRouter>).data?.retryAfterSeconds
  return typeof seconds === 'number' ? seconds : null
}

/**
 * The catalogue's code of a failed call (shared/errors.ts ERROR_CATALOGUE): what the client decides by.
 * Null when the failure is no answer of the server (a network fault, an abort, a local error).
 */
export function errorCode(error: unknown): ErrorCode | null {
  return error instanceof TRPCClientError
    ? ((error.data as { appCode?: ErrorCode } | undefined)?.appCode ?? null)
    : null
}
