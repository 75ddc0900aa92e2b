import { describe, expect, it } from 'vitest'
import {
  applyCheck,
  dropEmptyMessages,
  firstUnansweredIndex,
  issuesList,
  isYesReply,
  openingAction,
  progressFromServer,
  type StoredProgress,
} from '../../shared/rules/interview-flow.ts'
import { catNameOrFallback, interviewIntroMessages, scriptedQuestion } from '../../shared/scripts.ts'

const RETRY = "I'm sorry, can you please answer again?"
const ALL = {
  cat_name: 'Luna',
  issues_faced: 'scratching',
  age: '3',
  breed: 'Siamese',
  activity_level: 'Active',
}

describe('isYesReply (docs/product.md §4 Onboarding chat)', () => {
  it.each(['yes', 'Yes!', 'sure thing', 'okay', 'OK let us go', 'y', 'Yep.', 'yeah, ready', '  yes  '])(
    'accepts %j',
    (text) => expect(isYesReply(text)).toBe(true),
  )
  it.each(['no', 'not yet', 'yellow cat', 'maybe yes', '', 'okey', 'yess'])('refuses %j', (text) =>
    expect(isYesReply(text)).toBe(false),
  )
})

describe('dropEmptyMessages', () => {
  it('removes blank and whitespace-only messages and keeps the order', () => {
    const list = [
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: '  ' },
      { role: 'user', content: '' },
      { role: 'user', content: 'Luna' },
    ]
    expect(dropEmptyMessages(list).map((m) => m.content)).toEqual(['Hi', 'Luna'])
  })
})

describe('firstUnansweredIndex', () => {
  it('walks the five fields in order', () => {
    expect(firstUnansweredIndex({})).toBe(0)
    expect(firstUnansweredIndex({ cat_name: 'Luna' })).toBe(1)
    expect(firstUnansweredIndex({ cat_name: 'Luna', issues_faced: 'x', age: ' ' })).toBe(2)
    expect(firstUnansweredIndex(ALL)).toBe(5)
  })
})

describe('applyCheck (docs/product.md §4 Interview)', () => {
  it('stores the returned answer and moves to the next field when satisfied', () => {
    const out = applyCheck(
      {},
      'cat_name',
      { satisfied: 'true', answer: 'Luna', reason: '' },
      'her name is luna',
      RETRY,
    )
    expect(out).toEqual({
      kind: 'accepted',
      field: 'cat_name',
      value: 'Luna',
      answers: { cat_name: 'Luna' },
      next: 'issues_faced',
    })
  })

  it('stores the raw text when the satisfied answer is empty', () => {
    const out = applyCheck(
      { cat_name: 'Luna' },
      'issues_faced',
      { satisfied: 'true', answer: ' ', reason: '' },
      ' hairballs ',
      RETRY,
    )
    expect(out).toMatchObject({ kind: 'accepted', value: 'hairballs', next: 'age' })
  })

  it('ends with next = null once the last field is answered', () => {
    const { activity_level: _, ...four } = ALL
    const out = applyCheck(
      four,
      'activity_level',
      { satisfied: 'true', answer: 'Active', reason: '' },
      'active',
      RETRY,
    )
    expect(out).toMatchObject({ kind: 'accepted', next: null })
  })

  it('asks the same field again with the reason when not satisfied', () => {
    const out = applyCheck(
      {},
      'age',
      { satisfied: 'false', answer: '', reason: 'How many years?' },
      'old',
      RETRY,
    )
    expect(out).toEqual({ kind: 'again', field: 'age', reason: 'How many years?' })
  })

  it('falls back to the retry reason when none is given', () => {
    const out = applyCheck({}, 'age', { satisfied: 'false', answer: '', reason: '' }, 'old', RETRY)
    expect(out).toEqual({ kind: 'again', field: 'age', reason: RETRY })
  })
})

describe('issuesList', () => {
  it('splits the words of the check into a list of titles', () => {
    expect(issuesList('scratching, weight gain and hairballs.')).toEqual([
      'scratching',
      'weight gain',
      'hairballs',
    ])
    expect(issuesList('None')).toEqual(['None'])
    expect(issuesList('  ')).toEqual([])
  })
})

const progress = (over: Partial<StoredProgress> = {}): StoredProgress => ({
  startingEnded: true,
  finalStarted: false,
  completed: false,
  userReplyExpected: false,
  lastRole: 'assistant',
  answers: {},
  ...over,
})

describe('openingAction (docs/product.md §4 Chat variant B opening, interview resume)', () => {
  it('1. plays the intro while it has not ended', () => {
    expect(openingAction(progress({ startingEnded: false }))).toEqual({ kind: 'play-intro' })
  })
  it('2. resumes the final lines once they have started and are not finished', () => {
    expect(openingAction(progress({ finalStarted: true, answers: ALL }))).toEqual({ kind: 'resume-final' })
    expect(openingAction(progress({ finalStarted: true, completed: true, finalized: false }))).toEqual({
      kind: 'resume-final',
    })
  })
  it('is done once completed (and finalized where that applies)', () => {
    expect(openingAction(progress({ completed: true }))).toEqual({ kind: 'done' })
    expect(openingAction(progress({ completed: true, finalized: true, finalStarted: true }))).toEqual({
      kind: 'done',
    })
  })
  it('3. waits for the owner while a reply is expected', () => {
    expect(openingAction(progress({ userReplyExpected: true, answers: { cat_name: 'Luna' } }))).toEqual({
      kind: 'await-reply',
      field: 'issues_faced',
    })
  })
  it('3. asks the current field when no reply is expected', () => {
    expect(openingAction(progress())).toEqual({ kind: 'ask', field: 'cat_name' })
  })
  it('3. checks an answer that was sent but not handled (reload mid-turn)', () => {
    expect(openingAction(progress({ lastRole: 'user', answers: { cat_name: 'Luna' } }))).toEqual({
      kind: 'check-reply',
      field: 'issues_faced',
    })
  })
  it('3. finishes when every field is answered', () => {
    expect(openingAction(progress({ answers: ALL, lastRole: 'user' }))).toEqual({ kind: 'finish' })
  })
})

describe('progressFromServer', () => {
  const intro = interviewIntroMessages().map((m) => ({ role: 'assistant' as const, content: m.text }))
  it('resumes the intro where it stopped', () => {
    const p = progressFromServer({ messages: intro.slice(0, 2), answers: {}, completed: false }, 6)
    expect(p).toMatchObject({ introIndex: 2, startingEnded: false })
    expect(openingAction(p)).toEqual({ kind: 'play-intro' })
  })
  it('asks the first question right after the intro', () => {
    const p = progressFromServer({ messages: intro, answers: {}, completed: false }, 6)
    expect(p).toMatchObject({ introIndex: 6, startingEnded: true, userReplyExpected: false })
    expect(openingAction(p)).toEqual({ kind: 'ask', field: 'cat_name' })
  })
  it('waits for the answer to a question already asked', () => {
    const messages = [...intro, { role: 'assistant' as const, content: "What's your cat's name?" }]
    const p = progressFromServer({ messages, answers: {}, completed: false }, 6)
    expect(openingAction(p)).toEqual({ kind: 'await-reply', field: 'cat_name' })
  })
  it('checks an answer the server has but no reply followed', () => {
    const messages = [
      ...intro,
      { role: 'assistant' as const, content: 'Name?' },
      { role: 'user' as const, content: 'Luna' },
    ]
    const p = progressFromServer({ messages, answers: {}, completed: false }, 6)
    expect(openingAction(p)).toEqual({ kind: 'check-reply', field: 'cat_name' })
  })
  it('counts the closing lines already shown', () => {
    const messages = [
      ...intro,
      { role: 'user' as const, content: 'very active' },
      { role: 'assistant' as const, content: 'closing 1' },
      { role: 'assistant' as const, content: 'closing 2' },
    ]
    const p = progressFromServer({ messages, answers: ALL, completed: false }, 6)
    expect(p).toMatchObject({ finalStarted: true, finalIndex: 2 })
    expect(openingAction(p)).toEqual({ kind: 'resume-final' })
  })
  it('is done when the server says completed', () => {
    const p = progressFromServer({ messages: intro, answers: ALL, completed: true }, 6)
    expect(openingAction(p)).toEqual({ kind: 'done' })
  })
})

describe('scripts', () => {
  it("uses 'your cat' when no name is known", () => {
    expect(catNameOrFallback('')).toBe('your cat')
    expect(catNameOrFallback('undefined')).toBe('your cat')
    expect(catNameOrFallback(' Luna ')).toBe('Luna')
  })
  it('asks again with the reason, adding the question when the reason is not one', () => {
    expect(scriptedQuestion('age', 'Luna', 'I did not catch a number.')).toBe(
      'I did not catch a number. How old is Luna?',
    )
    expect(scriptedQuestion('age', 'Luna', 'How many years is Luna?')).toBe('How many years is Luna?')
    expect(scriptedQuestion('breed', null)).toContain('your cat')
  })
  it('has the scripted counts of docs/product.md §9, each line paced at 0.6 to 1.5 s', async () => {
    const s = await import('../../shared/scripts.ts')
    const sets = [
      s.ONBOARDING_MESSAGES,
      s.interviewIntroMessages(),
      s.interviewClosingMessages('Luna'),
      s.specialistWelcomeMessages('Luna'),
      s.creatingProfileMessages('Luna'),
      s.profileCreatedMessages('Luna'),
    ]
    expect(sets.slice(0, 4).map((set) => set.length)).toEqual([6, 6, 6, 4])
    for (const message of sets.flat()) {
      expect(message.delayMs).toBeGreaterThanOrEqual(s.SCRIPT_MIN_DELAY_MS)
      expect(message.delayMs).toBeLessThanOrEqual(s.SCRIPT_MAX_DELAY_MS)
      expect(message.text.trim()).not.toBe('')
    }
    expect(s.SCRIPT_MIN_DELAY_MS).toBe(600)
    expect(s.SCRIPT_MAX_DELAY_MS).toBe(1500)
    // Onboarding and the interview's intro together leave room to say yes well within 20 s.
    const toFirstQuestion = [...sets[0]!, ...sets[1]!].reduce((sum, m) => sum + m.delayMs, 0)
    expect(toFirstQuestion).toBeLessThanOrEqual(13_000)
  })
})
