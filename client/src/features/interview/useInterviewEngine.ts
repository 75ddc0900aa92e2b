// The receptionist interview (interview-driver.ts) bound to React: the driver's state is read with
// useSyncExternalStore, the screen's parts and the server calls are handed to it on each render, and it
// starts once the screen is ready. /interview and /cat-assistant-b share it; they differ in their final step.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { wait } from '../../runtime-config.ts'
import { hasValidToken } from '../../storage.ts'
import { untilAborted, useInterviewCalls } from './interview-calls.ts'
import { createInterviewDriver, type InterviewEnvironment, type InterviewScreen } from './interview-driver.ts'
import { loadStoredInterview, saveStoredInterview } from './interview-keys.ts'
import type { ScriptedPart, StoredMessage } from './interview-state.ts'
import { restoreFromServer, syncInterview } from './interview-store.ts'

export type { FinalStepTools } from './interview-driver.ts'

export interface InterviewEngineConfig extends InterviewScreen {
  /** False until the screen may start (chat B waits for its connection). */
  ready: boolean
}

export interface InterviewEngine {
  messages: StoredMessage[]
  typing: boolean
  /** The owner may answer now. */
  replyExpected: boolean
  busy: boolean
  error: string | null
  retry: (() => void) | null
  answer(text: string): void
  done: boolean
  /** Which scripted part is playing: the owner may skip it (and answer during the intro). */
  scripted: ScriptedPart | null
  /** Shows the rest of the scripted part at once, keeping every line (docs/product.md §4), and moves on. */
  skip(): void
}

const STORAGE = { load: loadStoredInterview, save: saveStoredInterview }

export function useInterviewEngine(config: InterviewEngineConfig): InterviewEngine {
  const calls = useInterviewCalls()
  const env = useRef<InterviewEnvironment>(null!)
  env.current = {
    screen: config,
    server: {
      reply: (input, signal) => untilAborted(calls.reply(input), signal),
      check: (input, signal) => untilAborted(calls.check(input), signal),
      sync: () => syncInterview(calls),
      restore: (intro) => restoreFromServer(calls, intro),
    },
    storage: STORAGE,
    signedIn: hasValidToken,
    wait,
  }
  const [driver] = useState(() => createInterviewDriver(() => env.current))
  const { stored, view } = useSyncExternalStore(driver.subscribe, driver.getState)

  useEffect(() => {
    if (config.ready) return driver.start()
  }, [config.ready, driver])

  return {
    messages: stored.messages,
    typing: view.typing,
    replyExpected: view.replyExpected,
    busy: view.busy,
    error: view.error,
    retry: view.error === null ? null : driver.retry,
    answer: driver.answer,
    done: view.done,
    scripted: view.scripted,
    skip: driver.skip,
  }
}
