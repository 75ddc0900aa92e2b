// The interview's stored state taken in from elsewhere: the onboarding chat's conversation (the interview
// continues it) and the server's copy (another device, cleared storage). Pure, like the reducer.
import { INTERVIEW_FIELDS } from '../../../../shared/options.ts'
import {
  type InterviewAnswers,
  progressFromServer,
  type ServerInterview,
} from '../../../../shared/rules/interview-flow.ts'
import type { UiMessage } from '../../chat-message.ts'
import { type StoredInterview, storedAnswerValue } from './interview-state.ts'

/**
 * The onboarding chat's conversation as the interview's first messages: the owner's replies there are
 * handled already.
 */
export function handedOver(stored: StoredInterview, messages: readonly UiMessage[]): StoredInterview {
  return {
    ...stored,
    messages: messages.map((m) => (m.role === 'user' ? { ...m, checked: true } : { ...m })),
  }
}

/** A message of the server's copy, with the id and time the browser keeps. */
export interface ServerMessage {
  id?: string | null | undefined
  role: 'user' | 'assistant'
  content: string
  timestamp?: string | undefined
}

/**
 * The browser's state rebuilt from the server's copy (another device, cleared storage). The onboarding
 * chat's lines may come first (the interview continues that conversation); the interview's own progress
 * is read from its intro on. Chat B's finalized and message-sent flags stay as they were.
 */
export function fromServer(
  stored: StoredInterview,
  found: { messages: ServerMessage[]; answers: ServerInterview['answers']; completed: boolean },
  intro: readonly { text: string }[],
  newId: () => string,
): StoredInterview {
  const introStart = found.messages.findIndex((m) => m.role === 'assistant' && m.content === intro[0]?.text)
  const progress = progressFromServer(
    {
      messages: introStart === -1 ? [] : found.messages.slice(introStart),
      answers: found.answers,
      completed: found.completed,
    },
    intro.length,
  )
  const answers: InterviewAnswers = {}
  let fieldIndex = 0
  for (const field of INTERVIEW_FIELDS) {
    const value = found.answers[field]
    if (!value) break
    const kept = storedAnswerValue(field, value)
    if (kept) answers[field] = kept
    fieldIndex++
  }
  return {
    ...stored,
    messages: found.messages.map((m, index) => ({
      id: m.id || newId(),
      role: m.role,
      content: m.content,
      timestamp: m.timestamp,
      // Answers before the last message were handled on the other device.
      ...(m.role === 'user' && index < found.messages.length - 1 ? { checked: true } : {}),
    })),
    fieldIndex,
    answers,
    introIndex: progress.introIndex,
    startingEnded: progress.startingEnded,
    userReplyExpected: progress.userReplyExpected,
    finalStarted: progress.finalStarted,
    finalIndex: progress.finalIndex,
    completed: progress.completed,
  }
}
