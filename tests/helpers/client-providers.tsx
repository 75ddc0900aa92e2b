// The providers a client test renders under: the app's tRPC + React Query client answered by the real
// routers (callerLink), and a router at `path`. Its clients are made once per mount (not per render), so a
// re-render keeps the cache a hook under test has filled, as the app's own root does.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { MemoryRouter } from 'react-router'
import { trpc } from '../../client/src/trpc.ts'
import type { TestApp } from './app.ts'
import { callerLink } from './caller-link.ts'

interface Options {
  /** The router's first entry; without it, no router is rendered. */
  path?: string
  /** Told each procedure path called, in order. */
  onCall?: (path: string) => void
}

export function clientProviders(t: TestApp, { path, onCall }: Options = {}) {
  return function Providers({ children, path: at = path }: { children: ReactNode; path?: string }) {
    const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }))
    const [client] = useState(() => trpc.createClient({ links: [callerLink(t, onCall)] }))
    return (
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          {at ? <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter> : children}
        </QueryClientProvider>
      </trpc.Provider>
    )
  }
}
