// @vitest-environment jsdom
// useSpecialistChat below the browser (issue 14): the hook in jsdom, its tRPC calls through tRPC's local
// link straight into the real router (no HTTP), over a real embedded database with the offline
// assistant. Opening plays and stores the welcome; a message streams its reply and stores both once;
// Stop keeps what was written; a reply still being written when the chat opens is reattached.
import { act, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'

// jsdom brings its own typed arrays: bytes from Node's TextEncoder fail the token library's
// `instanceof Uint8Array`. Encode into this realm's Uint8Array so the server code runs as in Node.
const NodeTextEncoder = globalThis.TextEncoder
globalThis.TextEncoder = class extends NodeTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input))
  }
} as typeof TextEncoder

// The hook's module-level tRPC client, pointed at the router in this process.
const holder = vi.hoisted(() => ({ t: null as TestApp | null }))
vi.mock('../../client/src/trpc.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../client/src/trpc.ts')>()
  const { createTRPCClient, unstable_localLink } = await import('@trpc/client')
  const { appRouter } = await import('../../server/routers/index.ts')
  const { createContextInner } = await import('../../server/context.ts')
  return {
    ...original,
    api: createTRPCClient<typeof appRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: () =>
            createContextInner({ services: holder.t!.services, token: localStorage.getItem('token') }),
        }),
      ],
    }),
  }
})

let t: TestApp
let useSpecialistChat: typeof import('../../client/src/pages/chat/useSpecialistChat.ts').useSpecialistChat

beforeAll(async () => {
  // Scripted delays at 1/100 of the SPEC's (the same knob browser tests use).
  const meta = document.createElement('meta')
  meta.name = 'kitty-config'
  meta.content = JSON.stringify({ delayScale: 0.01 })
  document.head.append(meta)
  t = await createTestApp()
  holder.t = t
  ;({ useSpecialistChat } = await import('../../client/src/pages/chat/useSpecialistChat.ts'))
}, 60_000)
afterAll(async () => {
  await t?.close()
})
beforeEach(() => {
  localStorage.clear()
})

async function subscriber() {
  const owner = await t.signIn()
  await t.db.subscription.create({
    data: {
      userId: owner.id,
      email: `s${owner.id}@example.com`,
      plan: 'Free Trial',
      startDate: new Date(),
      endDate: new Date(Date.now() + 86_400_000),
      provider: 'stripe',
      billingPeriod: 'Monthly',
      status: 'trialing',
    },
  })
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Luna', breed: 'Persian', age: 5 } })
  localStorage.setItem('token', owner.token)
  localStorage.setItem('expiry', String(Date.now() + 3_600_000))
  localStorage.setItem('catId', String(cat.id))
  return { owner, cat }
}

const wrapper = ({ children }: { children: ReactNode }) => createElement(MemoryRouter, null, children)

async function openHook() {
  const hook = renderHook(() => useSpecialistChat(), { wrapper })
  await waitFor(() => expect(hook.result.current.connection).toBe('connected'), { timeout: 10_000 })
  return hook
}

const rows = (conversationId: number) =>
  t.db.conversationMessage.findMany({ where: { conversationId }, orderBy: { id: 'asc' } })

describe('useSpecialistChat', () => {
  it('opens, plays and stores the welcome, then streams a reply and stores the exchange once', async () => {
    const { owner } = await subscriber()
    const hook = await openHook()
    await waitFor(() => expect(hook.result.current.messages).toHaveLength(4), { timeout: 10_000 })
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    await waitFor(async () => expect(await rows(conversation.id)).toHaveLength(4))
    expect(localStorage.getItem('conversationId')).toBe(String(conversation.id))

    act(() => hook.result.current.send('How much should Luna eat each day?'))
    // The reply is written piece by piece: it is seen streaming before it is complete.
    await waitFor(() => expect(hook.result.current.messages.at(-1)?.status).toBe('streaming'), {
      timeout: 10_000,
    })
    await waitFor(() => expect(hook.result.current.streaming).toBe(false), { timeout: 20_000 })
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
    await waitFor(() => expect(hook.result.current.messages).toHaveLength(4), { timeout: 10_000 })
    act(() => hook.result.current.send('Tell me everything about grooming a long-haired cat'))
    await waitFor(() => expect(hook.result.current.messages.at(-1)?.status).toBe('streaming'), {
      timeout: 10_000,
    })
    act(() => hook.result.current.stop())
    await waitFor(() => expect(hook.result.current.messages.at(-1)?.status).toBe('stopped'), {
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
    await waitFor(
      () => expect(hook.result.current.messages.find((m) => m.id === 'elsewhere-a')).toBeDefined(),
      { timeout: 10_000 },
    )
    await waitFor(() => expect(hook.result.current.streaming).toBe(false), { timeout: 20_000 })
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
})
