// /onboarding without a step (SPEC §4 "Onboarding chat"): the receptionist's six scripted lines with
// their delays, then the interview. A stored subscription goes to /paywall and a stored cat to
// /cat-assistant instead; a reply starting with a yes-word goes to the interview at once.
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { RECEPTIONIST_NAME } from '../../../../shared/constants.ts'
import { isYesReply } from '../../../../shared/rules/interview-flow.ts'
import {
  ONBOARDING_AUTO_ADVANCE_MS,
  ONBOARDING_MESSAGES,
  ONBOARDING_NUDGE,
} from '../../../../shared/scripts.ts'
import { Composer } from '../../components/chat/Composer.tsx'
import { MessageList } from '../../components/chat/MessageList.tsx'
import { isAbort, playScript } from '../../components/chat/script.ts'
import { message, type UiMessage } from '../../components/chat/types.ts'
import { wait } from '../../runtime-config.ts'
import { hasSubscription, hasUsableCatId } from '../../storage.ts'

/** Where a returning visitor belongs instead of the welcome script, or null to play it. */
function redirectTarget(): string | null {
  if (hasSubscription()) return '/paywall'
  if (hasUsableCatId()) return '/cat-assistant'
  return null
}

export function ReceptionistChat() {
  const navigate = useNavigate()
  const [messages, setMessages] = useState<UiMessage[]>([])
  const [typing, setTyping] = useState(false)
  const [text, setText] = useState('')
  const leaving = useRef(false)

  useEffect(() => {
    const target = redirectTarget()
    if (target) {
      navigate(target, { replace: true })
      return
    }
    const controller = new AbortController()
    const { signal } = controller
    const run = async () => {
      await playScript(
        ONBOARDING_MESSAGES,
        0,
        { setTyping, show: (line) => setMessages((list) => [...list, message('assistant', line)]) },
        signal,
      )
      await wait(ONBOARDING_AUTO_ADVANCE_MS, signal)
      if (!leaving.current) navigate('/interview')
    }
    run().catch((error: unknown) => {
      if (!isAbort(error, signal)) console.error('Onboarding chat stopped', error)
    })
    return () => controller.abort()
  }, [navigate])

  const send = (reply: string) => {
    setMessages((list) => [...list, message('user', reply)])
    setText('')
    if (isYesReply(reply)) {
      leaving.current = true
      navigate('/interview')
      return
    }
    setMessages((list) => [...list, message('assistant', ONBOARDING_NUDGE)])
  }

  return (
    <section className="chat chat--card" aria-labelledby="onboarding-title">
      <header className="chat__header">
        <h1 id="onboarding-title" className="chat__title">
          Welcome to Kitty Care
        </h1>
        <p className="chat__status">{RECEPTIONIST_NAME}, receptionist</p>
      </header>
      <MessageList messages={messages} author={RECEPTIONIST_NAME} typing={typing} />
      <Composer
        value={text}
        onChange={setText}
        onSend={send}
        label={`Reply to ${RECEPTIONIST_NAME}`}
        placeholder="Type yes when you're ready…"
      />
    </section>
  )
}
