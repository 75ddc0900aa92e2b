// The interview's copy on the server (create and update by session, no token needed; SPEC §6), and the
// onboarding chat's hand-over. What the browser keeps is read and written through interview-keys.ts.
import type { InterviewOut } from '../../../../shared/schemas/interview.ts'
import type { ScriptedMessage } from '../../../../shared/scripts.ts'
import { newMessageId, type UiMessage } from '../../components/chat/types.ts'
import { hasValidToken, sessionId } from '../../storage.ts'
import { errorCode, type trpc } from '../../trpc.ts'
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

/** The tRPC client of React Query's provider (`trpc.useUtils().client`), handed in by the hooks. */
export type TrpcClient = ReturnType<typeof trpc.useUtils>['client']

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
async function ensureInterview(client: TrpcClient): Promise<ServerRow> {
  const row = loadServerRow()
  if (row) return row
  creating ??= (async () => {
    const sessionKey = sessionId()
    const created = await client.interview.create.mutate({ session_id: sessionKey })
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
export function syncInterview(client: TrpcClient): Promise<void> {
  dirty = true
  // Kept in storage, so that a change a failed request did not deliver is sent on the next visit.
  markNeedsSync(true)
  running ??= (async () => {
    try {
      while (dirty) {
        dirty = false
        await pushOnce(client)
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

async function pushOnce(client: TrpcClient): Promise<void> {
  // Storage cleared meanwhile (logout, a new visitor): nothing of this interview is left to send, and
  // creating a row now would hand the next session a stranger's interview.
  const stored = loadStoredInterview()
  if (stored.messages.length === 0) return
  const row = await ensureInterview(client)
  try {
    await client.interview.update.mutate({
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
  client: TrpcClient,
  intro: readonly ScriptedMessage[],
): Promise<boolean> {
  const stored = loadStoredInterview()
  if (stored.messages.length > 0 || stored.startingEnded) return false
  let found: InterviewOut | null = null
  const row = loadServerRow()
  try {
    if (row) {
      found = await client.interview.resume.query({ id: row.id, session_id: row.session })
    } else if (hasValidToken()) {
      const list = await client.interview.list.query()
      const latest = list.find((summary) => !summary.completed) ?? null
      if (latest) found = await client.interview.get.query({ id: latest.id })
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
