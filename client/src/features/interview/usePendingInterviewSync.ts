// docs/product.md §4's needs-sync flag: an interview change that a failed request did not deliver is sent
// when the app starts, through the interview's React Query mutations (the store is loaded only when needed).
import { useEffect } from 'react'
import { readFlag } from '../../storage.ts'
import { useInterviewCalls } from './interview-calls.ts'

export function usePendingInterviewSync() {
  const calls = useInterviewCalls()
  useEffect(() => {
    if (!readFlag('interview_needs_sync')) return
    void import('./interview-store.ts').then(({ syncInterview }) => syncInterview(calls))
  }, [calls])
}
