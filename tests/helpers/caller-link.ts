// A tRPC link for client tests: every operation is answered by the real routers through createCaller
// (no HTTP), with the token the browser has stored, so a hook or page under test talks to a real
// database exactly as it would through /trpc.
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import { observable } from '@trpc/server/observable'
import type { AppRouter } from '../../server/routers/index.ts'
import type { TestApp } from './app.ts'

export function callerLink(t: TestApp, onCall?: (path: string) => void): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        onCall?.(op.path)
        t.caller(localStorage.getItem('token'))
          .then((caller) => {
            const procedure = op.path
              .split('.')
              .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
              input: unknown,
            ) => Promise<unknown>
            return procedure(op.input)
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } })
              observer.complete()
            },
            (error: unknown) => observer.error(TRPCClientError.from(error as Error)),
          )
      })
}
