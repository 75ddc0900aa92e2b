// @vitest-environment jsdom
// useSpecialistChat below the browser: the hook in jsdom, its tRPC calls through tRPC's local
// link straight into the real router (no HTTP), over a real embedded database with the offline
// assistant. Opening plays and stores the welcome; a message streams its reply and stores both once;
// Stop keeps what was written; a reply still being written when the chat opens is reattached; 'Show
// earlier messages' pages back through React Query's infinite query. The hook gets its client from the
// app's own React Query + tRPC provider, as on the page.
import '../helpers/jsdom-node-bytes.ts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import { observable } from '@trpc/server/observable'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppRouter } from '../../server/routers/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { callerLink } from '../helpers/caller-link.ts'
import { advanceUntil, fakeScriptClock } from '../helpers/script-clock.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

let t: TestApp
let trpc: typeof import('../../client/src/trpc.ts').trpc
let useSpecialistChat: typeof import('../../client/src/features/chat/index.ts').useSpecialistChat

beforeAll(async () => {
  t = await createTestApp()
  ;({ trpc } = await import('../../client/src/trpc.ts'))
  ;({ useSpecialistChat } = await import('../../client/src/features/chat/index.ts'))
}, 60_000)
afterAll(async () => {
  await t?.close()
})
fakeScriptClock()
beforeEach(() => {
  localStorage.clear()
  failing.clear()
})

/** Calls (by path) that fail as a server fault would, before they reach the router. */
const failing = new Set<string>()
const faults: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    failing.has(op.path)
      ? observable((observer) => observer.error(TRPCClientError.from(new Error(`${op.path} failed`))))
      : next(op)

async function subscriber() {
  const { owner, cat } = await subscriberWithCat(t)
  localStorage.setItem('token', owner.token)
  localStorage.setItem('expiry', String(Date.now() + 3_600_000))
  localStorage.setItem('catId', String(cat.id))
  return { owner, cat }
}

/** The provider the app wraps its pages in, its link calling the router in this process (no HTTP). */
function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient()
  const client = trpc.createClient({ links: [faults, callerLink(t)] })
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </trpc.Provider>
  )
}

async function openHook() {
  const hook = renderHook(() => useSpecialistChat(), { wrapper })
  await advanceUntil(() => expect(hook.result.current.connection).toBe('connected'), { timeout: 10_000 })
  return hook
}

const rows = (conversationId: number) =>
  t.db.conversationMessage.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

describe('useSpecialistChat', () => {
  it('opens, plays and stores the welcome, then streams a reply and stores the exchange once', async () => {
    const { owner } = await subscriber()
    const hook = await openHook()
    await advanceUntil(() => expect(hook.result.current.messages).toHaveLength(4), { timeout: 10_000 })
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    await advanceUntil(async () => expect(await rows(conversation.id)).toHaveLength(4))
    expect(localStorage.getItem('conversationId')).toBe(String(conversation.id))

    act(() => hook.result.current.send('How much should Luna eat each day?'))
    // The reply is written piece by piece: it is seen streaming before it is complete.
    await advanceUntil(() => expect(hook.result.current.messages.at(-1)?.status).toBe('streaming'), {
      timeout: 10_000,
    })
    await advanceUntil(() => expect(hook.result.current.streaming).toBe(false), { timeout: 20_000 })
    const shown = hook.result.current.messages
    expect(shown).toHaveLength(6)
    expect(shown[4]).toMatchObject({ role: 'user', content: 'How much should Luna eat each day?' })
    expect(shown[5]!.role).toBe('assistant')
    expect(shown[5]!.status).toBeUndefined()
    expect(shown[5]!.content).toContain('Luna')
    const stored = await rows(conversation.id)
    expect(stored.slice(4).map((r) => [r.clientId, r.content])).toEqual([
      [shown[4]!.id, shown[4]!.content],
      [shown[5]!.id, shown[5]!.content],
    ])
    hook.unmount()
  })

  it('Stop ends the reply on the server; the screen and the database keep the same part', async () => {
    const { owner } = await subscriber()
    const hook = await openHook()
    await advanceUntil(() => expect(hook.result.current.messages).toHaveLength(4), { timeout: 10_000 })
    act(() => hook.result.current.send('Tell me everything about grooming a long-haired cat'))
    await advanceUntil(() => expect(hook.result.current.messages.at(-1)?.status).toBe('streaming'), {
      timeout: 10_000,
    })
    act(() => hook.result.current.stop())
    await advanceUntil(() => expect(hook.result.current.messages.at(-1)?.status).toBe('stopped'), {
      timeout: 10_000,
    })
    const kept = hook.result.current.messages.at(-1)!
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    const stored = await rows(conversation.id)
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', clientId: kept.id, content: kept.content })
    hook.unmount()
  })

  it('reattaches on open to a reply the server is still writing', async () => {
    const { owner, cat } = await subscriber()
    const api = await t.caller(owner.token)
    const { conversation } = await api.conversation.start({ catId: cat.id })
    // A reply started elsewhere (another tab that was closed): nobody reads it.
    await api.conversation.send({
      conversationId: conversation.id,
      catId: cat.id,
      content: 'Tell me everything about grooming a long-haired cat',
      clientId: 'elsewhere-q',
      replyClientId: 'elsewhere-a',
    })
    const hook = await openHook()
    await advanceUntil(
      () => expect(hook.result.current.messages.find((m) => m.id === 'elsewhere-a')).toBeDefined(),
      { timeout: 10_000 },
    )
    await advanceUntil(() => expect(hook.result.current.streaming).toBe(false), { timeout: 20_000 })
    const reply = hook.result.current.messages.find((m) => m.id === 'elsewhere-a')!
    expect(reply.status).toBeUndefined()
    const stored = await t.db.conversationMessage.findFirstOrThrow({
      where: { conversationId: conversation.id, clientId: 'elsewhere-a' },
    })
    expect(reply.content).toBe(stored.content)
    // The welcome is not played into a conversation that has messages.
    expect(hook.result.current.messages.map((m) => m.id)).toEqual(['elsewhere-q', 'elsewhere-a'])
    hook.unmount()
  })

  it("'Show earlier messages' pages back two pages, the oldest first, then has no more", async () => {
    const { owner, cat } = await subscriber()
    const api = await t.caller(owner.token)
    const { conversation } = await api.conversation.start({ catId: cat.id })
    const list = Array.from({ length: 120 }, (_, i) => ({
      id: `h${i}`,
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `message ${i}`,
    }))
    await api.conversation.update({ id: conversation.id, messages: list })
    const hook = await openHook()
    const contents = () => hook.result.current.messages.map((m) => m.content)
    // The chat opens with the newest page.
    await advanceUntil(() => expect(contents()).toEqual(list.slice(70).map((m) => m.content)))
    expect(hook.result.current.canLoadEarlier).toBe(true)

    await act(() => hook.result.current.loadEarlier())
    // The page's render may follow the call's end on a busy machine.
    await advanceUntil(() => expect(contents()).toEqual(list.slice(20).map((m) => m.content)))
    expect(hook.result.current.canLoadEarlier).toBe(true)

    await act(() => hook.result.current.loadEarlier())
    await advanceUntil(() => expect(contents()).toEqual(list.map((m) => m.content)))
    expect(hook.result.current.messages.map((m) => m.id)).toEqual(list.map((m) => m.id))
    expect(hook.result.current.canLoadEarlier).toBe(false)
    expect(hook.result.current.loadingEarlier).toBe(false)
    hook.unmount()
  })

  describe('the fallback set-up (docs/product.md §4: when opening fails)', () => {
    it("opens the owner's latest conversation with its messages through the separate calls", async () => {
      const { owner, cat } = await subscriber()
      const api = await t.caller(owner.token)
      await api.conversation.create({})
      const latest = await api.conversation.create({})
      const said = [
        { id: 'f-q', role: 'user' as const, content: 'Is Luna eating enough?' },
        { id: 'f-a', role: 'assistant' as const, content: 'Tell me what she eats in a day.' },
      ]
      await api.conversation.update({ id: latest.id, messages: said })
      failing.add('conversation.start')
      const hook = await openHook()
      expect(hook.result.current.messages.map((m) => [m.id, m.content])).toEqual(
        said.map((m) => [m.id, m.content]),
      )
      expect(localStorage.getItem('conversationId')).toBe(String(latest.id))
      // The cat comes from the owner's cats (the fallback opens no cat of its own).
      expect(hook.result.current.catName).toBe(cat.name)
      expect(localStorage.getItem('catId')).toBe(String(cat.id))
      expect(hook.result.current.error).toBeNull()
      hook.unmount()
    })

    it('creates a conversation when the owner has none and plays the welcome into it', async () => {
      const { owner } = await subscriber()
      failing.add('conversation.start')
      const hook = await openHook()
      await advanceUntil(() => expect(hook.result.current.messages).toHaveLength(4), { timeout: 10_000 })
      const conversations = await t.db.conversation.findMany({ where: { userId: owner.id } })
      expect(conversations).toHaveLength(1)
      expect(localStorage.getItem('conversationId')).toBe(String(conversations[0]!.id))
      await advanceUntil(async () => expect(await rows(conversations[0]!.id)).toHaveLength(4))
      hook.unmount()
    })

    it("says 'Not connected' with the failure and Retry when the fallback fails too; Retry opens the chat", async () => {
      await subscriber()
      failing.add('conversation.start').add('conversation.list')
      const hook = renderHook(() => useSpecialistChat(), { wrapper })
      await advanceUntil(() => expect(hook.result.current.connection).toBe('failed'), { timeout: 10_000 })
      expect(hook.result.current.error?.text).toBe('conversation.list failed')
      failing.clear()
      act(() => hook.result.current.error?.retry?.())
      await advanceUntil(() => expect(hook.result.current.connection).toBe('connected'), { timeout: 10_000 })
      expect(hook.result.current.error).toBeNull()
      await advanceUntil(() => expect(hook.result.current.messages).toHaveLength(4), { timeout: 10_000 })
      hook.unmount()
    })
  })
})
