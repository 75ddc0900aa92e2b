// The server decides where a signed-in owner belongs. After a sign-in and on every page load
// with a token, the owner's cat, subscription, interview and conversation are read from the server
// (account.state) and mirrored into the local-storage keys of docs/product.md §3 before anything routes, so
// the navigation guard of docs/product.md §2 runs on what the server knows, not on a browser a new sign-in
// has just emptied. The restore adds what the server knows and removes nothing: a stale subscription is
// dropped where the server refuses it (the chat's 402, the interview's confirmation, the paywall).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { HouseholdReach, OwnerState } from '../../../shared/schemas/account.ts'
import { hasValidToken, readJson, readText, useStoredText, writeFlag, writeText } from '../storage.ts'
import { trpc } from '../trpc.ts'
import { storeCats } from './useCatAnswers.ts'

type TrpcUtils = ReturnType<typeof trpc.useUtils>

/** Mirrors the owner's state into local storage (docs/product.md §3 keys). */
export function applyOwnerState(state: OwnerState) {
  // The chosen cat: the stored catId while it is theirs, else the highest id (shared/rules/current-cat.ts).
  if (state.cats.length > 0) storeCats(state.cats)
  if (state.subscriptionId) writeText('subscriptionId', state.subscriptionId)
  if (state.interviewCompleted) writeFlag('interview_completed', true)
  if (state.conversationId !== null) writeText('conversationId', String(state.conversationId))
  // An interview started elsewhere resumes here, unless this browser already holds one of its own.
  const holdsInterview =
    readText('interviewId') !== '' || readJson<unknown[]>('interview_messages', []).length > 0
  if (state.unfinishedInterview && !holdsInterview) {
    writeText('interviewId', String(state.unfinishedInterview.id))
    writeText('interviewSessionId', state.unfinishedInterview.session_id)
  }
}

/**
 * One restore per session token and page load (a new sign-in has a new token, so it restores again): the
 * restore is keyed by the token, and reads the server through tRPC's own query (never a cached answer, which
 * may be another session's).
 */
function ownerStateQuery(utils: TrpcUtils, token: string) {
  return {
    queryKey: ['account.state', token],
    queryFn: async () => {
      const state = await utils.account.state.fetch(undefined, { staleTime: 0 })
      // Signed out (or another session) while the answer was on its way: it is no longer this browser's.
      if (readText('token') === token) applyOwnerState(state)
      return state
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }
}

/**
 * Restores the signed-in owner's state; `restored` is true once it is in local storage (or could not be
 * read: then the browser's own copy stands, and the screens ask the server again where it matters).
 * `reach`: what the server says the account may reach (docs/household.md), null until it is known.
 */
export function useOwnerState(): { signedIn: boolean; restored: boolean; reach: HouseholdReach | null } {
  const token = useStoredText('token')
  useStoredText('expiry')
  const signedIn = hasValidToken()
  const utils = trpc.useUtils()
  const query = useQuery({ ...ownerStateQuery(utils, token), enabled: signedIn })
  // Unreadable, an owner's everything is shown: the server still refuses what the account may not do.
  const reach = query.data?.household ?? (query.isError ? OWNER_REACH : null)
  return { signedIn, restored: signedIn && !query.isPending, reach }
}

const OWNER_REACH: HouseholdReach = {
  sharedOnly: false,
  chat: true,
  manage: true,
  own: true,
  chatCovered: false,
}

/** For the sign-in: resolves with the new session's state once restored, or null (never rejects). */
export function useRestoreOwnerState(): () => Promise<OwnerState | null> {
  const queryClient = useQueryClient()
  const utils = trpc.useUtils()
  return useCallback(async () => {
    const token = readText('token')
    if (!token) return null
    try {
      return await queryClient.fetchQuery(ownerStateQuery(utils, token))
    } catch (error) {
      console.warn("Could not restore the owner's state from the server", error)
      return null
    }
  }, [queryClient, utils])
}
