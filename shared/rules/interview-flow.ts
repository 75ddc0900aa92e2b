// The receptionist interview (docs/product.md §4 "Interview" and "Chat variant B") as pure decisions: what to
// do next from what is stored, how a check result moves the interview on, and how to resume from the server's
// copy. The screens run the waits and the calls; every branch is decided here.
import { MAX_CAT_AGE } from '../constants.ts'
import { INTERVIEW_FIELDS, type InterviewField } from '../options.ts'
import { YES_WORDS } from '../scripts.ts'

export type InterviewAnswers = Partial<Record<InterviewField, string>>

export interface FlowMessage {
  role: 'user' | 'assistant'
  content: string
}

/**
 * docs/product.md §4 Onboarding chat: the reply's first word is one of the yes-words
 * ("Yes!", "ok let's go", "Y").
 */
export function isYesReply(text: string): boolean {
  const first = text
    .trim()
    .toLowerCase()
    .split(/[\s,.!?;:]+/)[0]
  return first !== undefined && (YES_WORDS as readonly string[]).includes(first)
}

/** docs/product.md §4: empty-content messages are dropped before sending. */
export function dropEmptyMessages<T extends { content: string }>(messages: readonly T[]): T[] {
  return messages.filter((message) => message.content.trim() !== '')
}

/** The index of the first field without an answer; INTERVIEW_FIELDS.length when all are answered. */
/**
 * No question asked twice: the short quiz asks the cat's age, so an age it stored (whole or
 * half years within the age range) is the interview's answer too, and the interview does not ask it.
 */
export function knownQuizAge(value: string): string | null {
  const age = value.trim()
  if (!/^\d{1,2}(\.\d)?$/.test(age)) return null
  return Number(age) <= MAX_CAT_AGE ? age : null
}

export function firstUnansweredIndex(answers: InterviewAnswers): number {
  const index = INTERVIEW_FIELDS.findIndex((field) => !answers[field]?.trim())
  return index === -1 ? INTERVIEW_FIELDS.length : index
}

export function fieldAt(index: number): InterviewField | null {
  return INTERVIEW_FIELDS[index] ?? null
}

export interface CheckOutcome {
  satisfied: 'true' | 'false' | string
  answer: string
  reason: string
}

export type AfterCheck =
  /** The answer counts: store it, then ask `next` (or finish when null). */
  | {
      kind: 'accepted'
      field: InterviewField
      value: string
      answers: InterviewAnswers
      next: InterviewField | null
    }
  /** Ask the same field again, with the reason. */
  | { kind: 'again'; field: InterviewField; reason: string }

/**
 * docs/product.md §4: if satisfied, the returned answer (or the raw text if none) is stored under the current
 * field and the next field is asked; if not, the same field is asked again with the reason.
 */
export function applyCheck(
  answers: InterviewAnswers,
  field: InterviewField,
  result: CheckOutcome,
  rawText: string,
  fallbackReason: string,
): AfterCheck {
  if (result.satisfied !== 'true') {
    return { kind: 'again', field, reason: result.reason.trim() || fallbackReason }
  }
  const value = result.answer.trim() || rawText.trim()
  const next = { ...answers, [field]: value }
  return { kind: 'accepted', field, value, answers: next, next: fieldAt(firstUnansweredIndex(next)) }
}

/** issues_faced is stored as a list of titles; the check answers in words ("scratching, weight gain"). */
export function issuesList(answer: string): string[] {
  const parts = answer
    .split(/\s*(?:,|;|\n|\band\b|&)\s*/i)
    .map((part) => part.trim().replace(/[.!]+$/, ''))
    .filter(Boolean)
  return parts.length > 0 ? [...new Set(parts)] : []
}

/** What is stored on the browser about the interview (the interview_* keys of docs/product.md §3). */
export interface StoredProgress {
  startingEnded: boolean
  finalStarted: boolean
  completed: boolean
  /** Chat B: the finalizing ran to its end. */
  finalized?: boolean
  userReplyExpected: boolean
  lastRole: 'user' | 'assistant' | null
  answers: InterviewAnswers
}

export type OpeningAction =
  /** Play (or keep playing) the intro lines. */
  | { kind: 'play-intro' }
  /** Resume the closing (interview) or finalizing (chat B) lines. */
  | { kind: 'resume-final' }
  /** Nothing left to ask: the interview is over. */
  | { kind: 'done' }
  /** All fields answered but the closing has not started: start it. */
  | { kind: 'finish' }
  /** Wait for the owner to answer `field`. */
  | { kind: 'await-reply'; field: InterviewField }
  /** The owner's last message has not been handled yet (a reload mid-turn): check it. */
  | { kind: 'check-reply'; field: InterviewField }
  /** Ask `field` (the receptionist's turn). */
  | { kind: 'ask'; field: InterviewField }

/**
 * docs/product.md §4 "Chat variant B, opening" and the interview's resume: 1. intro not ended → play it; 2.
 * final lines started but not finished → resume them; 3. no reply expected → take the assistant's turn (check
 * a pending answer, ask the next field, or finish when complete).
 */
export function openingAction(p: StoredProgress): OpeningAction {
  if (!p.startingEnded) return { kind: 'play-intro' }
  if (p.completed && (p.finalized ?? true)) return { kind: 'done' }
  if (p.finalStarted) return { kind: 'resume-final' }
  const field = fieldAt(firstUnansweredIndex(p.answers))
  if (p.userReplyExpected && field) return { kind: 'await-reply', field }
  if (!field) return { kind: 'finish' }
  if (p.lastRole === 'user') return { kind: 'check-reply', field }
  return { kind: 'ask', field }
}

/** The server's copy of an interview, as the resume reads it. */
export interface ServerInterview {
  messages: FlowMessage[]
  answers: InterviewAnswers
  completed: boolean
}

/**
 * Rebuilds the browser's progress from the server (another device, cleared storage). The intro lines
 * are the first messages of every interview, so their count tells how far the intro got.
 */
export function progressFromServer(
  interview: ServerInterview,
  introCount: number,
): StoredProgress & { introIndex: number; finalIndex: number } {
  const { messages } = interview
  const firstUser = messages.findIndex((m) => m.role === 'user')
  const introShown = Math.min(introCount, firstUser === -1 ? messages.length : firstUser)
  const startingEnded = introShown >= introCount || firstUser !== -1
  const last = messages.at(-1)
  const lastUser = messages.findLastIndex((m) => m.role === 'user')
  const allAnswered = firstUnansweredIndex(interview.answers) >= INTERVIEW_FIELDS.length
  // A question was asked when the last line is the assistant's and comes after the intro.
  const asked = last?.role === 'assistant' && messages.length > introCount
  return {
    introIndex: startingEnded ? introCount : introShown,
    finalIndex: allAnswered && lastUser !== -1 ? messages.length - 1 - lastUser : 0,
    startingEnded,
    finalStarted: allAnswered && last?.role === 'assistant',
    completed: interview.completed,
    userReplyExpected: startingEnded && !allAnswered && asked,
    lastRole: last?.role ?? null,
    answers: interview.answers,
  }
}
