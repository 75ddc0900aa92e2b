// The quiz answers as local storage keeps them (docs/product.md §3 "Quiz answers in local storage"), and
// the cat made from them. A visitor's answers stay in the browser until a cat is created, so signing in
// in the middle of the quiz loses nothing.
import { useCallback } from 'react'
import { currentCat } from '../../../shared/rules/current-cat.ts'
import type { Cat, CreateCatInput, Recommendations } from '../../../shared/schemas/cat.ts'
import {
  type QuizKey,
  readText,
  removeKey,
  type StorageKey,
  sessionId,
  useStoredText,
  writeJson,
  writeText,
} from '../storage.ts'

const LIST_KEYS = ['required_progress', 'issues_faced', 'goals', 'training_days'] as const
type ListKey = (typeof LIST_KEYS)[number] | 'items'

/** A stored list (a JSON array of titles); a plain text is a list of one, anything else reads as empty. */
export function readList(key: ListKey): string[] {
  return parseList(readText(key))
}

/** One text answer, live: [value, set]. */
export function useAnswer(key: QuizKey, fallback = ''): [string, (value: string) => void] {
  const stored = useStoredText(key)
  const set = useCallback((value: string) => writeText(key, value), [key])
  return [stored === '' ? fallback : stored, set]
}

/** One list answer, live: [titles, set]. The stored text is the snapshot, so renders stay stable. */
export function useListAnswer(key: ListKey): [string[], (value: string[]) => void] {
  const raw = useStoredText(key)
  const list = parseList(raw)
  const set = useCallback((value: string[]) => writeJson(key, value), [key])
  return [list, set]
}

const listCache = new Map<string, string[]>()
function parseList(raw: string): string[] {
  const cached = listCache.get(raw)
  if (cached) return cached
  let parsed: string[]
  try {
    const value: unknown = raw ? JSON.parse(raw) : []
    parsed = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    parsed = raw.trim() ? [raw.trim()] : []
  }
  // The cache only keeps renders stable (same text → same array); it never needs to be large.
  if (listCache.size > 50) listCache.clear()
  listCache.set(raw, parsed)
  return parsed
}

/** The cat fields from everything the quiz stored (the session id lets the sign-in claim a visitor's cat). */
export function catInputFromStorage(): CreateCatInput {
  const text = (key: StorageKey) => readText(key).trim()
  const input: CreateCatInput = {
    session_id: sessionId(),
    name: text('cat_name'),
    gender: text('gender'),
    breed: text('breed'),
    unit: text('unit') || 'Lbs',
    activity_level: text('activity_level'),
    check_in_period: text('check_in_period'),
    medical_conditions: text('medical_conditions'),
    medications: text('medications'),
    dietary_restrictions: text('dietary_restrictions'),
    medical_history: text('medical_history'),
    required_progress: readList('required_progress'),
    issues_faced: readList('issues_faced'),
    goals: readList('goals'),
    training_days: readList('training_days'),
    items: readList('items'),
  }
  const age = text('age')
  const weight = text('weight')
  const target = text('target_weight')
  if (age) input.age = age
  if (weight) input.weight = weight
  if (target) input.target_weight = target
  return input
}

/** docs/product.md §3: for recommendations the fields are lower-cased, and age and weights default to 0. */
export function recommendationInputFromStorage(): CreateCatInput {
  const { session_id: _session, ...cat } = catInputFromStorage()
  const lower = (value: unknown) =>
    typeof value === 'string'
      ? value.toLowerCase()
      : Array.isArray(value)
        ? value.map((item) => (typeof item === 'string' ? item.toLowerCase() : item))
        : value
  const lowered = Object.fromEntries(Object.entries(cat).map(([key, value]) => [key, lower(value)]))
  return { ...lowered, age: cat.age || 0, weight: cat.weight || 0, target_weight: cat.target_weight || 0 }
}

/**
 * Mirrors the recommendations under their local-storage keys of docs/product.md §3 (step 15
 * and the chat read them there).
 */
export function storeRecommendations(r: Recommendations) {
  writeText('food_bowls', String(r.food_bowls))
  writeText('treats', String(r.treats))
  writeText('playtime', String(r.playtime))
  writeText('welcome_message_specific_detail', r.welcome_message_specific_detail)
  writeText('welcome_message_relevant_response', r.welcome_message_relevant_response)
}

/**
 * Every quiz answer of docs/product.md §3 (and the items of step 12): what one run of the wizard is about.
 */
const QUIZ_ANSWER_KEYS: readonly (QuizKey | 'items')[] = [
  'cat_name',
  'gender',
  'age',
  'breed',
  'weight',
  'unit',
  'target_weight',
  'medical_conditions',
  'medications',
  'dietary_restrictions',
  'medical_history',
  'required_progress',
  'issues_faced',
  'goals',
  'activity_level',
  'check_in_period',
  'training_days',
  'items',
]

/**
 * Forgets the quiz answers once they have made (or updated) a cat, or when the owner starts on another
 * cat: the next run of the wizard is about a cat of its own, and nothing of this one's answers (a name,
 * its barriers) is copied into it. The cat itself is on the server and mirrored under catDetails.
 */
export function forgetQuizAnswers() {
  for (const key of QUIZ_ANSWER_KEYS) removeKey(key)
}

/** Remembers a cat just created: its id and what it was made from. */
export function storeCreatedCat(id: number, input: CreateCatInput, r: Recommendations) {
  writeText('catId', String(id))
  const { session_id: _session, photo: _photo, ...fields } = input
  writeJson('catDetails', { id, ...fields, ...r })
  storeRecommendations(r)
}

/** Remembers a cat the wizard just updated: it becomes the chosen cat. */
export function storeUpdatedCat(cat: Cat) {
  writeText('catId', String(cat.id))
  writeJson('catDetails', cat)
  for (const key of ['food_bowls', 'treats', 'playtime'] as const) {
    const value = cat[key]
    if (value !== null) writeText(key, String(value))
  }
  writeText('welcome_message_specific_detail', cat.welcome_message_specific_detail)
  writeText('welcome_message_relevant_response', cat.welcome_message_relevant_response)
}

/** Mirrors the owner's cats and the chosen one (the stored catId while it is theirs, else the highest id). */
export function storeCats(cats: readonly Cat[]) {
  writeJson('cats', cats)
  const chosen = currentCat(cats, readText('catId'))
  if (!chosen) return
  writeText('catId', String(chosen.id))
  writeJson('catDetails', chosen)
  for (const key of ['food_bowls', 'treats', 'playtime'] as const) {
    const value = chosen[key]
    if (value !== null) writeText(key, String(value))
  }
}
