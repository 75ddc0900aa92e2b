// The end of the interview (SPEC §4): the trial or subscription step for subscribers, and submitting
// the cat's profile made from the answers.
import {
  catInputFromStorage,
  recommendationInputFromStorage,
  storeCreatedCat,
  storeRecommendations,
} from '../../hooks/useCatAnswers.ts'
import { hasUsableCatId, hasValidToken, readText, removeKey, writeText } from '../../storage.ts'
import type { TrpcClient } from './interview-store.ts'

/**
 * The server decides who is subscribed: a signed-in owner's stored subscription is confirmed (and
 * forgotten when the server has none, so the paywall shows). A visitor cannot be asked; their stored
 * id stands until they sign in.
 */
export async function confirmSubscription(client: TrpcClient): Promise<boolean> {
  if (!hasValidToken()) return readText('subscriptionId') !== ''
  try {
    const status = await client.billing.status.query()
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
export async function submitProfile(client: TrpcClient): Promise<void> {
  if (hasUsableCatId()) return
  // Creating a cat needs the bearer token (SPEC §6): a visitor gets the recommendations, as on the
  // wizard, and the cat is made from the stored answers after the sign-in (the checkout's ensureCat).
  if (!hasValidToken()) {
    storeRecommendations(await client.cat.recommendations.mutate(recommendationInputFromStorage()))
    return
  }
  const input = catInputFromStorage()
  const created = await client.cat.create.mutate(input)
  storeCreatedCat(created.id, input, created.recommendations)
}
