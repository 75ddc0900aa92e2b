import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useInterviewEngine } from '../../client/src/features/interview/useInterviewEngine.ts'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { interviewIntroMessages } from '../../shared/scripts.ts'
import { clientTestApp } from '../helpers/caller-link.ts'
import { clientProviders } from '../helpers/client-providers.tsx'
import { advanceUntil, fakeScriptClock } from '../helpers/script-clock.ts'

const INTRO = interviewIntroMessages(RECEPTIONIST_NAME)
const t = clientTestApp()
fakeScriptClock()

const wrapper = clientProviders(t)

type Config = Parameters<typeof useInterviewEngine>[0]
const done: string[] = []
function render(options: Partial<Pick<Config, 'skipIntro' | 'intro' | 'runFinal' | 'finalizedKey'>> = {}) {
  return renderHook(
    () =>
      useInterviewEngine({
        intro: INTRO,
        ready: true,
        // Another screen's write under a local-storage key: the engine reads it before its next decision.
        runFinal: async ({ sync }) => {
          localStorage.setItem('interview_completed', 'true')
          await sync()
        },
        onDone: async () => {
          done.push('done')
        },
        ...options,
      }),
    { wrapper },
  )
}

type Hook = ReturnType<typeof render>['result']

/** Waits for the question, answers it and waits until the next answer is expected (or the end). */
async function reply(result: Hook, text: string) {
  await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
  const before = result.current.messages.length
  act(() => result.current.answer(text))
  await advanceUntil(() => expect(result.current.messages.length).toBeGreaterThan(before + 1))
}

const texts = (messages: ReadonlyArray<{ content: string }>) => messages.map((m) => m.content)

describe('useInterviewEngine', () => {
  it('plays the intro, asks, checks answers on the server and keeps it in local storage (docs/product.md §3)', async () => {
    const { result, unmount } = render()
    await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
    expect(texts(result.current.messages).slice(0, INTRO.length)).toEqual(INTRO.map((m) => m.text))
    expect(texts(result.current.messages).at(-1)).toMatch(/name/i)
    expect(localStorage.getItem('interview_starting_messages_ended')).toBe('true')
    expect(localStorage.getItem('user_reply_expected')).toBe('true')

    act(() => result.current.answer('Her name is Luna'))
    await advanceUntil(() => expect(texts(result.current.messages).at(-1)).toMatch(/Luna/))
    await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
    expect(localStorage.getItem('cat_name')).toBe('Luna')
    expect(localStorage.getItem('currentFieldIndex')).toBe('1')

    // The server holds the same conversation and answers (created and updated by the visitor's session).
    // Saving runs behind the conversation: the row's id is stored once its create has answered, which a
    // loaded machine can make later than this line, so the id is read again on each try.
    await advanceUntil(async () => {
      const id = Number(localStorage.getItem('interviewId'))
      expect(id).toBeGreaterThan(0)
      const row = await t.db.interview.findUniqueOrThrow({ where: { id }, include: { messages: true } })
      expect(row.sessionId).toBe(localStorage.getItem('sessionId'))
      expect(row.answers).toMatchObject({ cat_name: 'Luna' })
      expect(row.messages.map((m) => m.content)).toEqual(texts(result.current.messages))
    })
    unmount()
  })

  it('asks again with the reason when an answer does not count', async () => {
    const { result, unmount } = render({ skipIntro: true })
    await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
    const asked = result.current.messages.length
    act(() => result.current.answer('hmm'))
    await advanceUntil(() => expect(result.current.messages.length).toBeGreaterThan(asked + 1))
    await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
    expect(localStorage.getItem('currentFieldIndex')).toBeNull()
    expect(result.current.messages.at(-1)?.role).toBe('assistant')
    unmount()
  })

  it('sends the owner to a vet first when an answer describes an urgent sign, then asks on', async () => {
    const { result, unmount } = render({ skipIntro: true })
    await reply(result, 'Her name is Lily')
    await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
    // Her name is not a sign: no escalation for a cat called Lily.
    expect(texts(result.current.messages).join('\n')).not.toMatch(/emergency|Poison Control/i)
    const before = result.current.messages.length
    act(() => result.current.answer('She chewed a lily leaf this morning and has vomited twice'))
    await advanceUntil(() => expect(result.current.replyExpected).toBe(true))
    const after = texts(result.current.messages).slice(before)
    expect(after[0]).toBe('She chewed a lily leaf this morning and has vomited twice')
    expect(after[1]).toMatch(/vet/i)
    expect(after[1]).toContain('(888) 426-4435')
    // The interview goes on after the warning.
    expect(result.current.messages.at(-1)?.role).toBe('assistant')
    expect(result.current.messages.length).toBeGreaterThan(before + 2)
    unmount()
  })

  it('takes an answer given while the intro is still arriving: the rest of the intro, the question, the answer', async () => {
    // The intro's lines 100 times slower than the other tests' (each about 0.2-0.3 s), so the test can
    // answer while it is still arriving however busy the machine is.
    const slowIntro = INTRO.map((m) => ({ ...m, delayMs: m.delayMs * 100 }))
    const { result, unmount } = render({ intro: slowIntro })
    await advanceUntil(() => expect(result.current.scripted).toBe('intro'))
    act(() => result.current.answer('Her name is Luna'))
    await advanceUntil(() => expect(texts(result.current.messages).at(-1)).toMatch(/Luna/))
    const list = texts(result.current.messages)
    expect(list.slice(0, INTRO.length)).toEqual(INTRO.map((m) => m.text))
    expect(list[INTRO.length]).toMatch(/name/i)
    expect(list[INTRO.length + 1]).toBe('Her name is Luna')
    expect(localStorage.getItem('cat_name')).toBe('Luna')
    unmount()
  })

  it('resumes from storage after a remount without replaying what was said', async () => {
    const first = render({ skipIntro: true })
    await advanceUntil(() => expect(first.result.current.replyExpected).toBe(true))
    const said = texts(first.result.current.messages)
    first.unmount()
    const second = render()
    await advanceUntil(() => expect(second.result.current.replyExpected).toBe(true))
    expect(texts(second.result.current.messages)).toEqual(said)
    second.unmount()
  })

  it('runs to the end: five answers, the final lines through the tools, done, every key in its format', async () => {
    const closing = [
      { text: 'Closing one', delayMs: 10 },
      { text: 'Closing two', delayMs: 10 },
    ]
    done.length = 0
    const { result, unmount } = render({
      skipIntro: true,
      runFinal: async ({ play, dispatch, sync, stored }) => {
        expect(stored()).toMatchObject({ finalStarted: true, userReplyExpected: false, fieldIndex: 5 })
        await play(closing)
        dispatch({ type: 'completed' })
        await sync()
      },
    })
    await reply(result, 'her name is Luna')
    await reply(result, 'she scratches the sofa and gets hairballs')
    await reply(result, '3 years old')
    await reply(result, 'a maine coon i think')
    await reply(result, 'she runs around all day')
    await advanceUntil(() => expect(result.current.done).toBe(true))
    expect(done).toEqual(['done'])
    expect(texts(result.current.messages).slice(-2)).toEqual(['Closing one', 'Closing two'])
    expect(result.current.replyExpected).toBe(false)
    expect(result.current.scripted).toBeNull()

    const stored = { ...localStorage }
    expect(stored).toMatchObject({
      cat_name: 'Luna',
      age: '3',
      breed: 'Maine Coon',
      currentFieldIndex: '5',
      interview_step_index: String(INTRO.length),
      interview_final_step_index: '2',
      interview_starting_messages_ended: 'true',
      interview_final_messages_started: 'true',
      interview_completed: 'true',
    })
    expect(stored).not.toHaveProperty('user_reply_expected')
    expect(stored).not.toHaveProperty('hasFinalized')
    expect(JSON.parse(stored.issues_faced!)).toEqual(
      expect.arrayContaining([expect.stringMatching(/scratch/i)]),
    )
    expect(JSON.parse(stored.interview_messages!)).toEqual(result.current.messages)

    // The server's copy is complete too.
    const id = Number(stored.interviewId)
    await advanceUntil(async () => {
      const row = await t.db.interview.findUniqueOrThrow({ where: { id }, include: { messages: true } })
      expect(row.completed).toBe(true)
      expect(row.answers).toMatchObject({ cat_name: 'Luna', age: '3', breed: 'Maine Coon' })
      expect(row.messages).toHaveLength(result.current.messages.length)
    })
    unmount()
  })

  it("resumes chat B's interrupted finalizing at its stored index, and is done once it has finalized", async () => {
    const first = render({ skipIntro: true })
    for (const text of ['Luna', 'hairballs', '3 years old', 'a maine coon']) {
      await reply(first.result, text)
    }
    await advanceUntil(() => expect(first.result.current.replyExpected).toBe(true))
    act(() => first.result.current.answer('she runs around all day'))
    await advanceUntil(() => expect(first.result.current.done).toBe(true))
    first.unmount()
    // Interrupted after the first finalizing line: completed, but not finalized yet.
    localStorage.setItem('interview_final_step_index', '1')
    localStorage.removeItem('interview_completed')
    const lines = [
      { text: 'Creating one', delayMs: 10 },
      { text: 'Creating two', delayMs: 10 },
    ]
    const played: string[] = []
    const second = render({
      finalizedKey: 'hasFinalized',
      runFinal: async ({ play, dispatch, stored }) => {
        await play(lines)
        played.push(...texts(stored().messages).slice(-1))
        dispatch({ type: 'final-index-reset' })
        dispatch({ type: 'profile-message-sent' })
        dispatch({ type: 'completed', finalized: true })
      },
    })
    await advanceUntil(() => expect(second.result.current.done).toBe(true))
    // Only the line not shown yet was played.
    expect(played).toEqual(['Creating two'])
    expect(texts(second.result.current.messages).filter((text) => text.startsWith('Creating'))).toEqual([
      'Creating two',
    ])
    expect({ ...localStorage }).toMatchObject({
      interview_final_step_index: '0',
      interview_message_sent: 'true',
      hasFinalized: 'true',
      interview_completed: 'true',
    })
    second.unmount()
  })

  it("reads the server's copy back when the browser has lost its interview, and carries on from it", async () => {
    const first = render({ skipIntro: true })
    await reply(first.result, 'Her name is Luna')
    await advanceUntil(() => expect(first.result.current.replyExpected).toBe(true))
    const said = texts(first.result.current.messages)
    // The row is made by the first sync, which a loaded machine may not have finished yet: its id is read
    // on each try (read once, it could be none and the count stay 0).
    await advanceUntil(async () => {
      const id = Number(localStorage.getItem('interviewId'))
      expect(id).toBeGreaterThan(0)
      const count = await t.db.interviewMessage.count({ where: { interviewId: id } })
      expect(count).toBe(said.length)
    })
    first.unmount()
    // Only the visitor's session and the row's keys are left.
    const keep = ['sessionId', 'interviewId', 'interviewSessionId'].map((key) => [
      key,
      localStorage.getItem(key)!,
    ])
    localStorage.clear()
    for (const [key, value] of keep) localStorage.setItem(key!, value!)

    const second = render()
    await advanceUntil(() => expect(second.result.current.replyExpected).toBe(true))
    expect(texts(second.result.current.messages)).toEqual(said)
    expect(localStorage.getItem('currentFieldIndex')).toBe('1')
    expect(localStorage.getItem('cat_name')).toBe('Luna')
    expect(localStorage.getItem('interview_step_index')).toBe(String(INTRO.length))
    expect(localStorage.getItem('user_reply_expected')).toBe('true')
    await reply(second.result, 'she scratches the sofa')
    await advanceUntil(() => expect(localStorage.getItem('currentFieldIndex')).toBe('2'))
    second.unmount()
  })
})
