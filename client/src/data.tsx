import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SendTimeZone } from './time-zone.tsx'
import { createReactClient, trpc } from './trpc.ts'

// The data layer (React Query + the tRPC client) is its own chunk: the first load of /login and /start
// does not carry it. Every part of the app that talks to the server (each lazy page, the sidebar, the
// sign-in form once the owner starts using it) is wrapped in these providers when its chunk loads; they
// all share this one cache and this one client, as a single provider at the root did.

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
})
const trpcClient = createReactClient()

export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SendTimeZone />
        {children}
      </QueryClientProvider>
    </trpc.Provider>
  )
}
