// The interview's server calls as React Query hands them out: its tRPC mutations, and the reads through
// the query cache's fetch. The store and the driver are not React: the hooks below give them these.
import { useMemo } from 'react'
import { trpc } from '../../trpc.ts'

/** A read asks the server each time (never a cached copy), once: a failure is the caller's to handle. */
const FRESH = { staleTime: 0, retry: false } as const

export function useInterviewCalls() {
  const utils = trpc.useUtils()
  const { mutateAsync: create } = trpc.interview.create.useMutation()
  const { mutateAsync: update } = trpc.interview.update.useMutation()
  const { mutateAsync: reply } = trpc.interview.reply.useMutation()
  const { mutateAsync: check } = trpc.interview.check.useMutation()
  return useMemo(
    () => ({
      create,
      update,
      reply,
      check,
      resume: (input: { id: number; session_id: string }) => utils.interview.resume.fetch(input, FRESH),
      list: () => utils.interview.list.fetch(undefined, FRESH),
      get: (input: { id: number }) => utils.interview.get.fetch(input, FRESH),
    }),
    [utils, create, update, reply, check],
  )
}

export type InterviewCalls = ReturnType<typeof useInterviewCalls>

/**
 * A call's answer, or the abort of the step waiting for it (the screen went away): a mutation carries no
 * signal, so the step stops here and what the server answers later is not taken in.
 */
export function untilAborted<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    call.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
