// The end of the interview (docs/product.md §4): the trial or subscription step for subscribers, and
// submitting the cat's profile made from the answers. The calls are React Query's (useProfileCalls).
import { useMemo } from 'react'
import {
  catInputFromStorage,
  recommendationInputFromStorage,
  storeCreatedCat,
  storeRecommendations,
} from '../../hooks/useCatAnswers.ts'
import { hasUsableCatId, hasValidToken, readText, removeKey, writeText } from '../../storage.ts'
import { trpc } from '../../trpc.ts'

export function useProfileCalls() {
  const utils = trpc.useUtils()
  const { mutateAsync: recommendations } = trpc.cat.recommendations.useMutation()
  const { mutateAsync: createCat } = trpc.cat.create.useMutation()
  return useMemo(
    () => ({
      // Asked each time, once: the server decides who is subscribed.
      status: () => utils.billing.status.fetch(undefined, { staleTime: 0, retry: false }),
      recommendations,
      createCat,
    }),
    [utils, recommendations, createCat],
  )
}

export type ProfileCalls = ReturnType<typeof useProfileCalls>

/**
 * The server decides who is subscribed: a signed-in owner's stored subscription is confirmed (and
 * forgotten when the server has none, so the paywall shows). A visitor cannot be asked; their stored
 * id stands until they sign in.
 */
export async function confirmSubscription(calls: Pick<ProfileCalls, 'status'>): Promise<boolean> {
  if (!hasValidToken()) return readText('subscriptionId') !== ''
  try {
    const status = await calls.status()
    if (status.subscribed) {
      if (status.subscriptionId) writeText('subscriptionId', status.subscriptionId)
      return true
    }
    removeKey('subscriptionId')
    return false
  } catch (error) {
    // The server could not answer: keep what is stored; the chat checks again on every message.
    console.warn('Could not confirm the subscription', error)
    return true
  }
}

/** Creates the cat from the stored answers (with the session id) unless one is stored already. */
export async function createProfile(
  calls: Pick<ProfileCalls, 'recommendations' | 'createCat'>,
): Promise<void> {
  if (hasUsableCatId()) return
  // Creating a cat needs the bearer token (docs/product.md §6): a visitor gets the recommendations, as on the
  // wizard, and the cat is made from the stored answers after the sign-in (the checkout's ensureCat).
  if (!hasValidToken()) {
    storeRecommendations(await calls.recommendations(recommendationInputFromStorage()))
    return
  }
  const input = catInputFromStorage()
  const created = await calls.createCat(input)
  storeCreatedCat(created.id, input, created.recommendations)
}
