// /cat-assistant-b (docs/product.md §2, §4 "Chat variant B"): the interview as a chat with the specialist,
// behind a connection banner. Once connected: the opening algorithm (intro, resume finalizing, or the next
// turn), and after the last answer the finalizing (useChatBFinal), with its flags stored as the text 'true'.
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { CHAT_B_OPENING_WAIT_MS, EXPERT_NAME } from '../../../../shared/constants.ts'
import { interviewIntroMessages } from '../../../../shared/scripts.ts'
import {
  ChatError,
  ChatScreen,
  PREPARATION_TEXT,
  PreparingPanel,
  useSessionPreparation,
} from '../../features/chat/index.ts'
import { CatSwitcher } from '../../features/household/CatSwitcher.tsx'
import { useInterviewEngine } from '../../features/interview/index.ts'
import { wait } from '../../runtime-config.ts'
import { useChatBFinal } from './useChatBFinal.ts'

const INTRO = interviewIntroMessages(EXPERT_NAME)
const noMore = async () => {}

export function CatAssistantBPage() {
  const navigate = useNavigate()
  const preparation = useSessionPreparation()
  const connected = preparation === 'connected'
  const beforeIntro = useCallback((signal: AbortSignal) => wait(CHAT_B_OPENING_WAIT_MS, signal), [])
  const runFinal = useChatBFinal()
  const engine = useInterviewEngine({
    intro: INTRO,
    ready: connected,
    beforeIntro,
    runFinal,
    finalizedKey: 'hasFinalized',
    onDone: noMore,
  })

  return (
    <ChatScreen
      layout="card"
      titleId="chat-b-title"
      title={`Chat with ${EXPERT_NAME}`}
      status={
        <p className={`chat-banner chat-banner--${preparation}`} role="status">
          {PREPARATION_TEXT[preparation]}
        </p>
      }
      aside={<CatSwitcher onChosen={() => navigate('/cat-assistant')} />}
      messages={engine.messages}
      author={EXPERT_NAME}
      typing={engine.typing}
      before={!connected && <PreparingPanel state={preparation} />}
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
      composer={{
        onSend: engine.answer,
        inputDisabled: !connected || engine.done,
        sendDisabled: !engine.replyExpected || engine.busy,
        label: `Message ${EXPERT_NAME}`,
        placeholder: connected ? 'Type your answer…' : 'Connecting…',
      }}
    />
  )
}
