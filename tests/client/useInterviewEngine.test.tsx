// The interview hook (client/src/pages/interview/useInterviewEngine.ts) below the browser: rendered in
// jsdom with the app's own React Query + tRPC provider, whose link calls the real routers through
// createCaller on a real database (in-memory PGlite, or PostgreSQL with DATABASE_URL) with the offline
// assistant. Scripted delays run at 1/1000 of the SPEC's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { interviewIntroMessages } from '../../shared/scripts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { callerLink } from '../helpers/caller-link.ts'

// The runtime settings the server puts into index.html: read once when runtime-config.ts loads.
document.head.innerHTML = `<meta name="kitty-config" content='${JSON.stringify({ delayScale: 0.001 })}'>`
const { trpc } = await import('../../client/src/trpc.ts')
const { useInterviewEngine } = await import('../../client/src/pages/interview/useInterviewEngine.ts')

const INTRO = interviewIntroMessages(RECEPTIONIST_NAME)
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
beforeEach(() => {
  localStorage.clear()
})

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient()
  const client = trpc.createClient({ links: [callerLink(t)] })
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  )
}

const done: string[] = []
function render(options: { skipIntro?: boolean; intro?: typeof INTRO } = {}) {
  return renderHook(
    () =>
      useInterviewEngine({
        intro: INTRO,
        ready: true,
        ...options,
        runFinal: async ({ sync }) => {
          localStorage.setItem('interview_completed', 'true')
          await sync()
        },
        onDone: async () => {
          done.push('done')
        },
      }),
    { wrapper },
  )
}

const texts = (messages: ReadonlyArray<{ content: string }>) => messages.map((m) => m.content)

describe('useInterviewEngine', () => {
  it('plays the intro, asks, checks answers on the server and keeps everything under the SPEC keys', async () => {
    const { result, unmount } = render()
    await waitFor(() => expect(result.current.replyExpected).toBe(true))
    expect(texts(result.current.messages).slice(0, INTRO.length)).toEqual(INTRO.map((m) => m.text))
    expect(texts(result.current.messages).at(-1)).toMatch(/name/i)
    expect(localStorage.getItem('interview_starting_messages_ended')).toBe('true')
    expect(localStorage.getItem('user_reply_expected')).toBe('true')

    act(() => result.current.answer('Her name is Luna'))
    await waitFor(() => expect(texts(result.current.messages).at(-1)).toMatch(/Luna/))
    await waitFor(() => expect(result.current.replyExpected).toBe(true))
    expect(localStorage.getItem('cat_name')).toBe('Luna')
    expect(localStorage.getItem('currentFieldIndex')).toBe('1')

    // The server holds the same conversation and answers (created and updated by the visitor's session).
    const id = Number(localStorage.getItem('interviewId'))
    await waitFor(async () => {
      const row = await t.db.interview.findUniqueOrThrow({ where: { id }, include: { messages: true } })
      expect(row.sessionId).toBe(localStorage.getItem('sessionId'))
      expect(row.answers).toMatchObject({ cat_name: 'Luna' })
      expect(row.messages.map((m) => m.content)).toEqual(texts(result.current.messages))
    })
    unmount()
  })

  it('asks again with the reason when an answer does not count', async () => {
    const { result, unmount } = render({ skipIntro: true })
    await waitFor(() => expect(result.current.replyExpected).toBe(true))
    const asked = result.current.messages.length
    act(() => result.current.answer('hmm'))
    await waitFor(() => expect(result.current.messages.length).toBeGreaterThan(asked + 1))
    await waitFor(() => expect(result.current.replyExpected).toBe(true))
    expect(localStorage.getItem('currentFieldIndex')).toBeNull()
    expect(result.current.messages.at(-1)?.role).toBe('assistant')
    unmount()
  })

  it('takes an answer given while the intro is still arriving: the rest of the intro, the question, the answer', async () => {
    // The intro's lines 100 times slower than the other tests' (each about 0.2-0.3 s), so the test can
    // answer while it is still arriving however busy the machine is.
    const slowIntro = INTRO.map((m) => ({ ...m, delayMs: m.delayMs * 100 }))
    const { result, unmount } = render({ intro: slowIntro })
    await waitFor(() => expect(result.current.scripted).toBe('intro'))
    act(() => result.current.answer('Her name is Luna'))
    await waitFor(() => expect(texts(result.current.messages).at(-1)).toMatch(/Luna/))
    const list = texts(result.current.messages)
    expect(list.slice(0, INTRO.length)).toEqual(INTRO.map((m) => m.text))
    expect(list[INTRO.length]).toMatch(/name/i)
    expect(list[INTRO.length + 1]).toBe('Her name is Luna')
    expect(localStorage.getItem('cat_name')).toBe('Luna')
    unmount()
  })

  it('resumes from storage after a remount without replaying what was said', async () => {
    const first = render({ skipIntro: true })
    await waitFor(() => expect(first.result.current.replyExpected).toBe(true))
    const said = texts(first.result.current.messages)
    first.unmount()
    const second = render()
    await waitFor(() => expect(second.result.current.replyExpected).toBe(true))
    expect(texts(second.result.current.messages)).toEqual(said)
    second.unmount()
  })
})
