// The local-storage keys of docs/product.md §3, typed. The browser mirrors state here;
// the server stays the authority.
import { useSyncExternalStore } from 'react'

export type QuizKey =
  | 'cat_name'
  | 'gender'
  | 'age'
  | 'breed'
  | 'weight'
  | 'unit'
  | 'target_weight'
  | 'medical_conditions'
  | 'medications'
  | 'dietary_restrictions'
  | 'medical_history'
  | 'required_progress'
  | 'issues_faced'
  | 'goals'
  | 'activity_level'
  | 'check_in_period'
  | 'training_days'

export type StorageKey =
  | QuizKey
  | 'token'
  | 'expiry'
  /** Renews `token` before it runs out; rotated on every use. */
  | 'refreshToken'
  | 'cats'
  | 'catId'
  | 'catDetails'
  | 'conversationId'
  | 'subscriptionId'
  | 'sessionId'
  | 'interviewSessionId'
  | 'interviewId'
  | 'email'
  | 'currentStep'
  | 'items'
  | 'food_bowls'
  | 'treats'
  | 'playtime'
  | 'currentFieldIndex'
  | 'interview_messages'
  | 'interview_step_index'
  | 'interview_final_step_index'
  | 'interview_message_sent'
  | 'interview_starting_messages_ended'
  | 'interview_final_messages_started'
  | 'interview_completed'
  /** The interview has changes the server has not confirmed yet (docs/product.md §4: a needs-sync flag). */
  | 'interview_needs_sync'
  | 'user_reply_expected'
  | 'hasFinalized'
  | 'hasInitialized'
  | 'welcome_message_specific_detail'
  | 'welcome_message_relevant_response'
  | 'planSelection'
  | 'checkoutKey'
  /** `email|zone` last sent to the server as the owner's time zone (time-zone.tsx). */
  | 'timezoneSent'

/** Same-tab writes do not fire the browser's `storage` event; this one tells our own listeners. */
const LOCAL_EVENT = 'kitty-storage'

function notify(key: StorageKey | null) {
  window.dispatchEvent(new CustomEvent(LOCAL_EVENT, { detail: key }))
}

export function readText(key: StorageKey, fallback = ''): string {
  try {
    return window.localStorage.getItem(key) ?? fallback
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error)
    return fallback
  }
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = readText(key, '')
  if (!raw) return fallback
  try {
    return JSON.parse(raw) as T
  } catch (error) {
    console.warn(`Local storage "${key}" is not valid JSON`, error)
    return fallback
  }
}

export function readFlag(key: StorageKey): boolean {
  return readText(key) === 'true'
}

export function writeText(key: StorageKey, value: string) {
  try {
    window.localStorage.setItem(key, value)
  } catch (error) {
    console.warn(`Could not write "${key}" to local storage`, error)
  }
  notify(key)
}

export function writeJson(key: StorageKey, value: unknown) {
  writeText(key, JSON.stringify(value))
}

/** Flags are stored as the text 'true' (docs/product.md §4). */
export function writeFlag(key: StorageKey, value: boolean) {
  if (value) writeText(key, 'true')
  else removeKey(key)
}

export function removeKey(key: StorageKey) {
  try {
    window.localStorage.removeItem(key)
  } catch (error) {
    console.warn(`Could not remove "${key}" from local storage`, error)
  }
  notify(key)
}

export function clearAll() {
  try {
    window.localStorage.clear()
  } catch (error) {
    console.warn('Could not clear local storage', error)
  }
  // The emergency cards the service worker kept for offline use (client/sw.js) go with the session.
  if ('caches' in window) void window.caches.delete('kitty-personal').catch(() => undefined)
  notify(null)
}

/** A stored catId counts unless it is missing or the text 'undefined' (docs/product.md §4, sign-in). */
export function hasUsableCatId(): boolean {
  const id = readText('catId')
  return id !== '' && id !== 'undefined' && id !== 'null'
}

/** docs/product.md §3: a subscriptionId other than null means subscribed. */
export function hasSubscription(): boolean {
  const id = readText('subscriptionId')
  return id !== '' && id !== 'null' && id !== 'undefined'
}

/** A token counts only while its stored expiry (epoch ms) is in the future. */
export function hasValidToken(now = Date.now()): boolean {
  const token = readText('token')
  const expiry = Number(readText('expiry'))
  return token !== '' && Number.isFinite(expiry) && expiry > now
}

/** sessionId is created once and reused (docs/product.md §3). */
export function sessionId(): string {
  const existing = readText('sessionId')
  if (existing) return existing
  const id = crypto.randomUUID()
  writeText('sessionId', id)
  return id
}

function subscribe(callback: () => void) {
  window.addEventListener('storage', callback)
  window.addEventListener(LOCAL_EVENT, callback)
  return () => {
    window.removeEventListener('storage', callback)
    window.removeEventListener(LOCAL_EVENT, callback)
  }
}

/** Re-renders when `key` changes in this tab or another one. */
export function useStoredText(key: StorageKey): string {
  return useSyncExternalStore(subscribe, () => readText(key))
}
