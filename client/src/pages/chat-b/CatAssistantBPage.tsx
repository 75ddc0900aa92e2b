// /cat-assistant-b (SPEC §2, §4 "Chat variant B"): the interview as a chat with the specialist, behind a
// connection banner. Once connected: the opening algorithm (intro, resume finalizing, or the next turn),
// and after the last answer the finalizing (the 'creating profile' lines, the profile submitted with the
// session id, the 'profile created' lines once), with its flags stored as the text 'true'.
import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { CHAT_B_OPENING_WAIT_MS, EXPERT_NAME, PREP_DELAY_MS } from '../../../../shared/constants.ts'
import {
  creatingProfileMessages,
  interviewIntroMessages,
  profileCreatedMessages,
} from '../../../../shared/scripts.ts'
import { AiDisclosure } from '../../components/chat/AiDisclosure.tsx'
import { Composer } from '../../components/chat/Composer.tsx'
import { MessageList } from '../../components/chat/MessageList.tsx'
import { isAbort } from '../../components/chat/script.ts'
import { CatSwitcher } from '../../features/household/CatSwitcher.tsx'
import { type FinalStepTools, submitProfile, useInterviewEngine } from '../../features/interview/index.ts'
import { useGlobalLoading } from '../../loading.tsx'
import { wait } from '../../runtime-config.ts'
import { hasUsableCatId, readText, writeFlag } from '../../storage.ts'
import { trpc } from '../../trpc.ts'
import { ChatError } from '../chat/ChatError.tsx'

type Banner = 'connecting' | 'preparing' | 'connected'

const BANNER_TEXT: Record<Banner, string> = {
  connecting: 'Connecting with Assistant',
  preparing: 'Preparing Session',
  connected: `Connected to ${EXPERT_NAME}`,
}

const INTRO = interviewIntroMessages(EXPERT_NAME)

export function CatAssistantBPage() {
  const navigate = useNavigate()
  const { setLoading } = useGlobalLoading()
  const client = trpc.useUtils().client
  const [banner, setBanner] = useState<Banner>('connecting')
  const [text, setText] = useState('')

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const connect = async () => {
      // The connection is made at once; preparing the session takes the fixed delay (SPEC §9: 7000 ms).
      await wait(0, signal)
      setBanner('preparing')
      await wait(PREP_DELAY_MS, signal)
      writeFlag('hasInitialized', true)
      setBanner('connected')
    }
    connect().catch((error: unknown) => {
      if (!isAbort(error, signal)) console.error('Chat B could not connect', error)
    })
    return () => controller.abort()
  }, [])

  const beforeIntro = useCallback((signal: AbortSignal) => wait(CHAT_B_OPENING_WAIT_MS, signal), [])

  /** SPEC §4 Finalizing, steps 1 to 5 (step 1, marking the final lines started, is the engine's). */
  const runFinal = useCallback(
    async ({ play, stored, dispatch, sync }: FinalStepTools) => {
      const name = readText('cat_name')
      if (!hasUsableCatId()) {
        await play(creatingProfileMessages(name))
        setLoading(true)
        try {
          await submitProfile(client)
        } finally {
          setLoading(false)
        }
        // The message index restarts at 0 between the two phases.
        dispatch({ type: 'final-index-reset' })
      }
      if (!stored().messageSent) {
        await play(profileCreatedMessages(name))
        dispatch({ type: 'profile-message-sent' })
      }
      dispatch({ type: 'completed', finalized: true })
      await sync()
    },
    [setLoading, client],
  )

  const onDone = useCallback(async () => {}, [])

  const engine = useInterviewEngine({
    intro: INTRO,
    ready: banner === 'connected',
    beforeIntro,
    runFinal,
    finalizedKey: 'hasFinalized',
    onDone,
  })
  const connected = banner === 'connected'

  const send = (answer: string) => {
    engine.answer(answer)
    setText('')
  }

  return (
    <section className="chat chat--card" aria-labelledby="chat-b-title">
      <header className="chat__header">
        <h1 id="chat-b-title" className="chat__title">
          Chat with {EXPERT_NAME}
        </h1>
        <p className={`chat-banner chat-banner--${banner}`} role="status">
          {BANNER_TEXT[banner]}
        </p>
        <AiDisclosure />
        <CatSwitcher onChosen={() => navigate('/cat-assistant')} />
      </header>
      <MessageList
        messages={engine.messages}
        author={EXPERT_NAME}
        typing={engine.typing}
        before={!connected && <PreparingPanel banner={banner} />}
        after={
          <>
            {engine.error && <ChatError message={engine.error} onRetry={engine.retry} />}
            {engine.done && (
              <div className="chat__next">
                <button type="button" className="btn btn--primary" onClick={() => navigate('/cat-assistant')}>
                  Continue to chat with {EXPERT_NAME}
                </button>
              </div>
            )}
          </>
        }
      />
      <Composer
        value={text}
        onChange={setText}
        onSend={send}
        inputDisabled={!connected || engine.done}
        sendDisabled={!engine.replyExpected || engine.busy}
        label={`Message ${EXPERT_NAME}`}
        placeholder={connected ? 'Type your answer…' : 'Connecting…'}
      />
    </section>
  )
}

/**
 * Issue 14: the 7 s of preparation (SPEC §9) show what is happening instead of an empty panel; the
 * banner keeps SPEC's labels, the bar shows how much of the wait is left.
 */
function PreparingPanel({ banner }: { banner: Banner }) {
  return (
    <div className="chat-preparing">
      <p className="chat-preparing__text">
        {banner === 'connecting'
          ? `Connecting you with ${EXPERT_NAME}…`
          : `${EXPERT_NAME} is reading your cat's profile and getting the session ready. This takes a few seconds.`}
      </p>
      {banner === 'preparing' && (
        <div className="chat-preparing__bar" aria-hidden="true">
          <span style={{ animationDuration: `${PREP_DELAY_MS}ms` }} />
        </div>
      )}
    </div>
  )
}
