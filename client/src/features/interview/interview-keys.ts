// The interview under the docs/product.md §3 local-storage keys, in their formats: the one place that reads
// and writes them (other screens and the owner's server restore read them too, so the formats stay as they
// are: flags as the text 'true' or absent, indexes as decimal text, messages and issues_faced as JSON).
import { INTERVIEW_FIELDS } from '../../../../shared/options.ts'
import type { InterviewAnswers } from '../../../../shared/rules/interview-flow.ts'
import { issuesList, knownQuizAge } from '../../../../shared/rules/interview-flow.ts'
import { readList } from '../../hooks/useCatAnswers.ts'
import {
  readFlag,
  readJson,
  readText,
  removeKey,
  type StorageKey,
  writeFlag,
  writeJson,
  writeText,
} from '../../storage.ts'
import type { StoredInterview, StoredMessage } from './interview-state.ts'

function loadMessages(): StoredMessage[] {
  const list = readJson<unknown>('interview_messages', [])
  if (!Array.isArray(list)) return []
  return list.filter(
    (m): m is StoredMessage =>
      !!m &&
      typeof m === 'object' &&
      (m.role === 'user' || m.role === 'assistant') &&
      typeof m.content === 'string' &&
      typeof m.id === 'string',
  )
}

function readIndex(key: StorageKey): number {
  return Number(readText(key)) || 0
}

function loadFieldIndex(): number {
  const index = Number(readText('currentFieldIndex'))
  return Number.isInteger(index) && index >= 0 ? Math.min(index, INTERVIEW_FIELDS.length) : 0
}

/**
 * The answers the interview collected: the fields before currentFieldIndex (the quiz shares keys), and
 * the age when the quiz already asked it (never asked twice).
 */
function loadAnswers(fieldIndex: number): InterviewAnswers {
  const answers: InterviewAnswers = {}
  for (const field of INTERVIEW_FIELDS.slice(0, fieldIndex)) {
    const value = field === 'issues_faced' ? readList('issues_faced').join(', ') : readText(field).trim()
    if (value) answers[field] = value
  }
  const quizAge = knownQuizAge(readText('age'))
  if (!answers.age && quizAge) answers.age = quizAge
  return answers
}

export function loadStoredInterview(): StoredInterview {
  const fieldIndex = loadFieldIndex()
  return {
    messages: loadMessages(),
    fieldIndex,
    answers: loadAnswers(fieldIndex),
    introIndex: readIndex('interview_step_index'),
    finalIndex: readIndex('interview_final_step_index'),
    startingEnded: readFlag('interview_starting_messages_ended'),
    finalStarted: readFlag('interview_final_messages_started'),
    completed: readFlag('interview_completed'),
    finalized: readFlag('hasFinalized'),
    messageSent: readFlag('interview_message_sent'),
    userReplyExpected: readFlag('user_reply_expected'),
  }
}

const FLAGS = [
  ['startingEnded', 'interview_starting_messages_ended'],
  ['finalStarted', 'interview_final_messages_started'],
  ['completed', 'interview_completed'],
  ['finalized', 'hasFinalized'],
  ['messageSent', 'interview_message_sent'],
  ['userReplyExpected', 'user_reply_expected'],
] as const satisfies readonly (readonly [keyof StoredInterview, StorageKey])[]

const INDEXES = [
  ['fieldIndex', 'currentFieldIndex'],
  ['introIndex', 'interview_step_index'],
  ['finalIndex', 'interview_final_step_index'],
] as const satisfies readonly (readonly [keyof StoredInterview, StorageKey])[]

/**
 * Writes the keys whose value changed from `prev` to `next`, and only those: a key another screen
 * wrote meanwhile is left alone unless the interview itself changed it. An answer is never removed (its
 * key is also the quiz's).
 */
export function saveStoredInterview(prev: StoredInterview, next: StoredInterview) {
  if (prev.messages !== next.messages) writeJson('interview_messages', next.messages)
  for (const field of INTERVIEW_FIELDS) {
    const value = next.answers[field]
    if (value === undefined || value === prev.answers[field]) continue
    if (field === 'issues_faced') writeJson('issues_faced', issuesList(value))
    else writeText(field, value)
  }
  for (const [name, key] of INDEXES) {
    if (prev[name] !== next[name]) writeText(key, String(next[name]))
  }
  for (const [name, key] of FLAGS) {
    if (prev[name] !== next[name]) writeFlag(key, next[name])
  }
}

// --- The server's row of this browser's interview (docs/product.md §3 interviewId, interviewSessionId) ---

export interface ServerRow {
  id: number
  session: string
}

export function loadServerRow(): ServerRow | null {
  const id = Number(readText('interviewId'))
  const session = readText('interviewSessionId')
  return Number.isInteger(id) && id > 0 && session ? { id, session } : null
}

/** Any interviewId, even without its session (an interview the owner's server state points to). */
export function hasServerRowId(): boolean {
  return readText('interviewId') !== ''
}

export function saveServerRow(row: ServerRow) {
  writeText('interviewId', String(row.id))
  writeText('interviewSessionId', row.session)
}

export function forgetServerRow() {
  removeKey('interviewId')
  removeKey('interviewSessionId')
}

/**
 * docs/product.md §4's needs-sync flag: a change a failed request did not deliver is sent on the next visit.
 */
export function markNeedsSync(needed: boolean) {
  writeFlag('interview_needs_sync', needed)
}
