// The receptionist interview's state as one pure reducer. `stored` is what the browser keeps
// so the interview resumes after a reload: each of its fields is one docs/product.md §3 local-storage
// key, read and written only by interview-keys.ts. `view` is what the screen shows now and is never
// stored. The hook (useInterviewEngine.ts) runs the waits and the server calls and dispatches what
// happened; every change of state is decided here.
import { INTERVIEW_FIELDS, type InterviewField } from '../../../../shared/options.ts'
import {
  firstUnansweredIndex,
  type InterviewAnswers,
  issuesList,
  type StoredProgress,
} from '../../../../shared/rules/interview-flow.ts'
import type { UiMessage } from '../../chat-message.ts'

/** A stored interview message: a checked user message is one whose answer check already ran. */
export interface StoredMessage extends UiMessage {
  checked?: boolean
  /** Why a checked answer did not count; the question is asked again with it after a reload. */
  reason?: string
}

/** The interview as the browser stores it; the key each field is stored under is named beside it. */
export interface StoredInterview {
  /** interview_messages */
  messages: StoredMessage[]
  /** currentFieldIndex: how many of INTERVIEW_FIELDS have been answered. */
  fieldIndex: number
  /** cat_name, issues_faced (a list of titles), age, breed, activity_level: only those before fieldIndex. */
  answers: InterviewAnswers
  /** interview_step_index: intro lines shown. */
  introIndex: number
  /** interview_final_step_index: closing (or finalizing) lines shown. */
  finalIndex: number
  /** interview_starting_messages_ended */
  startingEnded: boolean
  /** interview_final_messages_started */
  finalStarted: boolean
  /** interview_completed */
  completed: boolean
  /** hasFinalized (chat B's finalizing ran to its end) */
  finalized: boolean
  /** interview_message_sent (chat B's 'profile created' lines were shown) */
  messageSent: boolean
  /** user_reply_expected */
  userReplyExpected: boolean
}

export type ScriptedPart = 'intro' | 'final'

export interface InterviewView {
  typing: boolean
  /** The owner may answer now. */
  replyExpected: boolean
  /** A step of the flow is running. */
  busy: boolean
  /** The failure of the last step (its Retry resumes from the stored state). */
  error: string | null
  done: boolean
  /** Which scripted part is playing. */
  scripted: ScriptedPart | null
}

export interface InterviewState {
  stored: StoredInterview
  view: InterviewView
}

export type InterviewAction =
  /** The stored state as read from local storage (a first render, a resume, a write from elsewhere). */
  | { type: 'loaded'; stored: StoredInterview }
  /** A line of the receptionist's (a question, a part of one, the holding message). */
  | { type: 'said'; message: StoredMessage }
  /** Line `index` of the intro or of the final lines was shown. */
  | { type: 'line-played'; part: ScriptedPart; index: number; message: StoredMessage }
  | { type: 'intro-ended' }
  /** A question is on its way: after a reload the owner's answer is awaited. */
  | { type: 'question-started' }
  /** The flow waits for the owner's answer. */
  | { type: 'awaiting-reply' }
  | { type: 'answered'; message: StoredMessage }
  /** The check of the user message at `index` ran; `reason` when the answer did not count. */
  | { type: 'answer-checked'; index: number; reason?: string }
  | { type: 'answer-accepted'; field: InterviewField; value: string }
  | { type: 'final-started' }
  /** Chat B: the finalizing's message index restarts at 0 between its two phases. */
  | { type: 'final-index-reset' }
  | { type: 'profile-message-sent' }
  | { type: 'completed'; finalized?: boolean }
  | { type: 'typing'; on: boolean }
  | { type: 'scripted'; part: ScriptedPart | null }
  | { type: 'step-started' }
  | { type: 'step-failed'; error: string }
  | { type: 'step-settled' }
  | { type: 'done' }

export const EMPTY_INTERVIEW: StoredInterview = {
  messages: [],
  fieldIndex: 0,
  answers: {},
  introIndex: 0,
  finalIndex: 0,
  startingEnded: false,
  finalStarted: false,
  completed: false,
  finalized: false,
  messageSent: false,
  userReplyExpected: false,
}

export const INITIAL_VIEW: InterviewView = {
  typing: false,
  replyExpected: false,
  busy: true,
  error: null,
  done: false,
  scripted: null,
}

export function initialInterviewState(stored: StoredInterview): InterviewState {
  return { stored, view: INITIAL_VIEW }
}

/**
 * An answer as it reads back from its key: issues_faced is stored as a list of titles and read back
 * joined by ', ', so the state holds it that way already; the others are trimmed.
 */
export function storedAnswerValue(field: InterviewField, value: string): string {
  return field === 'issues_faced' ? issuesList(value).join(', ') : value.trim()
}

function withStored(state: InterviewState, changes: Partial<StoredInterview>): InterviewState {
  return { ...state, stored: { ...state.stored, ...changes } }
}

function withView(state: InterviewState, changes: Partial<InterviewView>): InterviewState {
  const same = (Object.keys(changes) as (keyof InterviewView)[]).every((k) => state.view[k] === changes[k])
  return same ? state : { ...state, view: { ...state.view, ...changes } }
}

function appended(state: InterviewState, message: StoredMessage): StoredMessage[] {
  return [...state.stored.messages, message]
}

export function interviewReducer(state: InterviewState, action: InterviewAction): InterviewState {
  switch (action.type) {
    case 'loaded':
      return withStored(state, action.stored)
    case 'said':
      return withStored(state, { messages: appended(state, action.message) })
    case 'line-played':
      return withStored(state, {
        messages: appended(state, action.message),
        [action.part === 'intro' ? 'introIndex' : 'finalIndex']: action.index + 1,
      })
    case 'intro-ended':
      return withStored(state, { startingEnded: true })
    case 'question-started':
      return withStored(state, { userReplyExpected: true })
    case 'awaiting-reply':
      return withView(state, { replyExpected: true })
    case 'answered':
      return withView(
        withStored(state, { userReplyExpected: false, messages: appended(state, action.message) }),
        { replyExpected: false },
      )
    case 'answer-checked': {
      const target = state.stored.messages[action.index]
      if (target?.role !== 'user') return state
      const messages = [...state.stored.messages]
      messages[action.index] = {
        ...target,
        checked: true,
        ...(action.reason ? { reason: action.reason } : {}),
      }
      return withStored(state, { messages })
    }
    case 'answer-accepted': {
      const through = INTERVIEW_FIELDS.indexOf(action.field) + 1
      const answers: InterviewAnswers = {}
      for (const [index, field] of INTERVIEW_FIELDS.entries()) {
        // Later fields keep an answer only when it was known before they were asked (the quiz's age).
        const value =
          field === action.field ? storedAnswerValue(field, action.value) : state.stored.answers[field]
        if (value && (index < through || field === 'age')) answers[field] = value
      }
      // The fields answered so far, in order: a field already known is passed over, not asked.
      const fieldIndex = Math.max(through, firstUnansweredIndex(answers))
      return withStored(state, { fieldIndex, answers })
    }
    case 'final-started':
      return withStored(state, { userReplyExpected: false, finalStarted: true })
    case 'final-index-reset':
      return withStored(state, { finalIndex: 0 })
    case 'profile-message-sent':
      return withStored(state, { messageSent: true })
    case 'completed':
      return withStored(state, { completed: true, ...(action.finalized ? { finalized: true } : {}) })
    case 'typing':
      return withView(state, { typing: action.on })
    case 'scripted':
      return withView(state, { scripted: action.part })
    case 'step-started':
      return withView(state, { busy: true, error: null })
    case 'step-failed':
      return withView(state, { typing: false, error: action.error })
    case 'step-settled':
      return withView(state, { busy: false })
    case 'done':
      return withView(state, { done: true })
  }
}

/** Whether two states store the same (a reload from storage that changes nothing is not dispatched). */
export function sameStored(a: StoredInterview, b: StoredInterview): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** What openingAction decides from. A checked last answer counts as handled (its question comes next). */
export function progressOf(stored: StoredInterview, withFinalized: boolean): StoredProgress {
  const last = stored.messages.at(-1)
  return {
    startingEnded: stored.startingEnded,
    finalStarted: stored.finalStarted,
    completed: stored.completed,
    ...(withFinalized ? { finalized: stored.finalized } : {}),
    userReplyExpected: stored.userReplyExpected,
    lastRole: last ? (last.role === 'user' && !last.checked ? 'user' : 'assistant') : null,
    answers: stored.answers,
  }
}

/** The cat's name once the interview has it (the scripted questions use it). */
export function catNameSoFar(stored: StoredInterview): string {
  return stored.fieldIndex > 0 ? (stored.answers.cat_name ?? '') : ''
}
