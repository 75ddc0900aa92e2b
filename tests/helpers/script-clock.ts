// Client hooks in jsdom run the scripted pauses of docs/product.md §9 (typing, the receptionist's
// lines, the 7 s preparation) on vitest's fake timers: time flows as usual (`shouldAdvanceTime`),
// and `advanceUntil` moves it on while it waits for an assertion, yielding to real I/O (the
// database, the routers in this process) between steps. Only setTimeout is faked: the database
// drivers' sockets and React's scheduler keep real time.
import { act } from '@testing-library/react'
import { afterAll, beforeAll, vi } from 'vitest'

const realSetTimeout = globalThis.setTimeout
/** Fake time per step; a step takes at least a few real milliseconds, so time runs at most ~10x. */
const STEP_MS = 50
const REAL_PAUSE_MS = 5

/** Fake setTimeout for the file's tests (call at the file's top level). */
export function fakeScriptClock(): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
  })
  afterAll(() => {
    vi.useRealTimers()
  })
}

/**
 * Testing Library's waitFor, with the fake clock moved on between tries: `assertion` passes (its value
 * is returned) or its last error is thrown after `timeout` ms of real time.
 */
export async function advanceUntil<T>(
  assertion: () => T | Promise<T>,
  { timeout = 10_000 }: { timeout?: number } = {},
): Promise<T> {
  const started = performance.now()
  for (;;) {
    try {
      return await assertion()
    } catch (error) {
      if (performance.now() - started > timeout) throw error
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STEP_MS)
    })
    await new Promise((resolve) => realSetTimeout(resolve, REAL_PAUSE_MS))
  }
}
