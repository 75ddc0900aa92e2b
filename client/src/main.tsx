import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { usePendingInterviewSync } from './hooks/usePendingInterviewSync.ts'
import { LoadingProvider } from './loading.tsx'
import { createReactClient, trpc } from './trpc.ts'
import './styles.css'

/** An interview change that a failed request did not deliver goes at start-up. */
function PendingInterviewSync() {
  usePendingInterviewSync()
  return null
}

function Root() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  )
  const [trpcClient] = useState(createReactClient)
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <LoadingProvider>
          <PendingInterviewSync />
          <App />
        </LoadingProvider>
      </QueryClientProvider>
    </trpc.Provider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
)
