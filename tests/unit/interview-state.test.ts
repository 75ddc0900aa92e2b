// The interview's reducer (client/src/features/interview/interview-state.ts): pure, so every transition is
// checked here without React or storage, with the hand-over and server restore of interview-import.ts;
// the hook and the keys are tested in tests/client.
import { describe, expect, it } from 'vitest'
import { fromServer, handedOver } from '../../client/src/features/interview/interview-import.ts'
import {
  catNameSoFar,
  EMPTY_INTERVIEW,
  type InterviewAction,
  type InterviewState,
  initialInterviewState,
  interviewReducer,
  progressOf,
  type StoredMessage,
} from '../../client/src/features/interview/interview-state.ts'
import { openingAction } from '../../shared/rules/interview-flow.ts'

let ids = 0
const line = (role: 'user' | 'assistant', content: string): StoredMessage => ({
  id: `m${++ids}`,
  role,
  content,
  timestamp: '2026-01-01T00:00:00.000Z',
})
const run = (actions: InterviewAction[], from: InterviewState = initialInterviewState(EMPTY_INTERVIEW)) =>
  actions.reduce(interviewReducer, from)
const next = (state: InterviewState, withFinalized = false) =>
  openingAction(progressOf(state.stored, withFinalized))

describe('interviewReducer', () => {
  it('starts with the intro and moves on to the first question once the intro has ended', () => {
    const start = initialInterviewState(EMPTY_INTERVIEW)
    expect(next(start)).toEqual({ kind: 'play-intro' })
    const played = run(
      [
        { type: 'line-played', part: 'intro', index: 0, message: line('assistant', 'Hi') },
        { type: 'line-played', part: 'intro', index: 1, message: line('assistant', 'I am Ava') },
      ],
      start,
    )
    expect(played.stored.introIndex).toBe(2)
    expect(played.stored.finalIndex).toBe(0)
    expect(played.stored.messages.map((m) => m.content)).toEqual(['Hi', 'I am Ava'])
    expect(next(played)).toEqual({ kind: 'play-intro' })
    const ended = run([{ type: 'intro-ended' }], played)
    expect(next(ended)).toEqual({ kind: 'ask', field: 'cat_name' })
  })

  it('awaits the answer once a question is on its way, and takes the answer for checking', () => {
    const asked = run([
      { type: 'intro-ended' },
      { type: 'question-started' },
      { type: 'said', message: line('assistant', "What is your cat's name?") },
    ])
    expect(asked.stored.userReplyExpected).toBe(true)
    expect(next(asked)).toEqual({ kind: 'await-reply', field: 'cat_name' })
    const waiting = run([{ type: 'awaiting-reply' }], asked)
    expect(waiting.view.replyExpected).toBe(true)

    const answered = run([{ type: 'answered', message: line('user', 'Luna') }], waiting)
    expect(answered.stored.userReplyExpected).toBe(false)
    expect(answered.view.replyExpected).toBe(false)
    expect(next(answered)).toEqual({ kind: 'check-reply', field: 'cat_name' })
  })

  it('marks a checked answer, with the reason when it did not count, so the question comes again', () => {
    const answered = run([
      { type: 'intro-ended' },
      { type: 'said', message: line('assistant', 'Name?') },
      { type: 'answered', message: line('user', 'hmm') },
    ])
    const again = run([{ type: 'answer-checked', index: 1, reason: 'Please tell me her name' }], answered)
    expect(again.stored.messages[1]).toMatchObject({ checked: true, reason: 'Please tell me her name' })
    expect(answered.stored.messages[1]).not.toHaveProperty('checked')
    expect(next(again)).toEqual({ kind: 'ask', field: 'cat_name' })
    // Only a user message is marked.
    expect(run([{ type: 'answer-checked', index: 0 }], answered)).toBe(answered)
  })

  it('stores an accepted answer under its field, issues_faced as it reads back from its list', () => {
    const state = run([
      { type: 'answer-accepted', field: 'cat_name', value: '  Luna ' },
      { type: 'answer-accepted', field: 'issues_faced', value: 'scratching and weight gain.' },
    ])
    expect(state.stored.fieldIndex).toBe(2)
    expect(state.stored.answers).toEqual({ cat_name: 'Luna', issues_faced: 'scratching, weight gain' })
    expect(catNameSoFar(state.stored)).toBe('Luna')
    expect(catNameSoFar(EMPTY_INTERVIEW)).toBe('')
    expect(next(run([{ type: 'intro-ended' }], state))).toEqual({ kind: 'ask', field: 'age' })
  })

  it('finishes once all five are answered, then the final lines resume where they stopped', () => {
    const answered = run([
      { type: 'intro-ended' },
      { type: 'question-started' },
      { type: 'answer-accepted', field: 'cat_name', value: 'Luna' },
      { type: 'answer-accepted', field: 'issues_faced', value: 'hairballs' },
      { type: 'answer-accepted', field: 'age', value: '3' },
      { type: 'answer-accepted', field: 'breed', value: 'Siamese' },
      { type: 'answer-accepted', field: 'activity_level', value: 'Active' },
      { type: 'said', message: line('assistant', 'Thanks') },
    ])
    expect(answered.stored.fieldIndex).toBe(5)
    expect(next(answered)).toEqual({ kind: 'finish' })
    const started = run(
      [
        { type: 'final-started' },
        { type: 'line-played', part: 'final', index: 0, message: line('assistant', 'Closing 1') },
      ],
      answered,
    )
    expect(started.stored).toMatchObject({ finalStarted: true, userReplyExpected: false, finalIndex: 1 })
    expect(next(started)).toEqual({ kind: 'resume-final' })
    expect(next(run([{ type: 'completed' }], started))).toEqual({ kind: 'done' })
  })

  it('chat B is done only once it has finalized; its final index restarts between its two phases', () => {
    const completed = run([
      { type: 'intro-ended' },
      ...(['cat_name', 'issues_faced', 'age', 'breed', 'activity_level'] as const).map(
        (field): InterviewAction => ({ type: 'answer-accepted', field, value: 'x' }),
      ),
      { type: 'final-started' },
      { type: 'line-played', part: 'final', index: 2, message: line('assistant', 'Creating') },
    ])
    expect(completed.stored.finalIndex).toBe(3)
    const reset = run([{ type: 'final-index-reset' }, { type: 'profile-message-sent' }], completed)
    expect(reset.stored).toMatchObject({ finalIndex: 0, messageSent: true })
    const onlyCompleted = run([{ type: 'completed' }], reset)
    expect(next(onlyCompleted, true)).toEqual({ kind: 'resume-final' })
    const finalized = run([{ type: 'completed', finalized: true }], reset)
    expect(finalized.stored).toMatchObject({ completed: true, finalized: true })
    expect(next(finalized, true)).toEqual({ kind: 'done' })
  })

  it('keeps what the screen shows apart from what is stored, and an unchanged view is the same state', () => {
    const start = initialInterviewState(EMPTY_INTERVIEW)
    expect(start.view).toMatchObject({ busy: true, typing: false, error: null, done: false, scripted: null })
    const failed = run([
      { type: 'typing', on: true },
      { type: 'step-failed', error: 'Failed after 2 attempts' },
    ])
    expect(failed.view).toMatchObject({ typing: false, error: 'Failed after 2 attempts' })
    expect(failed.stored).toBe(start.stored)
    const retried = run([{ type: 'step-started' }], failed)
    expect(retried.view).toMatchObject({ busy: true, error: null })
    expect(run([{ type: 'step-settled' }], retried).view.busy).toBe(false)
    expect(run([{ type: 'scripted', part: 'intro' }]).view.scripted).toBe('intro')
    expect(run([{ type: 'done' }]).view.done).toBe(true)
    expect(interviewReducer(start, { type: 'typing', on: false })).toBe(start)
  })

  it('takes a state loaded from storage as it is', () => {
    const loaded = { ...EMPTY_INTERVIEW, fieldIndex: 1, answers: { cat_name: 'Mochi' }, startingEnded: true }
    const state = run([{ type: 'loaded', stored: loaded }])
    expect(state.stored).toEqual(loaded)
    expect(next(state)).toEqual({ kind: 'ask', field: 'issues_faced' })
  })
})

describe('progressOf', () => {
  it("counts a checked last answer as handled, and reads chat B's finalized flag only when asked", () => {
    const unchecked = { ...EMPTY_INTERVIEW, messages: [line('user', 'Luna')] }
    expect(progressOf(unchecked, false).lastRole).toBe('user')
    expect(
      progressOf({ ...unchecked, messages: [{ ...unchecked.messages[0]!, checked: true }] }, false).lastRole,
    ).toBe('assistant')
    expect(progressOf(EMPTY_INTERVIEW, false).lastRole).toBeNull()
    expect(progressOf(EMPTY_INTERVIEW, false)).not.toHaveProperty('finalized')
    expect(progressOf({ ...EMPTY_INTERVIEW, finalized: true }, true).finalized).toBe(true)
  })
})

describe('handedOver', () => {
  it("makes the onboarding chat's lines the first messages, the owner's replies already handled", () => {
    const stored = handedOver(EMPTY_INTERVIEW, [line('assistant', 'Hello'), line('user', 'yes')])
    expect(stored.messages.map((m) => [m.role, m.content, m.checked])).toEqual([
      ['assistant', 'Hello', undefined],
      ['user', 'yes', true],
    ])
  })
})

describe('fromServer', () => {
  const intro = [{ text: 'Intro 1' }, { text: 'Intro 2' }]
  const msg = (role: 'user' | 'assistant', content: string, id = '') => ({ id, role, content })

  it('rebuilds the progress from the server copy: answers up to the first gap, answered turns checked', () => {
    let n = 0
    const stored = fromServer(
      { ...EMPTY_INTERVIEW, finalized: true, messageSent: true },
      {
        messages: [
          msg('assistant', 'Onboarding line', 'a'),
          msg('assistant', 'Intro 1', 'b'),
          msg('assistant', 'Intro 2'),
          msg('assistant', 'Name?'),
          msg('user', 'Luna'),
          msg('assistant', 'Issues?'),
        ],
        answers: { cat_name: 'Luna', age: '3' },
        completed: false,
      },
      intro,
      () => `new${++n}`,
    )
    expect(stored.messages.map((m) => m.id)).toEqual(['a', 'b', 'new1', 'new2', 'new3', 'new4'])
    expect(stored.messages[4]).toMatchObject({ role: 'user', checked: true })
    expect(stored).toMatchObject({
      fieldIndex: 1,
      answers: { cat_name: 'Luna' },
      introIndex: 2,
      startingEnded: true,
      userReplyExpected: true,
      finalStarted: false,
      completed: false,
      // Chat B's own flags are not on the server: they stay as the browser had them.
      finalized: true,
      messageSent: true,
    })
    expect(next({ stored, view: initialInterviewState(stored).view })).toEqual({
      kind: 'await-reply',
      field: 'issues_faced',
    })
  })

  it("leaves the owner's last answer unchecked, so it is checked on this device", () => {
    const stored = fromServer(
      EMPTY_INTERVIEW,
      {
        messages: [
          msg('assistant', 'Intro 1', 'a'),
          msg('assistant', 'Intro 2', 'b'),
          msg('user', 'Luna', 'c'),
        ],
        answers: {},
        completed: false,
      },
      intro,
      () => 'x',
    )
    expect(stored.messages.at(-1)).not.toHaveProperty('checked')
    expect(next(initialInterviewState(stored))).toEqual({ kind: 'check-reply', field: 'cat_name' })
  })
})
