import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { LoadingProvider } from './loading.tsx'
import { readFlag } from './storage.ts'
import { createReactClient, trpc } from './trpc.ts'
import './styles.css'

function Root() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  )
  const [trpcClient] = useState(createReactClient)
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <LoadingProvider>
          <App />
        </LoadingProvider>
      </QueryClientProvider>
    </trpc.Provider>
  )
}

// An interview change that a failed request did not deliver goes now (loaded only when there is one).
if (readFlag('interview_needs_sync')) {
  void import('./pages/interview/interview-store.ts').then(({ syncInterview }) => syncInterview())
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
)
