// A tRPC link for client tests: every operation is answered by the real routers through createCaller
// (no HTTP), with the token the browser has stored, so a hook or page under test talks to a real
// database exactly as it would through /trpc.
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import { observable } from '@trpc/server/observable'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { AppRouter } from '../../server/routers/index.ts'
import { createTestApp, type TestApp } from './app.ts'

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

/**
 * The test app of a client test file: made before its tests, closed after them, with local storage (the
 * browser's session) emptied before each test. Returned at once and filled in by beforeAll.
 */
export function clientTestApp(): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp())
  })
  afterAll(async () => {
    await t.close?.()
  })
  beforeEach(() => {
    localStorage.clear()
  })
  return t
}
