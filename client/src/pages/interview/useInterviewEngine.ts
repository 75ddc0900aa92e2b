// The receptionist interview of SPEC §4, run from what the browser stores so it resumes after a reload:
// intro lines, the five fields asked in order, each answer checked on the server, a re-ask with the
// reason when it does not count, replies over three sentences shown in pairs 4.75 s apart, then the
// screen's final lines. /interview and /cat-assistant-b share it; they differ in their final step.
import { useCallback, useEffect, useRef, useState } from 'react'
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
import { hasValidToken, readText, type StorageKey, writeFlag, writeText } from '../../storage.ts'
import { trpc } from '../../trpc.ts'
import {
  catNameSoFar,
  loadMessages,
  restoreFromServer,
  type StoredMessage,
  saveMessages,
  storeAnswer,
  storedAnswers,
  storedProgress,
  syncInterview,
  transcript,
} from './interview-store.ts'

export interface FinalStepTools {
  signal: AbortSignal
  /** Plays scripted lines, resuming at the index stored under `indexKey`. */
  play(lines: readonly ScriptedMessage[], indexKey: StorageKey): Promise<void>
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
  scripted: 'intro' | 'final' | null
  /** Shows the rest of the scripted part at once, keeping every line (SPEC texts), and moves on. */
  skip(): void
}

/** The message to show for a failure inside the flow (SPEC §8: the message, else the default). */
function failureText(error: unknown): string {
  if (error instanceof Error && error.message && error.name !== 'TypeError') return error.message
  return DEFAULT_ERRORS.interviewReply
}

export function useInterviewEngine(config: InterviewEngineConfig): InterviewEngine {
  const [messages, setMessages] = useState<StoredMessage[]>(loadMessages)
  const [typing, setTyping] = useState(false)
  const [replyExpected, setReplyExpected] = useState(false)
  const [busy, setBusy] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [retry, setRetry] = useState<(() => void) | null>(null)
  const [done, setDone] = useState(false)
  const [scripted, setScriptedState] = useState<'intro' | 'final' | null>(null)
  // Read by answer() at once, so it is set with the state, not after the next render.
  const scriptedRef = useRef<'intro' | 'final' | null>(null)
  const setScripted = useCallback((part: 'intro' | 'final' | null) => {
    scriptedRef.current = part
    setScriptedState(part)
  }, [])
  const client = trpc.useUtils().client
  const configRef = useRef(config)
  configRef.current = config
  const controllerRef = useRef<AbortController | null>(null)
  // Skip: the lines still to come show at once; `wake` ends the delay being waited now.
  const skipping = useRef(false)
  const wake = useRef<(() => void) | null>(null)
  // An answer typed during the intro: the intro is shown at once, then the answer is taken.
  const pendingAnswer = useRef<string | null>(null)

  const append = useCallback(
    (next: StoredMessage) => {
      const list = [...loadMessages(), next]
      saveMessages(list)
      setMessages(list)
      void syncInterview(client)
    },
    [client],
  )

  const replaceMessages = useCallback((list: StoredMessage[]) => {
    saveMessages(list)
    setMessages(list)
  }, [])

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

  /** Plays scripted lines with their delays and the typing indicator, from the index stored under `indexKey`. */
  const play = useCallback(
    async (lines: readonly ScriptedMessage[], indexKey: StorageKey, signal: AbortSignal) => {
      const from = Number(readText(indexKey)) || 0
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
          append(message('assistant', lines[index]!.text))
          writeText(indexKey, String(index + 1))
        }
      } finally {
        skipping.current = false
      }
    },
    [append, lineDelay],
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
            { field, messages: transcript(loadMessages()), ...(reason ? { reason } : {}) },
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
          append(message('assistant', HOLDING_MESSAGE))
          setTyping(true)
          await wait(INTERVIEW_HOLD_WAIT_MS, signal)
        }
      }
    },
    [append, client],
  )

  /** Asks `field` (again, with `reason`), showing a long reply in pairs of sentences 4.75 s apart. */
  const ask = useCallback(
    async (field: InterviewField, reason: string | undefined, signal: AbortSignal) => {
      setTyping(true)
      try {
        const text = hasValidToken()
          ? await generatedTurn(field, reason, signal)
          : scriptedQuestion(field, catNameSoFar(), reason)
        const chunks = chunkReply(text)
        writeFlag('user_reply_expected', true)
        for (const [index, chunk] of chunks.entries()) {
          if (index > 0) {
            setTyping(true)
            await wait(CHUNK_GAP_MS, signal)
          }
          append(message('assistant', chunk))
        }
      } finally {
        setTyping(false)
      }
    },
    [generatedTurn, append],
  )

  /** Checks the owner's last answer; a failed check counts as not satisfied (SPEC §4). */
  const check = useCallback(
    async (field: InterviewField, signal: AbortSignal) => {
      setTyping(true)
      const list = loadMessages()
      const lastUserIndex = list.findLastIndex((m) => m.role === 'user')
      const lastUser = list[lastUserIndex]
      let result: { satisfied: string; answer: string; reason: string }
      try {
        result = await client.interview.check.mutate({ field, messages: transcript(list) }, { signal })
      } catch (error) {
        if (isAbort(error, signal)) throw error
        console.warn('The answer check failed', error)
        result = { satisfied: 'false', answer: '', reason: CHECK_FAILED_REASON }
      }
      const outcome = applyCheck(storedAnswers(), field, result, lastUser?.content ?? '', CHECK_FAILED_REASON)
      if (lastUser) {
        const marked = [...list]
        marked[lastUserIndex] = {
          ...lastUser,
          checked: true,
          ...(outcome.kind === 'again' ? { reason: outcome.reason } : {}),
        }
        replaceMessages(marked)
      }
      if (outcome.kind === 'accepted') {
        storeAnswer(field, outcome.value)
        void syncInterview(client)
        if (outcome.next) await ask(outcome.next, undefined, signal)
      } else {
        await ask(field, outcome.reason, signal)
      }
    },
    [ask, replaceMessages, client],
  )

  /** SPEC §4 opening/resume: does whatever the stored state says comes next, until the owner must answer. */
  const resume = useCallback(
    async (signal: AbortSignal) => {
      const cfg = configRef.current
      for (;;) {
        if (signal.aborted) return
        const action = openingAction(storedProgress(loadMessages(), cfg.finalizedKey))
        switch (action.kind) {
          case 'play-intro':
            setScripted('intro')
            try {
              if (cfg.skipIntro) skipping.current = true
              if (!skipping.current) await cfg.beforeIntro?.(signal)
              await play(cfg.intro, 'interview_step_index', signal)
            } finally {
              setScripted(null)
            }
            writeFlag('interview_starting_messages_ended', true)
            if (pendingAnswer.current) {
              // The first question, then the answer the owner already gave: the transcript reads as usual.
              const first = openingAction(storedProgress(loadMessages(), cfg.finalizedKey))
              if (first.kind === 'ask') await ask(first.field, undefined, signal)
              writeFlag('user_reply_expected', false)
              append(message('user', pendingAnswer.current))
              pendingAnswer.current = null
            }
            break
          case 'finish':
          case 'resume-final':
            writeFlag('user_reply_expected', false)
            writeFlag('interview_final_messages_started', true)
            setScripted('final')
            try {
              await cfg.runFinal({
                signal,
                play: (lines, key) => play(lines, key, signal),
                sync: () => syncInterview(client),
              })
            } finally {
              setScripted(null)
            }
            break
          case 'done':
            setDone(true)
            await cfg.onDone(signal)
            return
          case 'await-reply':
            setReplyExpected(true)
            return
          case 'check-reply':
            await check(action.field, signal)
            break
          case 'ask': {
            const last = loadMessages().at(-1)
            await ask(action.field, last?.role === 'user' ? last.reason : undefined, signal)
            break
          }
        }
      }
    },
    [play, check, ask, append, setScripted, client],
  )

  /** Runs one step of the flow; a failure shows its message with a Retry that resumes from storage. */
  const run = useCallback(
    (step: (signal: AbortSignal) => Promise<void>) => {
      const signal = controllerRef.current?.signal
      if (!signal || signal.aborted) return
      setBusy(true)
      setError(null)
      setRetry(null)
      step(signal)
        .then(() => resume(signal))
        .catch((failure: unknown) => {
          if (isAbort(failure, signal)) return
          console.error('Interview step failed', failure)
          setTyping(false)
          setError(failureText(failure))
          setRetry(() => () => run(resume))
        })
        .finally(() => {
          if (!signal.aborted) setBusy(false)
        })
    },
    [resume],
  )

  useEffect(() => {
    if (!config.ready) return
    const controller = new AbortController()
    controllerRef.current = controller
    run(async (signal) => {
      if (await restoreFromServer(client, configRef.current.intro)) {
        if (!signal.aborted) setMessages(loadMessages())
      }
    })
    return () => {
      controller.abort()
      setTyping(false)
    }
  }, [config.ready, run, client])

  const answer = useCallback(
    (text: string) => {
      const content = text.trim()
      if (!content) return
      if (scriptedRef.current === 'intro') {
        // Answering while the intro is still arriving: it shows at once, then this answer is taken.
        pendingAnswer.current = content
        skip()
        return
      }
      setReplyExpected(false)
      writeFlag('user_reply_expected', false)
      append(message('user', content))
      // The loop sees an unchecked answer and checks it.
      run(async () => {})
    },
    [append, run, skip],
  )

  return { messages, typing, replyExpected, busy, error, retry, answer, done, scripted, skip }
}
