// The receptionist interview of docs/product.md §4 as a plain TypeScript driver, beside its pure reducer
// (interview-state.ts): it holds the state, stores what each action changes, and decides what comes next
// from what is stored, so the interview resumes after a reload: the intro, the five fields asked in order
// (a known answer is not asked again), each answer checked on the server, then the screen's final lines.
// Storage, the server calls, the clock and the screen's parts are handed in (InterviewEnvironment), so it
// runs without React (tests/unit/interview-driver.test.ts); useInterviewEngine binds it to React.
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { openingAction } from '../../../../shared/rules/interview-flow.ts'
import type { ScriptedMessage } from '../../../../shared/scripts.ts'
import { message } from '../../chat-message.ts'
import {
  type InterviewAction,
  type InterviewState,
  initialInterviewState,
  interviewReducer,
  progressOf,
  type StoredInterview,
  sameStored,
} from './interview-state.ts'
import {
  askField,
  checkAnswer,
  type InterviewServer,
  playLines,
  SkipControl,
  type TurnContext,
} from './interview-turns.ts'

/** What a screen's final step may change of the interview. */
export type FinalAction = Extract<
  InterviewAction,
  { type: 'final-index-reset' } | { type: 'profile-message-sent' } | { type: 'completed' }
>

export interface FinalStepTools {
  signal: AbortSignal
  /** Plays scripted final lines, resuming at the stored final index (interview_final_step_index). */
  play(lines: readonly ScriptedMessage[]): Promise<void>
  /** The interview as stored now. */
  stored(): StoredInterview
  dispatch(action: FinalAction): void
  sync(): Promise<void>
}

/** What differs between the screens that run the interview (/interview, /cat-assistant-b). */
export interface InterviewScreen {
  intro: readonly ScriptedMessage[]
  /** The owner chose 'Skip intro' before arriving (the onboarding chat): the intro shows at once. */
  skipIntro?: boolean
  /** Chat B waits 1000 ms before its scripted lines (docs/product.md §4). */
  beforeIntro?: (signal: AbortSignal) => Promise<void>
  /** Closing (interview) or finalizing (chat B) lines; must end by marking the interview completed. */
  runFinal: (tools: FinalStepTools) => Promise<void>
  /** Chat B's finalizing also sets hasFinalized; until then it resumes. */
  finalizedKey?: 'hasFinalized'
  /** Everything is done: leave the screen (or show what comes next). */
  onDone: (signal: AbortSignal) => Promise<void>
}

/** Where the interview is kept: the docs/product.md §3 keys in the app (interview-keys.ts). */
export interface InterviewStorage {
  load(): StoredInterview
  /** Writes what changed from `prev` to `next`. */
  save(prev: StoredInterview, next: StoredInterview): void
}

export interface InterviewEnvironment {
  screen: InterviewScreen
  server: InterviewServer & {
    /** Reads the server's copy into storage when the browser has none. */
    restore(intro: readonly ScriptedMessage[]): Promise<unknown>
  }
  storage: InterviewStorage
  signedIn(): boolean
  wait(ms: number, signal: AbortSignal): Promise<void>
}

export interface InterviewDriver {
  getState(): InterviewState
  subscribe(listener: () => void): () => void
  /** Reads the server's copy, then runs the flow until the owner must answer; returns its stop. */
  start(): () => void
  answer(text: string): void
  /** Shows the rest of the scripted part at once, keeping every line (docs/product.md §4), and moves on. */
  skip(): void
  /** After a failed step: resumes from the stored state. */
  retry(): void
}

/** The message to show for a failure inside the flow (docs/product.md §8: the message, else the default). */
function failureText(error: unknown): string {
  if (error instanceof Error && error.message && error.name !== 'TypeError') return error.message
  return DEFAULT_ERRORS.interviewReply
}

/** `env` is read at each use: the screen's parts and the server calls may change between renders. */
export function createInterviewDriver(env: () => InterviewEnvironment): InterviewDriver {
  let state = initialInterviewState(env().storage.load())
  const listeners = new Set<() => void>()
  let controller: AbortController | null = null
  // An answer typed during the intro: the intro is shown at once, then the answer is taken.
  let pendingAnswer: string | null = null
  const skip = new SkipControl()

  function dispatch(action: InterviewAction) {
    const prev = state
    const next = interviewReducer(prev, action)
    if (next === prev) return
    // A 'loaded' state came from storage: nothing to write back.
    if (action.type !== 'loaded' && next.stored !== prev.stored) env().storage.save(prev.stored, next.stored)
    state = next
    for (const listener of listeners) listener()
  }

  const ctx: TurnContext = {
    stored: () => state.stored,
    dispatch,
    say(action) {
      dispatch(action)
      void env().server.sync()
    },
    get server() {
      return env().server
    },
    signedIn: () => env().signedIn(),
    wait: (ms, signal) => env().wait(ms, signal),
    skip,
  }

  /** Takes in what another screen, tab or the server restore wrote under the interview's keys. */
  function reload() {
    const stored = env().storage.load()
    if (!sameStored(stored, state.stored)) dispatch({ type: 'loaded', stored })
  }

  /**
   * docs/product.md §4 opening/resume: does whatever the stored state says comes next,
   * until the owner must answer.
   */
  async function resume(signal: AbortSignal) {
    const screen = env().screen
    const decide = () => openingAction(progressOf(state.stored, screen.finalizedKey !== undefined))
    for (;;) {
      if (signal.aborted) return
      reload()
      const action = decide()
      switch (action.kind) {
        case 'play-intro':
          dispatch({ type: 'scripted', part: 'intro' })
          try {
            if (screen.skipIntro) skip.skipping = true
            if (!skip.skipping) await screen.beforeIntro?.(signal)
            await playLines(ctx, screen.intro, 'intro', signal)
          } finally {
            dispatch({ type: 'scripted', part: null })
          }
          dispatch({ type: 'intro-ended' })
          if (pendingAnswer) {
            // The first question, then the answer the owner already gave: the transcript reads as usual.
            const first = decide()
            if (first.kind === 'ask') await askField(ctx, first.field, undefined, signal)
            ctx.say({ type: 'answered', message: message('user', pendingAnswer) })
            pendingAnswer = null
          }
          break
        case 'finish':
        case 'resume-final':
          dispatch({ type: 'final-started' })
          dispatch({ type: 'scripted', part: 'final' })
          try {
            await screen.runFinal({
              signal,
              play: (lines) => playLines(ctx, lines, 'final', signal),
              stored: () => state.stored,
              dispatch,
              sync: () => env().server.sync(),
            })
          } finally {
            dispatch({ type: 'scripted', part: null })
          }
          break
        case 'done':
          dispatch({ type: 'done' })
          await screen.onDone(signal)
          return
        case 'await-reply':
          dispatch({ type: 'awaiting-reply' })
          return
        case 'check-reply':
          await checkAnswer(ctx, action.field, signal)
          break
        case 'ask': {
          const last = state.stored.messages.at(-1)
          await askField(ctx, action.field, last?.role === 'user' ? last.reason : undefined, signal)
          break
        }
      }
    }
  }

  /** Runs one step of the flow; a failure shows its message with a Retry that resumes from storage. */
  function run(step: (signal: AbortSignal) => Promise<void>) {
    const signal = controller?.signal
    if (!signal || signal.aborted) return
    dispatch({ type: 'step-started' })
    step(signal)
      .then(() => resume(signal))
      .catch((failure: unknown) => {
        if (signal.aborted) return
        console.error('Interview step failed', failure)
        dispatch({ type: 'step-failed', error: failureText(failure) })
      })
      .finally(() => {
        if (!signal.aborted) dispatch({ type: 'step-settled' })
      })
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start() {
      const own = new AbortController()
      controller = own
      // The server's copy, when the browser has none (resume() then takes it in from storage).
      run(async () => {
        await env().server.restore(env().screen.intro)
      })
      return () => {
        own.abort()
        dispatch({ type: 'typing', on: false })
      }
    },
    answer(text) {
      const content = text.trim()
      if (!content) return
      if (state.view.scripted === 'intro') {
        // Answering while the intro is still arriving: it shows at once, then this answer is taken.
        pendingAnswer = content
        skip.skip()
        return
      }
      ctx.say({ type: 'answered', message: message('user', content) })
      // The loop sees an unchecked answer and checks it.
      run(async () => {})
    },
    skip: () => skip.skip(),
    retry: () => run(resume),
  }
}
