import './zod-config.ts'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App, landingReady } from './App.tsx'
import { LoadingProvider } from './loading.tsx'
import { registerServiceWorker } from './service-worker.ts'
import { readFlag } from './storage.ts'
import './styles.css'

/**
 * An interview change that a failed request did not deliver goes at start-up. Only then is the data
 * layer loaded for it: a first visit to /login or /start does not carry it.
 */
const PendingInterviewSync = lazy(async () => {
  const [{ usePendingInterviewSync }, { DataProviders }] = await Promise.all([
    import('./features/interview/usePendingInterviewSync.ts'),
    import('./data.tsx'),
  ])
  function Sync() {
    usePendingInterviewSync()
    return null
  }
  return {
    default: () => (
      <DataProviders>
        <Sync />
      </DataProviders>
    ),
  }
})

const needsSync = readFlag('interview_needs_sync')

registerServiceWorker()

void landingReady(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LoadingProvider>
        {needsSync && (
          <Suspense fallback={null}>
            <PendingInterviewSync />
          </Suspense>
        )}
        <App />
      </LoadingProvider>
    </StrictMode>,
  ),
)
