// The specialist chat (SPEC §4 "Chat room"): open the owner's conversation and cat, play the four welcome
// lines in an empty conversation, and send messages whose replies stream in as they are written, with
// Stop and Retry. The history lives on the server, so it survives a reload and another device.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { EXPERT_NAME } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { currentCat } from '../../../../shared/rules/current-cat.ts'
import type { ChatMessage } from '../../../../shared/schemas/conversation.ts'
import { specialistWelcomeMessages } from '../../../../shared/scripts.ts'
import { isAbort, playScript } from '../../components/chat/script.ts'
import { message, newMessageId, type UiMessage } from '../../components/chat/types.ts'
import { readReply } from '../../features/chat/read-reply.ts'
import { storeCats } from '../../hooks/useCatAnswers.ts'
import { wait } from '../../runtime-config.ts'
import { hasValidToken, readText, removeKey, sessionId, writeText } from '../../storage.ts'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

/** The React Query provider's tRPC client (`trpc.useUtils().client`). */
type TrpcClient = ReturnType<typeof trpc.useUtils>['client']

/** SPEC §2: the connection label's states. */
export type Connection = 'connecting' | 'checking' | 'connected' | 'redirecting' | 'failed'

export function connectionLabel(state: Connection): string {
  switch (state) {
    case 'connecting':
      return 'Connecting with Assistant'
    case 'checking':
      return 'Checking Cat Profile'
    case 'connected':
      return `Connected to ${EXPERT_NAME}`
    case 'redirecting':
      return 'Redirecting to Cat Creation'
    case 'failed':
      return 'Not connected'
  }
}

/** SPEC §4: a typing indicator shows for at least this long before a reply appears. */
export const MIN_TYPING_MS = 1500
/** Where a subscriber without a cat goes to create one (the numbered wizard). */
export const CAT_CREATION_PATH = '/onboarding?step=1'
/** How long 'Redirecting to Cat Creation' is shown before leaving. */
export const REDIRECT_DELAY_MS = 2000

interface Opened {
  conversationId: number
  cat: { id: number; name: string } | null
  messages: ChatMessage[]
  nextBefore: number | null
  /** A reply still being written on the server (the page reloaded mid-answer): reattach to it. */
  activeReplyId: string | null
}

const toUi = (m: ChatMessage): UiMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  timestamp: m.timestamp,
  urgency: m.urgency,
  ...(m.attachment_ids ? { attachmentIds: m.attachment_ids } : {}),
})

/**
 * Step 1, 'Connecting with Assistant': the owner's latest conversation (created when none), its newest
 * page, and the cat the owner chose (the stored catId; the server falls back to the current cat).
 */
async function openConversation(api: TrpcClient): Promise<Opened> {
  const stored = readText('catId').trim()
  // Only a stored id is sent: anything else left in the key is no choice (the server's current cat).
  const chosen = /^\d{1,10}$/.test(stored) ? stored : null
  const out = await api.conversation.start
    .mutate({ session_id: sessionId(), catId: chosen })
    .catch((error: unknown) => {
      // A cat that is no longer this owner's (deleted, or another account's choice): the current cat.
      if (chosen === null || errorCode(error) !== 'CAT_NOT_FOUND') throw error
      return api.conversation.start.mutate({ session_id: sessionId(), catId: null })
    })
  return {
    conversationId: out.conversation.id,
    cat: out.cat,
    messages: out.messages,
    nextBefore: out.next_before,
    activeReplyId: out.active_reply_id,
  }
}

/**
 * SPEC §4: "if initialisation fails, a fallback setup call is used" — the separate calls: the owner's
 * conversations (the highest id, else a new one) and its newest messages.
 */
async function fallbackSetup(api: TrpcClient): Promise<Opened> {
  const conversations = await api.conversation.list.query()
  const latest = conversations.reduce<(typeof conversations)[number] | null>(
    (best, c) => (best && best.id > c.id ? best : c),
    null,
  )
  const conversation = latest ?? (await api.conversation.create.mutate({ session_id: sessionId() }))
  const page = await api.conversation.history.query({ id: conversation.id })
  return {
    conversationId: conversation.id,
    cat: null,
    messages: page.messages,
    nextBefore: page.next_before,
    activeReplyId: null,
  }
}

/**
 * Step 2, 'Checking Cat Profile': the owner's cats, mirrored into local storage; the chat is about the
 * cat the chat opened with, else the stored catId while it is theirs, else the highest id.
 */
async function checkCatProfile(
  api: TrpcClient,
  fallback: Opened['cat'],
): Promise<{ id: number; name: string } | null> {
  try {
    const cats = await api.cat.list.query()
    if (!Array.isArray(cats)) throw new Error(ERRORS.invalidResponseFormat)
    if (cats.length === 0) return null
    const current = currentCat(cats, fallback?.id ?? readText('catId'))
    if (!current) return null
    writeText('catId', String(current.id))
    storeCats(cats)
    return { id: current.id, name: current.name }
  } catch (error) {
    if (errorCode(error) === 'NOT_AUTHENTICATED') throw error
    console.warn("Could not load the cats; using the conversation's", error)
    if (fallback) return fallback
    throw error
  }
}

/** What a failed send shows (SPEC §8: the error's message or 'Failed to send message'). */
function sendFailureText(error: unknown): string {
  switch (errorCode(error)) {
    case 'SERVICE_UNAVAILABLE':
    case 'ASSISTANT_UNAVAILABLE':
      return ERRORS.assistantUnavailable
    case 'NOT_FOUND':
    case 'CAT_NOT_FOUND':
    case 'CONVERSATION_NOT_FOUND':
    case 'ATTACHMENT_NOT_FOUND':
      return ERRORS.noConversationFound
    default:
      return errorMessage(error, DEFAULT_ERRORS.sendMessage)
  }
}

export function useSpecialistChat() {
  const navigate = useNavigate()
  const api = trpc.useUtils().client
  const [connection, setConnection] = useState<Connection>('connecting')
  const [messages, setMessages] = useState<UiMessage[]>([])
  const [typing, setTyping] = useState(false)
  const [streaming, setStreaming] = useState(false)
  const [error, setError] = useState<{ text: string; retry: (() => void) | null } | null>(null)
  /** Where the page the chat opened with starts (null: it holds the whole history). */
  const [opened, setOpened] = useState<{ id: number; nextBefore: number | null } | null>(null)
  const [catName, setCatName] = useState('')
  const conversationRef = useRef<number | null>(null)
  const catRef = useRef<number | null>(null)
  const sendController = useRef<AbortController | null>(null)
  /** Stop was asked for the reply being read: its stream ends when the server has saved it. */
  const stopAsked = useRef(false)
  /** Bumped when the owner picks another cat: the chat opens again on it. */
  const [catChoice, setCatChoice] = useState(0)
  const switchCat = useCallback(() => setCatChoice((n) => n + 1), [])

  /** Issue 15: shows a reply the server is still writing (what is written, then the rest as it comes). */
  const reattach = useCallback(
    async (conversationId: number, replyId: string, signal: AbortSignal) => {
      const controller = new AbortController()
      signal.addEventListener('abort', () => controller.abort(), { once: true })
      sendController.current = controller
      stopAsked.current = false
      setStreaming(true)
      setMessages((list) => [...list, { id: replyId, role: 'assistant', content: '', status: 'streaming' }])
      let received = ''
      try {
        const stream = await api.conversation.resume.mutate(
          { conversationId, replyId },
          { signal: controller.signal },
        )
        const urgency = await readReply(stream, (piece) => {
          received += piece
          const content = received
          setMessages((list) => list.map((m) => (m.id === replyId ? { ...m, content } : m)))
        })
        const status = stopAsked.current ? ('stopped' as const) : undefined
        setMessages((list) =>
          list.map((m) =>
            m.id === replyId ? { ...m, status, urgency, timestamp: new Date().toISOString() } : m,
          ),
        )
      } catch (failure) {
        if (isAbort(failure, controller.signal)) return
        console.warn('Could not reattach to the reply being written', failure)
        // The reply is stored when it ends; what was shown stays, marked as not complete.
        setMessages((list) =>
          received === ''
            ? list.filter((m) => m.id !== replyId)
            : list.map((m) => (m.id === replyId ? { ...m, status: 'stopped' } : m)),
        )
      } finally {
        if (sendController.current === controller) sendController.current = null
        setStreaming(false)
      }
    },
    [api],
  )

  const open = useCallback(
    async (signal: AbortSignal) => {
      setConnection('connecting')
      setError(null)
      let opened: Opened
      try {
        opened = await openConversation(api)
      } catch (error) {
        if (isAbort(error, signal)) return
        if (errorCode(error) === 'NOT_AUTHENTICATED') return
        console.warn('Chat initialisation failed; trying the fallback setup', error)
        opened = await fallbackSetup(api)
      }
      if (signal.aborted) return
      conversationRef.current = opened.conversationId
      writeText('conversationId', String(opened.conversationId))
      setMessages(opened.messages.map(toUi))
      setOpened({ id: opened.conversationId, nextBefore: opened.nextBefore })
      setConnection('checking')
      const cat = await checkCatProfile(api, opened.cat)
      if (signal.aborted) return
      if (!cat) {
        setConnection('redirecting')
        removeKey('catId')
        await wait(REDIRECT_DELAY_MS, signal)
        navigate(CAT_CREATION_PATH, { replace: true })
        return
      }
      catRef.current = cat.id
      writeText('catId', String(cat.id))
      setCatName(cat.name)
      setConnection('connected')

      if (opened.activeReplyId) {
        await reattach(opened.conversationId, opened.activeReplyId, signal)
        return
      }
      if (opened.messages.length > 0) return
      // SPEC §4: an empty conversation starts with the specialist's four welcome lines, saved with the chat.
      const welcome: UiMessage[] = []
      await playScript(
        specialistWelcomeMessages(cat.name),
        0,
        {
          setTyping,
          show: (text) => {
            const line = message('assistant', text)
            welcome.push(line)
            setMessages((list) => [...list, line])
          },
        },
        signal,
      )
      await api.conversation.update
        .mutate({
          id: opened.conversationId,
          messages: welcome.map(({ id, role, content }) => ({ id, role, content })),
        })
        .catch((failure: unknown) => console.warn('Could not save the welcome messages', failure))
    },
    [api, navigate, reattach],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: another cat chosen (catChoice) opens the chat again on it
  useEffect(() => {
    if (!hasValidToken()) {
      navigate('/login', { replace: true })
      return
    }
    const controller = new AbortController()
    open(controller.signal).catch((failure: unknown) => {
      if (isAbort(failure, controller.signal)) return
      console.error('Could not open the chat', failure)
      setConnection('failed')
      setError({
        text: errorMessage(failure, DEFAULT_ERRORS.fetchConversations),
        retry: () => open(controller.signal).catch(() => setConnection('failed')),
      })
    })
    return () => {
      controller.abort()
      sendController.current?.abort()
    }
  }, [navigate, open, catChoice])

  /** Sends `userMessage` (already in the list) and streams the reply under it. */
  const deliver = useCallback(
    async (userMessage: UiMessage) => {
      const conversationId = conversationRef.current
      const catId = catRef.current
      if (!catId) {
        setError({ text: ERRORS.noCatFound, retry: null })
        return
      }
      if (!conversationId) {
        setError({ text: ERRORS.noConversationFound, retry: null })
        return
      }
      const controller = new AbortController()
      sendController.current = controller
      stopAsked.current = false
      const replyId = newMessageId()
      setError(null)
      setTyping(true)
      setStreaming(true)
      let shown = false
      let received = ''
      try {
        const typingShown = wait(MIN_TYPING_MS, controller.signal)
        // Stop before the first piece rejects it unread; the send itself reports the abort.
        typingShown.catch(() => {})
        const stream = await api.conversation.send.mutate(
          {
            conversationId,
            catId,
            content: userMessage.content,
            clientId: userMessage.id,
            replyClientId: replyId,
            ...(userMessage.attachmentIds ? { attachment_ids: userMessage.attachmentIds } : {}),
          },
          { signal: controller.signal },
        )
        // Read the reply as soon as it comes, and hold only its display for the typing indicator: tRPC's
        // stream reader cannot be opened once a short reply has already ended (TypeError
        // getReaderResource), which waiting before reading caused.
        const urgency = await readReply(stream, async (piece) => {
          received += piece
          const content = received
          if (!shown) {
            await typingShown
            shown = true
            setTyping(false)
            setMessages((list) => [...list, { id: replyId, role: 'assistant', content, status: 'streaming' }])
          } else {
            setMessages((list) => list.map((m) => (m.id === replyId ? { ...m, content } : m)))
          }
        })
        // After Stop the stream ends once the server has saved what was written: the screen shows it.
        const status = stopAsked.current ? ('stopped' as const) : undefined
        setMessages((list) =>
          list.map((m) =>
            m.id === replyId ? { ...m, status, urgency, timestamp: new Date().toISOString() } : m,
          ),
        )
      } catch (failure) {
        if (isAbort(failure, controller.signal)) {
          // Stop: the server keeps what was written so far; so does the screen.
          setMessages((list) => list.map((m) => (m.id === replyId ? { ...m, status: 'stopped' } : m)))
          return
        }
        if (errorCode(failure) === 'SUBSCRIPTION_REQUIRED') {
          // The server says this owner may not chat: the stored subscription is stale.
          removeKey('subscriptionId')
          navigate('/paywall', { replace: true })
          return
        }
        console.error('Chat send failed', failure)
        // Nothing of a failed reply is saved on the server: drop it here too, and offer to resend.
        setMessages((list) =>
          list
            .filter((m) => m.id !== replyId)
            .map((m) => (m.id === userMessage.id ? { ...m, status: 'failed' } : m)),
        )
        setError({
          text: sendFailureText(failure),
          retry: () => {
            setMessages((list) =>
              list.map((m) => (m.id === userMessage.id ? { ...m, status: undefined } : m)),
            )
            void deliver({ ...userMessage, status: undefined })
          },
        })
      } finally {
        if (sendController.current === controller) sendController.current = null
        setTyping(false)
        setStreaming(false)
      }
    },
    [api, navigate],
  )

  const send = useCallback(
    (text: string, attachmentIds: number[] = []) => {
      const content = text.trim()
      if (!content) return
      const userMessage = message('user', content)
      if (attachmentIds.length > 0) userMessage.attachmentIds = attachmentIds
      setMessages((list) => [...list, userMessage])
      void deliver(userMessage)
    },
    [deliver],
  )

  /**
   * Stop (issue 15): the reply is written on the server apart from this page, so Stop asks the server
   * (whichever instance writes it); the stream then ends with what was saved. Should that call fail,
   * the page stops reading at least.
   */
  const stop = useCallback(() => {
    const controller = sendController.current
    const conversationId = conversationRef.current
    if (!controller || !conversationId) return
    stopAsked.current = true
    api.conversation.stop.mutate({ conversationId }).catch(() => controller.abort())
  }, [api])

  /**
   * 'Show earlier messages': pages further back than the page the chat opened with, each page's
   * `next_before` the cursor of the next. Fetched only when asked for.
   */
  const earlier = trpc.conversation.history.useInfiniteQuery(
    { id: opened?.id ?? 0, before: opened?.nextBefore ?? undefined },
    {
      enabled: false,
      gcTime: 0,
      getNextPageParam: (page) => page.next_before ?? undefined,
    },
  )
  const { fetchNextPage } = earlier
  const earlierPages = earlier.data?.pages
  const canLoadEarlier = earlierPages ? earlier.hasNextPage : (opened?.nextBefore ?? null) !== null
  const loadEarlier = useCallback(async () => {
    if (!canLoadEarlier) return
    const result = await fetchNextPage()
    if (result.isError)
      setError({ text: errorMessage(result.error, DEFAULT_ERRORS.fetchConversations), retry: null })
  }, [canLoadEarlier, fetchNextPage])

  // The earlier pages come newest first: the oldest is shown at the top.
  const shown = useMemo(
    () =>
      earlierPages
        ? [
            ...earlierPages
              .slice()
              .reverse()
              .flatMap((page) => page.messages.map(toUi)),
            ...messages,
          ]
        : messages,
    [earlierPages, messages],
  )

  return {
    connection,
    messages: shown,
    typing,
    streaming,
    error,
    catName,
    canLoadEarlier,
    loadingEarlier: earlier.isFetching,
    loadEarlier,
    send,
    stop,
    switchCat,
  }
}
