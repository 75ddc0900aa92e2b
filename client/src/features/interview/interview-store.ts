// The interview's copy on the server (create and update by session, no token needed; docs/product.md §6), and
// the onboarding chat's hand-over. What the browser keeps is read and written through interview-keys.ts.
import type { InterviewOut } from '../../../../shared/schemas/interview.ts'
import type { ScriptedMessage } from '../../../../shared/scripts.ts'
import { newMessageId, type UiMessage } from '../../chat-message.ts'
import { hasValidToken, sessionId } from '../../storage.ts'
import { errorCode } from '../../trpc.ts'
import type { InterviewCalls } from './interview-calls.ts'
import { fromServer, handedOver } from './interview-import.ts'
import {
  forgetServerRow,
  hasServerRowId,
  loadServerRow,
  loadStoredInterview,
  markNeedsSync,
  type ServerRow,
  saveServerRow,
  saveStoredInterview,
} from './interview-keys.ts'
import { transcript } from './transcript.ts'

/** Sending the interview: the mutations of useInterviewCalls, handed in by the hooks. */
type SyncCalls = Pick<InterviewCalls, 'create' | 'update'>
/** Reading it back: the query cache's fetch of useInterviewCalls. */
type RestoreCalls = Pick<InterviewCalls, 'resume' | 'list' | 'get'>

/**
 * The onboarding chat hands its conversation to the interview, which continues it instead of starting
 * blank: its lines (and the owner's replies, already handled) become the interview's first messages.
 * Only for an interview not started yet, and not when one from the server is to be resumed.
 */
export function handOverOnboarding(messages: readonly UiMessage[]) {
  const stored = loadStoredInterview()
  const started = stored.messages.length > 0 || stored.startingEnded || hasServerRowId()
  if (started || messages.length === 0) return
  saveStoredInterview(stored, handedOver(stored, messages))
}

// --- The server's copy ------------------------------------------------------------------------------

let creating: Promise<ServerRow> | null = null

/** The interview row for this browser, created once (a failed create is retried at the next sync). */
async function ensureInterview(calls: SyncCalls): Promise<ServerRow> {
  const row = loadServerRow()
  if (row) return row
  creating ??= (async () => {
    const sessionKey = sessionId()
    const created = await calls.create({ session_id: sessionKey })
    const made = { id: created.id, session: sessionKey }
    saveServerRow(made)
    return made
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
export function syncInterview(calls: SyncCalls): Promise<void> {
  dirty = true
  // Kept in storage, so that a change a failed request did not deliver is sent on the next visit.
  markNeedsSync(true)
  running ??= (async () => {
    try {
      while (dirty) {
        dirty = false
        await pushOnce(calls)
      }
      markNeedsSync(false)
    } catch (error) {
      console.warn('Could not save the interview on the server', error)
    } finally {
      running = null
    }
  })()
  return running
}

async function pushOnce(calls: SyncCalls): Promise<void> {
  // Storage cleared meanwhile (logout, a new visitor): nothing of this interview is left to send, and
  // creating a row now would hand the next session a stranger's interview.
  const stored = loadStoredInterview()
  if (stored.messages.length === 0) return
  const row = await ensureInterview(calls)
  try {
    await calls.update({
      id: row.id,
      session_id: row.session,
      messages: transcript(stored.messages),
      answers: stored.answers,
      completed: stored.completed,
    })
  } catch (error) {
    // The row is gone or belongs to another session: start a fresh one next time.
    if (errorCode(error) === 'NOT_FOUND') forgetServerRow()
    throw error
  }
}

/**
 * When the browser has no interview of its own, the server's copy is read back: the visitor's by the
 * session that created it, else a signed-in owner's latest unfinished one (another device).
 */
export async function restoreFromServer(
  calls: RestoreCalls,
  intro: readonly ScriptedMessage[],
): Promise<boolean> {
  const stored = loadStoredInterview()
  if (stored.messages.length > 0 || stored.startingEnded) return false
  let found: InterviewOut | null = null
  const row = loadServerRow()
  try {
    if (row) {
      found = await calls.resume({ id: row.id, session_id: row.session })
    } else if (hasValidToken()) {
      const list = await calls.list()
      const latest = list.find((summary) => !summary.completed) ?? null
      if (latest) found = await calls.get({ id: latest.id })
    }
  } catch (error) {
    console.warn('Could not read the interview from the server', error)
    return false
  }
  if (!found || found.messages.length === 0) return false
  saveServerRow({ id: found.id, session: found.session_id })
  // Read again: the browser's keys may have changed while the server answered.
  const now = loadStoredInterview()
  saveStoredInterview(now, fromServer(now, found, intro, newMessageId))
  return true
}
