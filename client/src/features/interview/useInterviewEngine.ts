// The receptionist interview of SPEC §4, run from what the browser stores so it resumes after a reload:
// intro lines, the five fields asked in order, each answer checked on the server, a re-ask with the
// reason when it does not count, replies over three sentences shown in pairs 4.75 s apart, then the
// screen's final lines. /interview and /cat-assistant-b share it; they differ in their final step. Its state
// is one reducer (interview-state.ts) over useReducer, stored under the SPEC's keys (interview-keys.ts)
// as each action is dispatched; this hook runs the waits and the server calls.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import {
  CHUNK_GAP_MS,
  INTERVIEW_HOLD_WAIT_MS,
  INTERVIEW_MAX_ATTEMPTS,
  INTERVIEW_RETRY_WAIT_MS,
} from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import type { InterviewField } from '../../../../shared/options.ts'
import { chunkReply } from '../../../../shared/rules/chunking.ts'
import { applyCheck, openingAction } from '../../../../shared/rules/interview-flow.ts'
import {
  CHECK_FAILED_REASON,
  HOLDING_MESSAGE,
  type ScriptedMessage,
  scriptedQuestion,
} from '../../../../shared/scripts.ts'
import { isAbort } from '../../components/chat/script.ts'
import { message } from '../../components/chat/types.ts'
import { wait } from '../../runtime-config.ts'
import { hasValidToken } from '../../storage.ts'
import { trpc } from '../../trpc.ts'
import { loadStoredInterview, sameStored, saveStoredInterview } from './interview-keys.ts'
import {
  catNameSoFar,
  type InterviewAction,
  type InterviewState,
  initialInterviewState,
  interviewReducer,
  progressOf,
  type ScriptedPart,
  type StoredInterview,
  type StoredMessage,
} from './interview-state.ts'
import { restoreFromServer, syncInterview, transcript } from './interview-store.ts'

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

export interface InterviewEngineConfig {
  intro: readonly ScriptedMessage[]
  /** The owner chose 'Skip intro' before arriving (the onboarding chat): the intro shows at once. */
  skipIntro?: boolean
  /** False until the screen may start (chat B waits for its connection). */
  ready: boolean
  /** Chat B waits 1000 ms before its scripted lines (SPEC §4). */
  beforeIntro?: (signal: AbortSignal) => Promise<void>
  /** Closing (interview) or finalizing (chat B) lines; must end by marking the interview completed. */
  runFinal: (tools: FinalStepTools) => Promise<void>
  /** Chat B's finalizing also sets hasFinalized; until then it resumes. */
  finalizedKey?: 'hasFinalized'
  /** Everything is done: leave the screen (or show what comes next). */
  onDone: (signal: AbortSignal) => Promise<void>
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
  /** Shows the rest of the scripted part at once, keeping every line (SPEC texts), and moves on. */
  skip(): void
}

/** The message to show for a failure inside the flow (SPEC §8: the message, else the default). */
function failureText(error: unknown): string {
  if (error instanceof Error && error.message && error.name !== 'TypeError') return error.message
  return DEFAULT_ERRORS.interviewReply
}

function loadState(): InterviewState {
  return initialInterviewState(loadStoredInterview())
}

export function useInterviewEngine(config: InterviewEngineConfig): InterviewEngine {
  const [state, reactDispatch] = useReducer(interviewReducer, undefined, loadState)
  // The flow's steps run across awaits and read the state as it is now, not as the last render saw it.
  // dispatch() applies the same pure reducer here, stores what changed, then hands the action to React,
  // whose state therefore follows the same sequence of actions.
  const current = useRef(state)
  const dispatch = useCallback((action: InterviewAction) => {
    const prev = current.current
    const next = interviewReducer(prev, action)
    if (next === prev) return
    // A 'loaded' state came from storage: nothing to write back.
    if (action.type !== 'loaded' && next.stored !== prev.stored) saveStoredInterview(prev.stored, next.stored)
    current.current = next
    reactDispatch(action)
  }, [])
  /** Takes in what another screen, tab or the server restore wrote under the interview's keys. */
  const reload = useCallback(() => {
    const stored = loadStoredInterview()
    if (!sameStored(stored, current.current.stored)) dispatch({ type: 'loaded', stored })
  }, [dispatch])

  const client = trpc.useUtils().client
  const configRef = useRef(config)
  configRef.current = config
  const controllerRef = useRef<AbortController | null>(null)
  // Skip: the lines still to come show at once; `wake` ends the delay being waited now.
  const skipping = useRef(false)
  const wake = useRef<(() => void) | null>(null)
  // An answer typed during the intro: the intro is shown at once, then the answer is taken.
  const pendingAnswer = useRef<string | null>(null)

  const setTyping = useCallback((on: boolean) => dispatch({ type: 'typing', on }), [dispatch])

  /** Dispatches a change of the conversation and sends it to the server's copy. */
  const say = useCallback(
    (action: InterviewAction) => {
      dispatch(action)
      void syncInterview(client)
    },
    [dispatch, client],
  )

  /** A scripted line's delay, ended early by skip(). */
  const lineDelay = useCallback(
    (ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        wake.current = resolve
        wait(ms, signal).then(resolve, reject)
      }).finally(() => {
        wake.current = null
      }),
    [],
  )

  /** Plays scripted lines with their delays and the typing indicator, from the part's stored index. */
  const play = useCallback(
    async (lines: readonly ScriptedMessage[], part: ScriptedPart, signal: AbortSignal) => {
      const stored = current.current.stored
      const from = part === 'intro' ? stored.introIndex : stored.finalIndex
      try {
        for (let index = from; index < lines.length; index++) {
          if (!skipping.current) {
            setTyping(true)
            try {
              await lineDelay(lines[index]!.delayMs, signal)
            } finally {
              setTyping(false)
            }
          }
          if (signal.aborted) throw signal.reason
          say({ type: 'line-played', part, index, message: message('assistant', lines[index]!.text) })
        }
      } finally {
        skipping.current = false
      }
    },
    [say, lineDelay, setTyping],
  )

  const skip = useCallback(() => {
    skipping.current = true
    wake.current?.()
  }, [])

  /** The receptionist's line from the server (signed in; SPEC §6), with the SPEC's two attempts. */
  const generatedTurn = useCallback(
    async (field: InterviewField, reason: string | undefined, signal: AbortSignal): Promise<string> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const out = await client.interview.reply.mutate(
            { field, messages: transcript(current.current.stored.messages), ...(reason ? { reason } : {}) },
            { signal },
          )
          const text = (out.message || out.assistantResponses[0] || '').trim()
          if (!text) throw new Error('The receptionist gave no answer')
          return text
        } catch (error) {
          if (isAbort(error, signal)) throw error
          console.warn(`Interview reply attempt ${attempt} failed`, error)
          if (attempt >= INTERVIEW_MAX_ATTEMPTS) throw new Error(ERRORS.failedAfterAttempts)
          await wait(INTERVIEW_RETRY_WAIT_MS, signal)
          say({ type: 'said', message: message('assistant', HOLDING_MESSAGE) })
          setTyping(true)
          await wait(INTERVIEW_HOLD_WAIT_MS, signal)
        }
      }
    },
    [say, client, setTyping],
  )

  /** Asks `field` (again, with `reason`), showing a long reply in pairs of sentences 4.75 s apart. */
  const ask = useCallback(
    async (field: InterviewField, reason: string | undefined, signal: AbortSignal) => {
      setTyping(true)
      try {
        const text = hasValidToken()
          ? await generatedTurn(field, reason, signal)
          : scriptedQuestion(field, catNameSoFar(current.current.stored), reason)
        const chunks = chunkReply(text)
        dispatch({ type: 'question-started' })
        for (const [index, chunk] of chunks.entries()) {
          if (index > 0) {
            setTyping(true)
            await wait(CHUNK_GAP_MS, signal)
          }
          say({ type: 'said', message: message('assistant', chunk) })
        }
      } finally {
        setTyping(false)
      }
    },
    [generatedTurn, say, dispatch, setTyping],
  )

  /** Checks the owner's last answer; a failed check counts as not satisfied (SPEC §4). */
  const check = useCallback(
    async (field: InterviewField, signal: AbortSignal) => {
      setTyping(true)
      const list = current.current.stored.messages
      const lastUserIndex = list.findLastIndex((m) => m.role === 'user')
      const lastUser = list[lastUserIndex]
      let result: { satisfied: string; answer: string; reason: string; escalation?: string | undefined }
      try {
        const catName = catNameSoFar(current.current.stored)
        result = await client.interview.check.mutate(
          { field, messages: transcript(list), ...(catName ? { cat_name: catName } : {}) },
          { signal },
        )
      } catch (error) {
        if (isAbort(error, signal)) throw error
        console.warn('The answer check failed', error)
        result = { satisfied: 'false', answer: '', reason: CHECK_FAILED_REASON }
      }
      const outcome = applyCheck(
        current.current.stored.answers,
        field,
        result,
        lastUser?.content ?? '',
        CHECK_FAILED_REASON,
      )
      // An urgent sign in the answer (the product's triage, issue 20): the vet first, then the interview.
      if (result.escalation) say({ type: 'said', message: message('assistant', result.escalation) })
      if (lastUser) {
        dispatch({
          type: 'answer-checked',
          index: lastUserIndex,
          ...(outcome.kind === 'again' ? { reason: outcome.reason } : {}),
        })
      }
      if (outcome.kind === 'accepted') {
        say({ type: 'answer-accepted', field, value: outcome.value })
        if (outcome.next) await ask(outcome.next, undefined, signal)
      } else {
        await ask(field, outcome.reason, signal)
      }
    },
    [ask, dispatch, say, client, setTyping],
  )

  /** SPEC §4 opening/resume: does whatever the stored state says comes next, until the owner must answer. */
  const resume = useCallback(
    async (signal: AbortSignal) => {
      const cfg = configRef.current
      const decide = () => openingAction(progressOf(current.current.stored, cfg.finalizedKey !== undefined))
      for (;;) {
        if (signal.aborted) return
        reload()
        const action = decide()
        switch (action.kind) {
          case 'play-intro':
            dispatch({ type: 'scripted', part: 'intro' })
            try {
              if (cfg.skipIntro) skipping.current = true
              if (!skipping.current) await cfg.beforeIntro?.(signal)
              await play(cfg.intro, 'intro', signal)
            } finally {
              dispatch({ type: 'scripted', part: null })
            }
            dispatch({ type: 'intro-ended' })
            if (pendingAnswer.current) {
              // The first question, then the answer the owner already gave: the transcript reads as usual.
              const first = decide()
              if (first.kind === 'ask') await ask(first.field, undefined, signal)
              say({ type: 'answered', message: message('user', pendingAnswer.current) })
              pendingAnswer.current = null
            }
            break
          case 'finish':
          case 'resume-final':
            dispatch({ type: 'final-started' })
            dispatch({ type: 'scripted', part: 'final' })
            try {
              await cfg.runFinal({
                signal,
                play: (lines) => play(lines, 'final', signal),
                stored: () => current.current.stored,
                dispatch,
                sync: () => syncInterview(client),
              })
            } finally {
              dispatch({ type: 'scripted', part: null })
            }
            break
          case 'done':
            dispatch({ type: 'done' })
            await cfg.onDone(signal)
            return
          case 'await-reply':
            dispatch({ type: 'awaiting-reply' })
            return
          case 'check-reply':
            await check(action.field, signal)
            break
          case 'ask': {
            const last = current.current.stored.messages.at(-1)
            await ask(action.field, last?.role === 'user' ? last.reason : undefined, signal)
            break
          }
        }
      }
    },
    [play, check, ask, say, dispatch, reload, client],
  )

  /** Runs one step of the flow; a failure shows its message with a Retry that resumes from storage. */
  const run = useCallback(
    (step: (signal: AbortSignal) => Promise<void>) => {
      const signal = controllerRef.current?.signal
      if (!signal || signal.aborted) return
      dispatch({ type: 'step-started' })
      step(signal)
        .then(() => resume(signal))
        .catch((failure: unknown) => {
          if (isAbort(failure, signal)) return
          console.error('Interview step failed', failure)
          dispatch({ type: 'step-failed', error: failureText(failure) })
        })
        .finally(() => {
          if (!signal.aborted) dispatch({ type: 'step-settled' })
        })
    },
    [resume, dispatch],
  )

  const retry = useCallback(() => run(resume), [run, resume])

  useEffect(() => {
    if (!config.ready) return
    const controller = new AbortController()
    controllerRef.current = controller
    // The server's copy, when the browser has none (resume() then takes it in from storage).
    run(async () => {
      await restoreFromServer(client, configRef.current.intro)
    })
    return () => {
      controller.abort()
      dispatch({ type: 'typing', on: false })
    }
  }, [config.ready, run, client, dispatch])

  const answer = useCallback(
    (text: string) => {
      const content = text.trim()
      if (!content) return
      if (current.current.view.scripted === 'intro') {
        // Answering while the intro is still arriving: it shows at once, then this answer is taken.
        pendingAnswer.current = content
        skip()
        return
      }
      say({ type: 'answered', message: message('user', content) })
      // The loop sees an unchecked answer and checks it.
      run(async () => {})
    },
    [say, run, skip],
  )

  const { view } = state
  return {
    messages: state.stored.messages,
    typing: view.typing,
    replyExpected: view.replyExpected,
    busy: view.busy,
    error: view.error,
    retry: view.error === null ? null : retry,
    answer,
    done: view.done,
    scripted: view.scripted,
    skip,
  }
}
