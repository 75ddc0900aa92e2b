// The interview's driver (client/src/features/interview/interview-driver.ts) without React, storage or a
// server: an in-memory store, a fake check that accepts or refuses answers, and a clock that records each
// scripted delay (docs/product.md §9) and lets it pass at once. The hook over it is tested in
// tests/client/useInterviewEngine.test.tsx.
import { describe, expect, it } from 'vitest'
import {
  createInterviewDriver,
  type InterviewEnvironment,
  type InterviewScreen,
} from '../../client/src/features/interview/interview-driver.ts'
import { EMPTY_INTERVIEW, type StoredInterview } from '../../client/src/features/interview/interview-state.ts'
import type { CheckResult } from '../../client/src/features/interview/interview-turns.ts'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { INTERVIEW_FIELDS, type InterviewField } from '../../shared/options.ts'
import { interviewClosingMessages, interviewIntroMessages, scriptedQuestion } from '../../shared/scripts.ts'

const INTRO = interviewIntroMessages(RECEPTIONIST_NAME)
const ESCALATION = 'Lilies are toxic to cats: call your vet or an emergency clinic now.'

interface Harness {
  env: InterviewEnvironment
  stored(): StoredInterview
  checked: InterviewField[]
  delays: number[]
  events: string[]
}

/** `verdict` answers each check; by default every answer counts, worded as the owner gave it. */
function harness(
  initial: Partial<StoredInterview> = {},
  verdict: (field: InterviewField, answer: string) => Partial<CheckResult> = () => ({}),
): Harness {
  let saved: StoredInterview = { ...EMPTY_INTERVIEW, ...initial }
  const h: Harness = {
    stored: () => saved,
    checked: [],
    delays: [],
    events: [],
    env: null!,
  }
  const screen: InterviewScreen = {
    intro: INTRO,
    runFinal: async ({ play, dispatch, sync }) => {
      await play(interviewClosingMessages(saved.answers.cat_name))
      dispatch({ type: 'completed' })
      await sync()
    },
    onDone: async () => {
      h.events.push('done')
    },
  }
  h.env = {
    screen,
    server: {
      reply: () => Promise.reject(new Error('a visitor is asked the scripted questions')),
      check: async ({ field, messages }) => {
        h.checked.push(field)
        const answer = messages.at(-1)?.content ?? ''
        return { satisfied: 'true', answer: '', reason: '', ...verdict(field, answer) }
      },
      sync: async () => {},
      restore: async () => false,
    },
    storage: {
      load: () => saved,
      save: (_prev, next) => {
        saved = next
      },
    },
    signedIn: () => false,
    wait: (ms, signal) => {
      h.delays.push(ms)
      return signal.aborted ? Promise.reject(signal.reason) : Promise.resolve()
    },
  }
  return h
}

/** Resolves once the driver's state satisfies `ready` (each step runs on promises, not timers). */
function until(driver: ReturnType<typeof createInterviewDriver>, ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) return resolve()
    const stop = driver.subscribe(() => {
      if (!ready()) return
      stop()
      resolve()
    })
  })
}

const ANSWERS: Record<InterviewField, string> = {
  cat_name: 'Luna',
  issues_faced: 'scratching',
  age: '4 years',
  breed: 'Siamese',
  activity_level: 'Active',
}

/** Answers whatever is asked now and waits for the next question (or the end). */
async function answerNext(driver: ReturnType<typeof createInterviewDriver>, text: string) {
  const before = driver.getState().stored.messages.length
  driver.answer(text)
  await until(
    driver,
    () =>
      driver.getState().stored.messages.length > before + 1 &&
      (driver.getState().view.replyExpected || driver.getState().view.done),
  )
}

const texts = (h: Harness) => h.stored().messages.map((m) => m.content)

describe('the interview driver', () => {
  it('plays the intro with its delays, asks the five fields in order and closes', async () => {
    const h = harness()
    const driver = createInterviewDriver(() => h.env)
    driver.start()
    await until(driver, () => driver.getState().view.replyExpected)
    expect(texts(h)).toEqual([...INTRO.map((m) => m.text), scriptedQuestion('cat_name', '')])
    expect(h.delays).toEqual(INTRO.map((m) => m.delayMs))
    expect(h.stored()).toMatchObject({
      startingEnded: true,
      introIndex: INTRO.length,
      userReplyExpected: true,
    })

    for (const field of INTERVIEW_FIELDS) await answerNext(driver, ANSWERS[field])
    expect(h.checked).toEqual([...INTERVIEW_FIELDS])
    // Each question, its answer, the next: the whole conversation in the order of
    // docs/product.md §4, then the closing.
    const closing = interviewClosingMessages('Luna').map((m) => m.text)
    expect(texts(h)).toEqual([
      ...INTRO.map((m) => m.text),
      ...INTERVIEW_FIELDS.flatMap((f) => [scriptedQuestion(f, f === 'cat_name' ? '' : 'Luna'), ANSWERS[f]]),
      ...closing,
    ])
    expect(h.stored()).toMatchObject({ completed: true, finalStarted: true, fieldIndex: 5, answers: ANSWERS })
    expect(h.events).toEqual(['done'])
    expect(driver.getState().view).toMatchObject({ done: true, replyExpected: false })
  })

  it('does not ask an answer it already knows (the quiz age)', async () => {
    const h = harness({ answers: { age: '2 years' }, startingEnded: true, introIndex: INTRO.length })
    const driver = createInterviewDriver(() => h.env)
    driver.start()
    await until(driver, () => driver.getState().view.replyExpected)
    await answerNext(driver, 'Luna')
    await answerNext(driver, 'scratching')
    expect(texts(h).at(-1)).toBe(scriptedQuestion('breed', 'Luna'))
    expect(texts(h)).not.toContain(scriptedQuestion('age', 'Luna'))
    await answerNext(driver, 'Siamese')
    await answerNext(driver, 'Active')
    expect(h.checked).toEqual(['cat_name', 'issues_faced', 'breed', 'activity_level'])
    expect(h.stored().answers).toEqual({ ...ANSWERS, age: '2 years' })
  })

  it('says the triage escalation before the next question', async () => {
    const lily = 'She chewed a lily leaf and has vomited twice'
    const h = harness({ startingEnded: true, introIndex: INTRO.length }, (_field, answer) =>
      answer === lily ? { escalation: ESCALATION } : {},
    )
    const driver = createInterviewDriver(() => h.env)
    driver.start()
    await until(driver, () => driver.getState().view.replyExpected)
    await answerNext(driver, 'Lily')
    await answerNext(driver, lily)
    expect(texts(h).slice(-3)).toEqual([lily, ESCALATION, scriptedQuestion('age', 'Lily')])
    expect(h.stored().fieldIndex).toBe(2)
  })

  it('asks the same field again with the reason when the answer does not count', async () => {
    const h = harness({ startingEnded: true, introIndex: INTRO.length }, (_field, answer) =>
      answer === 'hmm' ? { satisfied: 'false', reason: 'I did not catch a name.' } : {},
    )
    const driver = createInterviewDriver(() => h.env)
    driver.start()
    await until(driver, () => driver.getState().view.replyExpected)
    await answerNext(driver, 'hmm')
    expect(texts(h).at(-1)).toBe(scriptedQuestion('cat_name', '', 'I did not catch a name.'))
    expect(h.stored().fieldIndex).toBe(0)
    expect(h.stored().messages.at(-2)).toMatchObject({ content: 'hmm', checked: true })
  })

  it('stops when its screen goes away: no more lines, no typing indicator', async () => {
    const h = harness()
    const driver = createInterviewDriver(() => h.env)
    const stop = driver.start()
    stop()
    // Every step runs on promises: once the event loop turns, whatever was left to run has run.
    await new Promise(setImmediate)
    expect(h.stored().messages).toEqual([])
    expect(driver.getState().view.typing).toBe(false)
  })
})
