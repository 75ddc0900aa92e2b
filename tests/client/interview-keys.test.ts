// The interview's state under the docs/product.md §3 local-storage keys
// (client/src/features/interview/interview-keys.ts), in jsdom's real localStorage: the formats
// other screens and the owner's server restore read stay byte for byte what they were, and a reload
// gives back the state that was stored.
import { beforeEach, describe, expect, it } from 'vitest'
import {
  loadStoredInterview,
  saveStoredInterview,
} from '../../client/src/features/interview/interview-keys.ts'
import {
  EMPTY_INTERVIEW,
  type InterviewAction,
  type InterviewState,
  initialInterviewState,
  interviewReducer,
  sameStored,
} from '../../client/src/features/interview/interview-state.ts'

beforeEach(() => {
  localStorage.clear()
})

/** Applies actions as the hook does: each next state's changes are written as it is reached. */
function apply(
  actions: InterviewAction[],
  from: InterviewState = initialInterviewState(loadStoredInterview()),
) {
  return actions.reduce((state, action) => {
    const next = interviewReducer(state, action)
    saveStoredInterview(state.stored, next.stored)
    return next
  }, from)
}

const msg = (id: string, role: 'user' | 'assistant', content: string) => ({
  id,
  role,
  content,
  timestamp: '2026-01-01T00:00:00.000Z',
})

describe('the interview under the local-storage keys of docs/product.md §3', () => {
  it('writes flags as the text true (or removes them), indexes as text, messages and issues_faced as JSON', () => {
    const state = apply([
      { type: 'line-played', part: 'intro', index: 0, message: msg('a', 'assistant', 'Hi') },
      { type: 'intro-ended' },
      { type: 'question-started' },
      { type: 'said', message: msg('b', 'assistant', 'Name?') },
      { type: 'answered', message: msg('c', 'user', 'Luna') },
      { type: 'answer-checked', index: 2 },
      { type: 'answer-accepted', field: 'cat_name', value: 'Luna' },
      { type: 'answer-accepted', field: 'issues_faced', value: 'scratching and hairballs' },
    ])
    expect({ ...localStorage }).toEqual({
      interview_messages: JSON.stringify([
        msg('a', 'assistant', 'Hi'),
        msg('b', 'assistant', 'Name?'),
        { ...msg('c', 'user', 'Luna'), checked: true },
      ]),
      interview_step_index: '1',
      interview_starting_messages_ended: 'true',
      // No user_reply_expected: set when the question started, removed when the answer came.
      cat_name: 'Luna',
      issues_faced: '["scratching","hairballs"]',
      currentFieldIndex: '2',
    })
    expect(sameStored(loadStoredInterview(), state.stored)).toBe(true)

    apply(
      [
        { type: 'final-started' },
        { type: 'line-played', part: 'final', index: 0, message: msg('d', 'assistant', 'Bye') },
        { type: 'final-index-reset' },
        { type: 'profile-message-sent' },
        { type: 'completed', finalized: true },
      ],
      state,
    )
    expect(localStorage.getItem('interview_final_messages_started')).toBe('true')
    expect(localStorage.getItem('interview_final_step_index')).toBe('0')
    expect(localStorage.getItem('interview_message_sent')).toBe('true')
    expect(localStorage.getItem('hasFinalized')).toBe('true')
    expect(localStorage.getItem('interview_completed')).toBe('true')
  })

  it('reads what other screens wrote: quiz answers count only up to currentFieldIndex, but the quiz age always', () => {
    localStorage.setItem('cat_name', 'Mochi')
    localStorage.setItem('age', '7')
    localStorage.setItem('issues_faced', '["Hairballs","Weight gain"]')
    localStorage.setItem('currentFieldIndex', '2')
    localStorage.setItem('interview_starting_messages_ended', 'true')
    localStorage.setItem('user_reply_expected', 'true')
    localStorage.setItem('interview_step_index', '6')
    localStorage.setItem(
      'interview_messages',
      JSON.stringify([msg('a', 'assistant', 'Hi'), { role: 'user' }]),
    )
    expect(loadStoredInterview()).toEqual({
      ...EMPTY_INTERVIEW,
      // A message without its fields is dropped.
      messages: [msg('a', 'assistant', 'Hi')],
      fieldIndex: 2,
      answers: { cat_name: 'Mochi', issues_faced: 'Hairballs, Weight gain', age: '7' },
      introIndex: 6,
      startingEnded: true,
      userReplyExpected: true,
    })
  })

  it('reads broken values as a fresh interview', () => {
    localStorage.setItem('interview_messages', '{not json')
    localStorage.setItem('currentFieldIndex', '-3')
    localStorage.setItem('interview_completed', 'yes')
    expect(loadStoredInterview()).toEqual(EMPTY_INTERVIEW)
  })

  it('writes only what changed: a key another screen wrote meanwhile stays', () => {
    const state = apply([{ type: 'intro-ended' }])
    localStorage.setItem('interview_completed', 'true')
    localStorage.setItem('cat_name', 'From the quiz')
    apply([{ type: 'said', message: msg('a', 'assistant', 'Name?') }], state)
    expect(localStorage.getItem('interview_completed')).toBe('true')
    expect(localStorage.getItem('cat_name')).toBe('From the quiz')
    expect(localStorage.getItem('currentFieldIndex')).toBeNull()
  })
})
