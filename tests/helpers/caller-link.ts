// A tRPC link for client tests: every operation is answered by the real routers in this process (tRPC's
// own local link, no HTTP), with the token the browser has stored, so a hook or page under test talks to
// a real database exactly as it would through /trpc: errors come through the app's error formatter,
// with the catalogue's `appCode` the client decides by.
import { type TRPCLink, unstable_localLink } from '@trpc/client'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createContextInner } from '../../server/context.ts'
import { type AppRouter, appRouter } from '../../server/routers/index.ts'
import { createTestApp, type TestApp } from './app.ts'

export function callerLink(t: TestApp, onCall?: (path: string) => void): TRPCLink<AppRouter> {
  const local = unstable_localLink<AppRouter>({
    router: appRouter,
    createContext: () => createContextInner({ services: t.services, token: localStorage.getItem('token') }),
  })
  return (runtime) => {
    const link = local(runtime)
    return (options) => {
      onCall?.(options.op.path)
      return link(options)
    }
  }
}

/**
 * The test app of a client test file: made before its tests, closed after them, with local storage (the
 * browser's session) emptied before each test. Returned at once and filled in by beforeAll.
 */
export function clientTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options))
  })
  afterAll(async () => {
    await t.close?.()
  })
  beforeEach(() => {
    localStorage.clear()
  })
  return t
}
