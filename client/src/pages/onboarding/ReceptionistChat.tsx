// /onboarding without a step (docs/product.md §4 "Onboarding chat"): the receptionist's six scripted lines
// with their delays, then the interview. A stored subscription goes to /paywall and a stored cat to
// /cat-assistant instead; a reply starting with a yes-word goes to the interview at once, and 'Skip intro'
// goes straight to the interview's first question (the owner's time). The interview continues this
// conversation: what was said here becomes its first messages.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { RECEPTIONIST_NAME } from '../../../../shared/constants.ts'
import { isYesReply } from '../../../../shared/rules/interview-flow.ts'
import {
  ONBOARDING_AUTO_ADVANCE_MS,
  ONBOARDING_MESSAGES,
  ONBOARDING_NUDGE,
} from '../../../../shared/scripts.ts'
import { ChatScreen, isAbort, message, playScript, type UiMessage } from '../../features/chat/index.ts'
import { handOverOnboarding } from '../../features/interview/index.ts'
import { wait } from '../../runtime-config.ts'
import { hasSubscription, hasUsableCatId } from '../../storage.ts'
import { trpc } from '../../trpc.ts'

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
  const leaving = useRef(false)
  const triage = trpc.interview.check.useMutation()
  const said = useRef<UiMessage[]>([])
  said.current = messages

  /** To the interview, handing it this conversation; `skipIntro` shows its intro at once. */
  const toInterview = useCallback(
    (skipIntro: boolean, extra: UiMessage[] = []) => {
      if (leaving.current) return
      leaving.current = true
      handOverOnboarding([...said.current, ...extra])
      navigate('/interview', skipIntro ? { state: { skipIntro: true } } : undefined)
    },
    [navigate],
  )

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
      toInterview(false)
    }
    run().catch((error: unknown) => {
      if (!isAbort(error, signal)) console.error('Onboarding chat stopped', error)
    })
    return () => controller.abort()
  }, [navigate, toInterview])

  const send = (reply: string) => {
    const mine = message('user', reply)
    if (isYesReply(reply)) {
      // Shown here too: the page stays on screen until the interview's chunk has loaded.
      setMessages((list) => [...list, mine])
      toInterview(false, [mine])
      return
    }
    setMessages((list) => [...list, mine])
    // Not yet a yes, but perhaps a worry: the product's triage reads every owner message, and
    // an urgent sign is answered with its escalation before the script's nudge. No check, no escalation:
    // the nudge still comes.
    triage.mutate(
      { messages: [{ role: 'user', content: reply }], field: 'none' },
      {
        onSettled: (result) => {
          const escalation = result?.escalation ? [message('assistant', result.escalation)] : []
          setMessages((list) => [...list, ...escalation, message('assistant', ONBOARDING_NUDGE)])
        },
      },
    )
  }

  return (
    <ChatScreen
      layout="card"
      titleId="onboarding-title"
      title="Welcome to Kitty Care"
      status={<p className="chat__status">{RECEPTIONIST_NAME}, receptionist</p>}
      actions={
        <button type="button" className="btn btn--secondary chat__skip" onClick={() => toInterview(true)}>
          Skip intro
        </button>
      }
      reception
      messages={messages}
      author={RECEPTIONIST_NAME}
      typing={typing}
      composer={{
        onSend: send,
        label: `Reply to ${RECEPTIONIST_NAME}`,
        placeholder: "Type yes when you're ready…",
      }}
    />
  )
}
