// The specialist chat (docs/product.md §4 "Chat room"): open the owner's conversation and cat, play the four
// welcome lines in an empty conversation (or reattach to a reply still being written), and send messages
// whose replies stream in as they are written, with Stop and Retry. The history lives on the server, so it
// survives a reload and another device. This hook composes the steps; each lives in its own file.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { wait } from '../../../runtime-config.ts'
import { hasValidToken, removeKey, writeText } from '../../../storage.ts'
import { isAbort } from '../script.ts'
import { CAT_CREATION_PATH, REDIRECT_DELAY_MS } from './connection.ts'
import { toUi } from './opening.ts'
import { useChatOpening } from './useChatOpening.ts'
import { useEarlierMessages } from './useEarlierMessages.ts'
import { useOpenEscalation } from './useOpenEscalation.ts'
import { useReplies } from './useReplies.ts'
import { useWelcome } from './useWelcome.ts'

export function useSpecialistChat() {
  const navigate = useNavigate()
  /** Bumped when the owner picks another cat: the chat opens again on it. */
  const [catChoice, setCatChoice] = useState(0)
  const switchCat = useCallback(() => setCatChoice((n) => n + 1), [])
  const { connection, opened, cat, failure } = useChatOpening(catChoice)
  const replies = useReplies({ conversationId: opened?.conversationId ?? null, catId: cat?.id ?? null })
  const { reset, reattach, abort, append, setTyping } = replies
  const playWelcome = useWelcome()
  const earlier = useEarlierMessages(opened, replies.messages, replies.fail)
  /** The cat's name stays while the chat opens again (on another cat, or a retry). */
  const catName = useRef('')
  if (cat) catName.current = cat.name
  const replyCount = replies.messages.filter((m) => m.role === 'assistant').length
  const escalation = useOpenEscalation(cat?.id ?? null, replyCount, replies.typing || replies.streaming)

  // biome-ignore lint/correctness/useExhaustiveDependencies: every opening (another cat too) checks the session first
  useEffect(() => {
    if (!hasValidToken()) navigate('/login', { replace: true })
  }, [navigate, catChoice])

  // The opened conversation on screen.
  useEffect(() => {
    if (!opened) return
    writeText('conversationId', String(opened.conversationId))
    reset(opened.messages.map(toUi))
  }, [opened, reset])

  // With the cat known: to cat creation without one, else the reply still being written, or the welcome.
  useEffect(() => {
    if (!opened || cat === undefined) return
    const controller = new AbortController()
    const { signal } = controller
    const go = async () => {
      if (!cat) {
        removeKey('catId')
        await wait(REDIRECT_DELAY_MS, signal)
        navigate(CAT_CREATION_PATH, { replace: true })
        return
      }
      writeText('catId', String(cat.id))
      if (opened.activeReplyId) return reattach(opened.conversationId, opened.activeReplyId)
      if (opened.messages.length > 0) return
      await playWelcome(opened.conversationId, cat.name, { append, setTyping }, signal)
    }
    go().catch((stopped: unknown) => {
      if (!isAbort(stopped, signal)) console.error('Could not open the chat', stopped)
    })
    return () => {
      controller.abort()
      abort()
    }
  }, [opened, cat, navigate, reattach, playWelcome, append, setTyping, abort])

  return {
    connection,
    messages: earlier.messages,
    typing: replies.typing,
    streaming: replies.streaming,
    // An opening's failure; a reply's only while connected (opening again clears it).
    error: failure ?? (connection === 'connected' ? replies.error : null),
    catName: catName.current,
    /** The cat the chat is about (null while it opens). */
    catId: cat?.id ?? null,
    /** The cat's open escalation: its banner stays while it is open. */
    escalation,
    canLoadEarlier: earlier.canLoadEarlier,
    loadingEarlier: earlier.loadingEarlier,
    loadEarlier: earlier.loadEarlier,
    send: replies.send,
    stop: replies.stop,
    switchCat,
  }
}
