// SPEC §4's needs-sync flag: an interview change that a failed request did not deliver is sent when the
// app starts, through the React Query provider's tRPC client (the store is loaded only when needed).
import { useEffect } from 'react'
import { readFlag } from '../storage.ts'
import { trpc } from '../trpc.ts'

export function usePendingInterviewSync() {
  const client = trpc.useUtils().client
  useEffect(() => {
    if (!readFlag('interview_needs_sync')) return
    void import('../features/interview/interview-store.ts').then(({ syncInterview }) => syncInterview(client))
  }, [client])
}
