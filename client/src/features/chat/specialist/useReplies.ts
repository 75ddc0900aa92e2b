// The conversation on screen and its replies (docs/product.md §4, §8): a message sent streams its reply
// under it once the typing indicator has shown its minimum, Stop asks the server to end the reply, a
// failed send offers Retry, and a reply the server is still writing when the chat opens is shown as it
// goes on. Both kinds of reply are read by `read`, the one reading of a reply stream.
import { useCallback, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { DEFAULT_ERRORS, ERRORS } from '../../../../../shared/errors.ts'
import { message, newMessageId, type UiMessage } from '../../../chat-message.ts'
import { wait } from '../../../runtime-config.ts'
import { removeKey } from '../../../storage.ts'
import { errorCode, errorMessage, trpc } from '../../../trpc.ts'
import { isAbort } from '../script.ts'
import { MIN_TYPING_MS } from './connection.ts'
import { type ReplyRequest, useReplyStream } from './reply-stream.ts'

export interface ChatFailure {
  text: string
  retry: (() => void) | null
}

/** How a reading ended: complete (or stopped by the server after Stop), aborted here, or failed. */
type ReadEnd = { ended: 'complete' | 'aborted' } | { ended: 'failed'; failure: unknown }

/**
 * What a failed send shows (docs/product.md §8: the error's message or 'Failed to send message'), and whether
 * the same message may be sent again: a photo that is gone stays gone.
 */
export function sendFailure(error: unknown): { text: string; retryable: boolean } {
  const text = sendFailureText(error)
  return { text, retryable: errorCode(error) !== 'ATTACHMENT_NOT_FOUND' }
}

function sendFailureText(error: unknown): string {
  switch (errorCode(error)) {
    case 'SERVICE_UNAVAILABLE':
    case 'ASSISTANT_UNAVAILABLE':
      return ERRORS.assistantUnavailable
    case 'NOT_FOUND':
    case 'CAT_NOT_FOUND':
    case 'CONVERSATION_NOT_FOUND':
      return ERRORS.noConversationFound
    case 'ATTACHMENT_NOT_FOUND':
      return ERRORS.attachmentGone
    default:
      return errorMessage(error, DEFAULT_ERRORS.sendMessage)
  }
}

/** `target`: the conversation and cat the chat is about, once known. */
export function useReplies(target: { conversationId: number | null; catId: number | null }) {
  const navigate = useNavigate()
  const readStream = useReplyStream()
  const { mutate: askToStop } = trpc.conversation.stop.useMutation()
  const [messages, setMessages] = useState<UiMessage[]>([])
  const [typing, setTyping] = useState(false)
  const [streaming, setStreaming] = useState(false)
  const [error, setError] = useState<ChatFailure | null>(null)
  const where = useRef(target)
  where.current = target
  /** The reply being read; `stopAsked`: its stream ends when the server has saved it. */
  const reading = useRef<{ controller: AbortController; stopAsked: boolean } | null>(null)

  const patch = useCallback((id: string, change: Partial<UiMessage>) => {
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change } : m)))
  }, [])
  const append = useCallback((line: UiMessage) => setMessages((list) => [...list, line]), [])

  const read = useCallback(
    async (
      request: ReplyRequest,
      replyId: string,
      controller: AbortController,
      onText: (text: string) => void | Promise<void>,
    ): Promise<ReadEnd> => {
      const current = { controller, stopAsked: false }
      reading.current = current
      setStreaming(true)
      try {
        const end = await readStream(request, controller.signal, onText)
        // After Stop the stream ends once the server has saved what was written: the screen shows it.
        const status = current.stopAsked ? ('stopped' as const) : undefined
        const firstAid = end?.first_aid ? { firstAid: end.first_aid } : {}
        patch(replyId, { status, urgency: end?.urgency, ...firstAid, timestamp: new Date().toISOString() })
        return { ended: 'complete' }
      } catch (failure) {
        return isAbort(failure, controller.signal) ? { ended: 'aborted' } : { ended: 'failed', failure }
      } finally {
        if (reading.current === current) reading.current = null
        setStreaming(false)
      }
    },
    [readStream, patch],
  )

  /** Shows a reply the server is still writing (what is written, then the rest as it comes). */
  const reattach = useCallback(
    async (conversationId: number, replyId: string) => {
      append({ id: replyId, role: 'assistant', content: '', status: 'streaming' })
      let received = ''
      const end = await read(
        { resume: { conversationId, replyId } },
        replyId,
        new AbortController(),
        (text) => {
          received = text
          patch(replyId, { content: text })
        },
      )
      if (end.ended !== 'failed') return
      console.warn('Could not reattach to the reply being written', end.failure)
      // The reply is stored when it ends; what was shown stays, marked as not complete.
      if (received === '') setMessages((list) => list.filter((m) => m.id !== replyId))
      else patch(replyId, { status: 'stopped' })
    },
    [append, patch, read],
  )

  /** Sends `userMessage` (already in the list) and streams the reply under it. */
  const deliver = useCallback(
    async (userMessage: UiMessage) => {
      const { conversationId, catId } = where.current
      if (!catId) return setError({ text: ERRORS.noCatFound, retry: null })
      if (!conversationId) return setError({ text: ERRORS.noConversationFound, retry: null })
      const controller = new AbortController()
      const replyId = newMessageId()
      setError(null)
      setTyping(true)
      const typingShown = wait(MIN_TYPING_MS, controller.signal)
      // Stop before the first piece rejects it unread; the send itself reports the abort.
      typingShown.catch(() => {})
      let shown = false
      const request = {
        send: {
          conversationId,
          catId,
          content: userMessage.content,
          clientId: userMessage.id,
          replyClientId: replyId,
          ...(userMessage.attachmentIds ? { attachment_ids: userMessage.attachmentIds } : {}),
        },
      }
      // The reply is read as soon as it comes and only its display waits for the typing indicator: tRPC's
      // stream reader cannot be opened once a short reply has already ended (TypeError
      // getReaderResource), which waiting before reading caused.
      const end = await read(request, replyId, controller, async (content) => {
        if (shown) return patch(replyId, { content })
        await typingShown
        shown = true
        setTyping(false)
        append({ id: replyId, role: 'assistant', content, status: 'streaming' })
      })
      setTyping(false)
      // Stop: the server keeps what was written so far; so does the screen.
      if (end.ended === 'aborted') patch(replyId, { status: 'stopped' })
      if (end.ended !== 'failed') return
      if (errorCode(end.failure) === 'SUBSCRIPTION_REQUIRED') {
        // The server says this owner may not chat: the stored subscription is stale.
        removeKey('subscriptionId')
        navigate('/paywall', { replace: true })
        return
      }
      console.error('Chat send failed', end.failure)
      // Nothing of a failed reply is saved on the server: drop it here too, and offer to resend.
      setMessages((list) =>
        list
          .filter((m) => m.id !== replyId)
          .map((m) => (m.id === userMessage.id ? { ...m, status: 'failed' } : m)),
      )
      const failure = sendFailure(end.failure)
      setError({
        text: failure.text,
        retry: failure.retryable
          ? () => {
              patch(userMessage.id, { status: undefined })
              void deliver({ ...userMessage, status: undefined })
            }
          : null,
      })
    },
    [append, navigate, patch, read],
  )

  const send = useCallback(
    (text: string, attachmentIds: number[] = []) => {
      const content = text.trim()
      if (!content) return
      const userMessage = message('user', content)
      if (attachmentIds.length > 0) userMessage.attachmentIds = attachmentIds
      if (where.current.catId) userMessage.catId = where.current.catId
      append(userMessage)
      void deliver(userMessage)
    },
    [append, deliver],
  )

  /**
   * Stop: the reply is written on the server apart from this page, so Stop asks the server
   * (whichever instance writes it); the stream then ends with what was saved. Should that call fail,
   * the page stops reading at least.
   */
  const stop = useCallback(() => {
    const current = reading.current
    const { conversationId } = where.current
    if (!current || !conversationId) return
    current.stopAsked = true
    askToStop({ conversationId }, { onError: () => current.controller.abort() })
  }, [askToStop])

  /** The opened conversation's messages replace what is shown (another cat, a retried opening). */
  const reset = useCallback((list: UiMessage[]) => {
    setMessages(list)
    setError(null)
  }, [])
  /** Leaving (or opening again): the reply being read is no longer read. */
  const abort = useCallback(() => reading.current?.controller.abort(), [])
  const fail = useCallback((text: string) => setError({ text, retry: null }), [])

  return { messages, typing, streaming, error, send, stop, reattach, reset, abort, fail, append, setTyping }
}
