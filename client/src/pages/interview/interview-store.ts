// The interview as the browser keeps it (SPEC §3 interview_* keys and the quiz keys the answers go to),
// and its copy on the server (create and update by session, no token needed; SPEC §6).
import { INTERVIEW_FIELDS, type InterviewField } from '../../../../shared/options.ts'
import {
  dropEmptyMessages,
  type InterviewAnswers,
  issuesList,
  progressFromServer,
  type StoredProgress,
} from '../../../../shared/rules/interview-flow.ts'
import type { InterviewOut } from '../../../../shared/schemas/interview.ts'
import type { ScriptedMessage } from '../../../../shared/scripts.ts'
import { newMessageId, type UiMessage } from '../../components/chat/types.ts'
import { readList } from '../../hooks/useCatAnswers.ts'
import {
  hasValidToken,
  readFlag,
  readJson,
  readText,
  removeKey,
  sessionId,
  writeFlag,
  writeJson,
  writeText,
} from '../../storage.ts'
import { errorCode, type trpc } from '../../trpc.ts'

/** The tRPC client of React Query's provider (`trpc.useUtils().client`), handed in by the hooks. */
export type TrpcClient = ReturnType<typeof trpc.useUtils>['client']

/** A stored interview message: a checked user message is one whose answer check already ran. */
export interface StoredMessage extends UiMessage {
  checked?: boolean
  /** Why a checked answer did not count; the question is asked again with it after a reload. */
  reason?: string
}

export function loadMessages(): StoredMessage[] {
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

export function saveMessages(list: readonly StoredMessage[]) {
  writeJson('interview_messages', list)
}

export function fieldIndex(): number {
  const index = Number(readText('currentFieldIndex'))
  return Number.isInteger(index) && index >= 0 ? Math.min(index, INTERVIEW_FIELDS.length) : 0
}

/** The answers the interview collected, from the keys they are stored under (issues as words). */
export function storedAnswers(): InterviewAnswers {
  const answers: InterviewAnswers = {}
  for (const field of INTERVIEW_FIELDS.slice(0, fieldIndex())) {
    const value = field === 'issues_faced' ? readList('issues_faced').join(', ') : readText(field).trim()
    if (value) answers[field] = value
  }
  return answers
}

/** SPEC §4: the returned answer is stored under the current field (issues_faced as a list of titles). */
export function storeAnswer(field: InterviewField, value: string) {
  if (field === 'issues_faced') writeJson('issues_faced', issuesList(value))
  else writeText(field, value)
  writeText('currentFieldIndex', String(INTERVIEW_FIELDS.indexOf(field) + 1))
}

export function catNameSoFar(): string {
  return fieldIndex() > 0 ? readText('cat_name') : ''
}

/** What openingAction decides from. A checked last answer counts as handled (its question comes next). */
export function storedProgress(
  messages: readonly StoredMessage[],
  finalizedKey?: 'hasFinalized',
): StoredProgress {
  const last = messages.at(-1)
  return {
    startingEnded: readFlag('interview_starting_messages_ended'),
    finalStarted: readFlag('interview_final_messages_started'),
    completed: readFlag('interview_completed'),
    ...(finalizedKey ? { finalized: readFlag(finalizedKey) } : {}),
    userReplyExpected: readFlag('user_reply_expected'),
    lastRole: last ? (last.role === 'user' && !last.checked ? 'user' : 'assistant') : null,
    answers: storedAnswers(),
  }
}

/** The conversation as the assistant reads it: roles and non-empty texts (SPEC §4). */
export function transcript(messages: readonly StoredMessage[]) {
  return dropEmptyMessages(messages).map((m) => ({ role: m.role, content: m.content }))
}

/**
 * The onboarding chat hands its conversation to the interview, which continues it instead of starting
 * blank: its lines (and the owner's replies, already handled) become the interview's first messages.
 * Only for an interview not started yet, and not when one from the server is to be resumed.
 */
export function handOverOnboarding(messages: readonly UiMessage[]) {
  const started =
    loadMessages().length > 0 ||
    readFlag('interview_starting_messages_ended') ||
    readText('interviewId') !== ''
  if (started || messages.length === 0) return
  saveMessages(messages.map((m) => (m.role === 'user' ? { ...m, checked: true } : { ...m })))
}

// --- The server's copy ------------------------------------------------------------------------------

let creating: Promise<{ id: number; session: string } | null> | null = null

/** The interview row for this browser, created once (a failed create is retried at the next sync). */
async function ensureInterview(client: TrpcClient): Promise<{ id: number; session: string } | null> {
  const id = Number(readText('interviewId'))
  const session = readText('interviewSessionId')
  if (Number.isInteger(id) && id > 0 && session) return { id, session }
  creating ??= (async () => {
    const sessionKey = sessionId()
    const created = await client.interview.create.mutate({ session_id: sessionKey })
    writeText('interviewId', String(created.id))
    writeText('interviewSessionId', sessionKey)
    return { id: created.id, session: sessionKey }
  })().finally(() => {
    creating = null
  })
  return creating
}

let running: Promise<void> | null = null
let dirty = false

/**
 * Sends the whole list, the answers and the completion to the server, which stores only what is new.
 * One request at a time; changes made meanwhile go in the next one, and every caller's promise settles
 * once the state it saw has been sent. Failures are logged, never shown: the browser's copy is the one
 * the interview runs on.
 */
export function syncInterview(client: TrpcClient): Promise<void> {
  dirty = true
  // Kept in storage, so that a change a failed request did not deliver is sent on the next visit.
  writeFlag('interview_needs_sync', true)
  running ??= (async () => {
    try {
      while (dirty) {
        dirty = false
        await pushOnce(client)
      }
      writeFlag('interview_needs_sync', false)
    } catch (error) {
      console.warn('Could not save the interview on the server', error)
    } finally {
      running = null
    }
  })()
  return running
}

async function pushOnce(client: TrpcClient): Promise<void> {
  // Storage cleared meanwhile (logout, a new visitor): nothing of this interview is left to send, and
  // creating a row now would hand the next session a stranger's interview.
  const messages = loadMessages()
  if (messages.length === 0) return
  const row = await ensureInterview(client)
  if (!row) return
  try {
    await client.interview.update.mutate({
      id: row.id,
      session_id: row.session,
      messages: transcript(messages),
      answers: storedAnswers(),
      completed: readFlag('interview_completed'),
    })
  } catch (error) {
    // The row is gone or belongs to another session: start a fresh one next time.
    if (errorCode(error) === 'NOT_FOUND') {
      removeKey('interviewId')
      removeKey('interviewSessionId')
    }
    throw error
  }
}

/**
 * When the browser has no interview of its own, the server's copy is read back: the visitor's by the
 * session that created it, else a signed-in owner's latest unfinished one (another device).
 */
export async function restoreFromServer(
  client: TrpcClient,
  intro: readonly ScriptedMessage[],
): Promise<boolean> {
  if (loadMessages().length > 0 || readFlag('interview_starting_messages_ended')) return false
  let found: InterviewOut | null = null
  const id = Number(readText('interviewId'))
  const session = readText('interviewSessionId')
  try {
    if (Number.isInteger(id) && id > 0 && session) {
      found = await client.interview.resume.query({ id, session_id: session })
    } else if (hasValidToken()) {
      const list = await client.interview.list.query()
      const latest = list.find((row) => !row.completed) ?? null
      if (latest) found = await client.interview.get.query({ id: latest.id })
    }
  } catch (error) {
    console.warn('Could not read the interview from the server', error)
    return false
  }
  if (!found || found.messages.length === 0) return false

  // The onboarding chat's lines may come first (the interview continues that conversation); the
  // interview's own progress is read from its intro on.
  const introStart = found.messages.findIndex((m) => m.role === 'assistant' && m.content === intro[0]?.text)
  const progress = progressFromServer(
    {
      messages: introStart === -1 ? [] : found.messages.slice(introStart),
      answers: found.answers,
      completed: found.completed,
    },
    intro.length,
  )
  writeText('interviewId', String(found.id))
  writeText('interviewSessionId', found.session_id)
  saveMessages(
    found.messages.map((m, index) => ({
      id: m.id || newMessageId(),
      role: m.role,
      content: m.content,
      timestamp: m.timestamp,
      // Answers before the last message were handled on the other device.
      ...(m.role === 'user' && index < found.messages.length - 1 ? { checked: true } : {}),
    })),
  )
  let answered = 0
  for (const field of INTERVIEW_FIELDS) {
    const value = found.answers[field]
    if (!value) break
    if (field === 'issues_faced') writeJson('issues_faced', issuesList(value))
    else writeText(field, value)
    answered++
  }
  writeText('currentFieldIndex', String(answered))
  writeText('interview_step_index', String(progress.introIndex))
  writeFlag('interview_starting_messages_ended', progress.startingEnded)
  writeFlag('user_reply_expected', progress.userReplyExpected)
  writeFlag('interview_final_messages_started', progress.finalStarted)
  writeText('interview_final_step_index', String(progress.finalIndex))
  writeFlag('interview_completed', progress.completed)
  return true
}
